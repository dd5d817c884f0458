// Contracts between schemas and the walkers in normalize/ (which implement the delegates).

/** Time stamps of one normalized write (entity or result): when its fetch started (orders
 * out-of-order responses), when it arrived, and when it becomes stale. */
export interface WriteMeta {
  readonly fetchedAt: number;
  readonly date: number;
  readonly expiresAt: number;
}

/** Location of one entity (or collection) in the tables. */
export interface EntityPath {
  key: string;
  pk: string;
}

/** `indexes[entityKey][indexName][value] = pk` */
export interface Indexes {
  readonly [entityKey: string]: {
    readonly [indexName: string]: { readonly [lookup: string]: string };
  };
}

export interface EntityTables {
  readonly [entityKey: string]: { readonly [pk: string]: unknown } | undefined;
}

export type EntitiesMeta = {
  readonly [entityKey: string]: { readonly [pk: string]: WriteMeta } | undefined;
};

/** What normalize() reads from and returns to the store. */
export interface StoreData {
  entities: EntityTables;
  indexes: Indexes;
  entitiesMeta: EntitiesMeta;
}

/** The field a value sits under in its parent (`undefined` for the top-level value). */
export type FieldKey = string | undefined;

/** Merge lifecycle of anything stored in the tables (entities and collections). */
export interface Mergeable {
  readonly key: string;
  indexes?: readonly string[];
  merge(existing: unknown, incoming: unknown): unknown;
  mergeWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): unknown;
  mergeMetaWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): WriteMeta;
}

/** Helpers given to `schema.normalize()`. */
export interface INormalizeDelegate {
  /** Normalizes a nested value with its schema. */
  visit(schema: unknown, value: unknown, parent: unknown, key: FieldKey): unknown;
  readonly args: readonly unknown[];
  readonly meta: WriteMeta;
  /** The table of one entity key, as currently being built. */
  getEntities(key: string): { readonly [pk: string]: unknown } | undefined;
  getEntity(key: string, pk: string): unknown;
  getMeta(key: string, pk: string): WriteMeta | undefined;
  /** Stores an entity, merging with any stored or earlier-in-this-response copy. */
  mergeEntity(schema: Mergeable, pk: string, incoming: unknown): void;
  /** Stores a value as is (no merge). */
  setEntity(schema: Mergeable, pk: string, entity: unknown): void;
  /** Marks an entity INVALID. */
  invalidate(schema: { key: string }, pk: string): void;
  /** True when this input object is already being normalized higher up (a cycle in the input). */
  checkLoop(key: string, pk: string, input: object): boolean;
  /** Ends the loop check begun by a `checkLoop` that returned false. */
  leaveLoop(input: object): void;
}

/** Helpers given to `schema.denormalize()`. */
export interface IDenormalizeDelegate {
  unvisit(schema: unknown, input: unknown): unknown;
  readonly args: readonly unknown[];
  /**
   * Finishes every entity the walk placed but has not filled yet (very deep chains are filled
   * from a queue). Call it before reading deep into a value `unvisit` just returned.
   */
  complete?(): void;
}

/** Read access used to turn query arguments into a normalized result (queryKey). */
export interface IQueryDelegate {
  getEntity(key: string, pk: string): unknown;
  getEntities(key: string): { readonly [pk: string]: unknown } | undefined;
  getIndex(key: string, index: string, value: string): string | undefined;
  /** Denormalizes a value as the walker would (used by queries that post-process). */
  queryKey(schema: unknown, args: readonly unknown[]): unknown;
}

/** A schema object or class that drives its own normalize/denormalize. */
export interface SchemaSimple<T = unknown> {
  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown;
  denormalize(input: unknown, delegate: IDenormalizeDelegate): T;
  queryKey(args: readonly unknown[], delegate: IQueryDelegate): unknown;
}

/**
 * Something stored in the tables under `key`/`pk` (Entity classes, Collections). The walker
 * creates its container first and fills it after, so cycles resolve to the same object.
 */
export interface EntityLike extends Mergeable, Pick<SchemaSimple, 'normalize' | 'queryKey'> {
  readonly key: string;
  pk(
    value: unknown,
    parent: unknown,
    key: FieldKey,
    args: readonly unknown[],
  ): string | number | undefined;
  /** Empty denormalized container for a stored value (registered before its fields are filled). */
  createInstance(stored: unknown): object;
  /** Fills the container; returns it, or INVALID when the whole entity is unusable. */
  denormalizeInto(instance: object, stored: unknown, delegate: IDenormalizeDelegate): unknown;
}

/** A function turning a stored value into a rich one (e.g. `Date`). */
export type Serializable<T = unknown> = (value: never) => T;

export type Schema =
  | null
  | undefined
  | string
  | SchemaSimple
  | EntityLike
  | Serializable
  | readonly Schema[]
  | { [key: string]: Schema };

export function isEntityLike(schema: unknown): schema is EntityLike {
  return (
    schema !== null &&
    (typeof schema === 'function' || typeof schema === 'object') &&
    typeof (schema as Partial<EntityLike>).createInstance === 'function' &&
    typeof (schema as Partial<EntityLike>).denormalizeInto === 'function'
  );
}
