import { deriveEndpoint, type RemoveCursor } from '../rest/collectionEndpoints';
import type { RestEndpoint } from '../rest/RestEndpoint';
import { type ArraySchema, ListSchema } from './ArraySchema';
import { CollectionUpdate, type MergeMembers } from './CollectionUpdate';
import { serializeCollectionKey } from './collectionKey';
import { describeSchema } from './describeSchema';
import { message } from './development';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
  WriteMeta,
} from './interface';
import { isOlderResponse } from './responseOrder';
import { isUnion, isValues } from './schemaKinds';
import type { Values } from './ValuesSchema';

/** Filter deciding whether a stored collection (by its canonical args) takes an entity. */
export type CollectionFilter = (collectionKey: Record<string, string>) => boolean;

// The functions are declared as methods: a Collection typed for its own Args or Parent is then
// still a `Collection` (method parameters are bivariant), which collection-generic code takes.
export interface CollectionOptions<Args extends unknown[] = unknown[], Parent = unknown> {
  /** Arguments identifying the collection (default: the first argument, the URL params). */
  argsKey?(...args: Args): Record<string, unknown> | undefined;
  /** For a collection nested in an entity: identity from the parent (e.g. `{ userId: parent.id }`). */
  nestKey?(parent: Parent, key: string): Record<string, unknown>;
  /** Builds the filter that picks which stored collections an added/removed entity belongs to. */
  createCollectionFilter?(...args: Args): CollectionFilter;
  /** Argument keys that identify a collection but never exclude an entity (e.g. ordering). */
  nonFilterArgumentKeys?: ((key: string) => boolean) | readonly string[] | RegExp;
}

type ListDefinition = readonly [unknown] | ArraySchema | Values;

function toInnerSchema(definition: ListDefinition): ArraySchema | Values {
  if (definition instanceof ListSchema || isValues(definition)) return definition;
  if (Array.isArray(definition) && definition.length === 1) return new ListSchema(definition[0]);
  throw new TypeError(
    message(
      `TSR12 ${describeSchema(definition)}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `Collection expects [Entity], schema.Array or Values; got ${describeSchema(definition)}`,
    ),
  );
}

function toKeyPredicate(
  option: CollectionOptions['nonFilterArgumentKeys'],
): (key: string) => boolean {
  if (option === undefined) return () => false;
  if (typeof option === 'function') return option;
  if (option instanceof RegExp) return (key) => option.test(key);
  const keys = new Set(option);
  return (key) => keys.has(key);
}

/**
 * A list (or Values map) stored once per set of arguments, so every endpoint that returns the
 * same list shares one copy. `push`, `unshift`, `assign`, `remove`, `move` and `addWith()` are
 * schemas that update every stored collection whose arguments match the entity (see
 * `createCollectionFilter`); `remove` and `move` work on lists and Values alike.
 */
export class Collection<
  S extends ListDefinition = ListDefinition,
  Args extends unknown[] = unknown[],
  Parent = unknown,
> {
  /** The list schema inside (`[E]` becomes `schema.Array(E)`). */
  readonly schema: ArraySchema | Values;
  /** Table name of every collection over this member schema. */
  readonly key: string;
  readonly push: CollectionUpdate<this, 'push'>;
  readonly unshift: CollectionUpdate<this, 'unshift'>;
  readonly assign: CollectionUpdate<this, 'assign'>;
  readonly remove: CollectionUpdate<this, 'remove'>;
  /** Writable, as data-client's: a subclass may set `this.move = this.moveWith(unshift)`. */
  move: CollectionUpdate<this, 'move'>;
  declare readonly definition: S;
  protected readonly options: CollectionOptions<Args, Parent>;
  private readonly isNonFilterKey: (key: string) => boolean;

  constructor(definition: S, options: CollectionOptions<Args, Parent> = {}) {
    this.schema = toInnerSchema(definition);
    this.options = options;
    const inner = this.schema;
    const choices = inner.isSingleSchema
      ? isUnion(inner.schema)
        ? inner.schema.schema
        : undefined
      : inner.schema;
    const members =
      choices === undefined
        ? describeSchema(inner.schema)
        : Object.keys(choices as object)
            .map((choice) => describeSchema((choices as Record<string, unknown>)[choice]))
            .join(',');
    this.key = `COLLECT:${isValues(inner) ? 'Values' : 'ArraySchema'}(${members})`;
    this.isNonFilterKey = toKeyPredicate(options.nonFilterArgumentKeys);
    this.push = new CollectionUpdate(this, 'push');
    this.unshift = new CollectionUpdate(this, 'unshift');
    this.assign = new CollectionUpdate(this, 'assign');
    this.remove = new CollectionUpdate(this, 'remove');
    this.move = new CollectionUpdate(this, 'move');
  }

  /** True for a Values-backed collection (`assign`), false for a list (`push`/`unshift`). */
  get isValues(): boolean {
    return isValues(this.schema);
  }

  /** Arguments identifying the collection a fetch with `args` stores. */
  argsKey(...args: Args): Record<string, unknown> | undefined {
    if (this.options.argsKey) return this.options.argsKey(...args);
    const params = args[0];
    return params !== null && typeof params === 'object'
      ? (params as Record<string, unknown>)
      : undefined;
  }

  /** Canonical key of a stored collection. */
  pk(_value: unknown, parent: unknown, key: FieldKey, args: readonly unknown[]): string {
    if (this.options.nestKey && parent !== undefined && parent !== null) {
      return serializeCollectionKey(this.options.nestKey(parent as Parent, key ?? ''));
    }
    return serializeCollectionKey(this.argsKey(...(args as Args)));
  }

  /**
   * True when `key` must be ignored by the default filter (the `nonFilterArgumentKeys` option);
   * a subclass may override it instead of passing the option.
   */
  nonFilterArgumentKeys(key: string): boolean {
    return this.isNonFilterKey(key);
  }

  /**
   * Filter for an entity being added/removed. Default: every (filtering) argument of the
   * collection equals, as a string, the same key of the URL params or of the entity/body.
   */
  createCollectionFilter(...args: Args): CollectionFilter {
    if (this.options.createCollectionFilter) return this.options.createCollectionFilter(...args);
    const params = args[0];
    const body = args[1];
    return (collectionKey) => {
      for (const key in collectionKey) {
        if (this.nonFilterArgumentKeys(key)) continue;
        const expected = collectionKey[key];
        if (matchesArg(params, key, expected) || matchesArg(body, key, expected)) continue;
        return false;
      }
      return true;
    };
  }

  /** A schema appending a page's items to the collection identified by `removeCursor(...args)`. */
  paginate<P extends unknown[]>(
    removeCursor: (...args: P) => readonly unknown[],
  ): CollectionUpdate<this, 'paginate'> {
    return new CollectionUpdate(this, 'paginate', {
      // called with the page fetch's own args, which P names
      removeCursor: removeCursor as (...args: readonly unknown[]) => readonly unknown[],
    });
  }

  /**
   * The endpoint `accessor` (`push`..., a page with `cursor`) of `source`, whose schema holds this
   * Collection (docs/reference/collections.md#derived-endpoints). RestEndpoint asks its
   * Collection, so that endpoints without one do not carry this code.
   */
  deriveEndpoint(
    source: RestEndpoint,
    accessor: string,
    cursor?: string | RemoveCursor,
  ): RestEndpoint {
    return deriveEndpoint(this, source, accessor, cursor);
  }

  /**
   * A schema adding entities the way `merge(existing, incoming)` says (what push and unshift do
   * with their own merge), e.g. sorted or de-duplicated. `existing` is a stored collection's
   * normalized list (or Values map), `incoming` the new members in the same form; it returns the
   * new stored value. `createCollectionFilter(...args)` picks the stored collections that take
   * them (default: this collection's filter, as for push).
   */
  addWith<P extends unknown[] = Args>(
    merge: MergeMembers,
    createCollectionFilter?: (...args: P) => CollectionFilter,
  ): CollectionUpdate<this, 'addWith'> {
    return new CollectionUpdate(this, 'addWith', {
      merge,
      // called with the add call's own args, which P names
      createCollectionFilter: createCollectionFilter as
        | ((...args: readonly unknown[]) => CollectionFilter)
        | undefined,
    });
  }

  /**
   * A `move` whose entities join the collections they now match the way `merge(existing,
   * incoming)` says (data-client's `moveWith`), e.g. `moveWith(unshift)` puts them first instead
   * of last; they leave the others as `move`'s do. `incoming` holds the one member joining, in
   * the stored form (a list, or a Values map by key).
   */
  moveWith(merge: MergeMembers): CollectionUpdate<this, 'move'> {
    return new CollectionUpdate(this, 'move', { merge });
  }

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): string {
    const pk = this.pk(input, parent, key, delegate.args);
    const normalized = this.schema.normalize(input, parent, key, delegate);
    delegate.mergeEntity(this, pk, normalized);
    return pk;
  }

  /** A fetched list replaces the stored one. */
  merge(_existing: unknown, incoming: unknown): unknown {
    return incoming;
  }

  shouldReorder(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    _existing: unknown,
    _incoming: unknown,
  ): boolean {
    return isOlderResponse(existingMeta, incomingMeta);
  }

  mergeWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): unknown {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? existing
      : this.merge(existing, incoming);
  }

  mergeMetaWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): WriteMeta {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? existingMeta
      : incomingMeta;
  }

  createInstance(_stored: unknown): unknown[] | Record<string, unknown> {
    return this.schema.createContainer();
  }

  denormalizeInto(
    instance: unknown[] | Record<string, unknown>,
    stored: unknown,
    delegate: IDenormalizeDelegate,
  ): unknown {
    // the instance is the container createInstance made from this same inner schema
    return (
      this.schema as { denormalizeInto(out: typeof instance, ...rest: unknown[]): unknown }
    ).denormalizeInto(instance, stored, delegate);
  }

  denormalize(stored: unknown, delegate: IDenormalizeDelegate): unknown {
    return this.denormalizeInto(this.createInstance(stored), stored, delegate);
  }

  /** The stored collection for these args, if any. */
  queryKey(args: readonly unknown[], delegate: IQueryDelegate): string | undefined {
    const pk = this.pk(undefined, undefined, undefined, args);
    return delegate.getEntity(this.key, pk) !== undefined ? pk : undefined;
  }

  toJSON(): { name: string; key: string; schema: unknown } {
    return { name: 'Collection', key: this.key, schema: this.schema };
  }
}

function matchesArg(source: unknown, key: string, expected: string): boolean {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return false;
  if (!Object.hasOwn(source, key)) return false;
  const value = (source as Record<string, unknown>)[key];
  if (value === undefined) return false;
  return (
    (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)) ===
    expected
  );
}
