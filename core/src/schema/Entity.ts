// biome-ignore-all lint/complexity/noThisInStatic: statics dispatch to the subclass (Todo.key, Todo.merge)
import { message } from './development';
import { INVALID } from './INVALID';
import type {
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
  Schema,
  WriteMeta,
} from './interface';
import { assignOwn } from './ownProperty';
import { checkPk, usablePk } from './pk';
import { isOlderResponse } from './responseOrder';
import { inside, SchemaError } from './SchemaError';

export type AbstractInstanceType<T> = T extends abstract new (
  ...args: never[]
) => infer U
  ? U
  : T extends { prototype: infer U }
    ? U
    : never;

/** A record's primary key from its data (`this`), as `pk()` methods compute it. */
type PkMethod = (
  this: unknown,
  parent?: unknown,
  key?: string,
  args?: readonly unknown[],
) => string | number | undefined;

/**
 * Base class for records. Declare fields as class properties with defaults, implement `pk()`
 * unless the primary key is the `id` field, and optionally `static key`, `static schema` (nested
 * schemas) and the lifecycle statics.
 */
export abstract class Entity {
  static {
    // The default `pk()`: the `id` field. Put on the prototype rather than declared, so that a
    // subclass's own `pk()` needs no `override` modifier (under noImplicitOverride).
    Object.defineProperty(this.prototype, 'pk', {
      value: function pk(this: { id?: string | number }) {
        return this.id;
      },
      writable: true,
      configurable: true,
    });
  }

  /**
   * Name of this entity's table; defaults to the class name. Set it (`static key = 'Todo'`) in
   * any app built for production: minifiers rename classes, and may give two the same name (a
   * store refuses a second class writing a table, see docs/reference/schemas.md#entity).
   */
  static get key(): string {
    return this.name;
  }

  /** Nested schemas by field name. */
  static schema: { [field: string]: Schema } = {};

  /** Fields to build lookup indexes on (`MemoCache.query(Entity, [{ field: value }])`). */
  static indexes?: readonly string[];

  /** Primary key of a (processed) input value. */
  static pk(
    value: unknown,
    parent?: unknown,
    key?: string,
    args: readonly unknown[] = [],
  ): string | number | undefined {
    const pk = (this.prototype as { pk: PkMethod }).pk;
    const id = pk.call(value, parent, key, args);
    if (id === undefined && pk === (Entity.prototype as { pk: PkMethod }).pk && !declaresId(this)) {
      throw new SchemaError(
        this.key,
        message(
          `TSR09 ${this.name}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `class ${this.name} has no pk() and no \`id\` field; define pk() to return its primary key`,
        ),
        value,
      );
    }
    return id;
  }

  /**
   * Transforms raw input before it is stored (default: unchanged). Returning undefined deletes
   * the record whose primary key `pk()` finds in the raw input (invalidated, as by `Invalidate`).
   */
  static process(
    input: unknown,
    _parent: unknown,
    _key: string | undefined,
    _args: readonly unknown[],
  ): unknown {
    return input;
  }

  /** Returns a message when processed input is unusable; normalize then throws SchemaError. */
  static validate(_processedEntity: unknown): string | undefined {
    return undefined;
  }

  /** Field-wise merge: a partial update keeps the other fields. */
  static merge(existing: unknown, incoming: unknown): unknown {
    return { ...(existing as object), ...(incoming as object) };
  }

  /** True when `incoming` is older than `existing`, so it must not win (by fetchedAt). */
  static shouldReorder(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    _existing: unknown,
    _incoming: unknown,
  ): boolean {
    return isOlderResponse(existingMeta, incomingMeta);
  }

  /** False keeps the stored entity untouched. */
  static shouldUpdate(
    _existingMeta: WriteMeta,
    _incomingMeta: WriteMeta,
    _existing: unknown,
    _incoming: unknown,
  ): boolean {
    return true;
  }

  /** Merges incoming data with what the store already holds, respecting response order. */
  static mergeWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): unknown {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /** Meta kept for the merged entity: the newer response's. */
  static mergeMetaWithStore(
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): WriteMeta {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existingMeta;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? existingMeta
      : incomingMeta;
  }

  /** An instance with defaults, overridden by `props`. */
  static fromJS<T extends typeof Entity>(
    this: T,
    props: Partial<AbstractInstanceType<T>> = {},
  ): AbstractInstanceType<T> {
    return assignOwn(new (this as unknown as new () => AbstractInstanceType<T>)(), props);
  }

  /** `fromJS(props)` when `validate(props)` passes, else undefined. */
  static createIfValid<T extends typeof Entity>(
    this: T,
    props: Partial<AbstractInstanceType<T>>,
  ): AbstractInstanceType<T> | undefined {
    if (this.validate(props) !== undefined) return undefined;
    return this.fromJS(props);
  }

  static normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    delegate: INormalizeDelegate,
  ): string | undefined {
    // A bare string or number where an entity belongs is a reference by primary key; `false`
    // (what some servers send for "none") is no reference, which a list leaves out.
    if (typeof input === 'string' || typeof input === 'number') return checkPk(this, input, input);
    if (input === false) return undefined;
    const args = delegate.args;
    // process() sees any object, a tuple too (`[price, amount]`), and may make the record of it.
    const processed =
      typeof input === 'object' && input !== null ? this.process(input, parent, key, args) : input;
    if (processed === undefined && input !== undefined) {
      // process() declined the record: the one its input names is deleted (as in data-client).
      const pk = usablePk(this.pk(input, parent, key, args));
      if (pk !== undefined) delegate.invalidate(this, pk);
      return pk;
    }
    if (typeof processed !== 'object' || processed === null || Array.isArray(processed)) {
      // A list or a scalar where the record belongs: TSR10 as given, TSR11 as process() made it.
      throw new SchemaError(
        this.key,
        message(
          processed === input ? 'TSR10' : 'TSR11',
          () =>
            process.env.NODE_ENV !== 'production' &&
            (processed === input
              ? 'expected an object for this entity'
              : 'process() must return an object (or undefined to delete the record)'),
        ),
        processed,
      );
    }
    const pk = checkPk(this, this.pk(processed, parent, key, args), processed);
    const problem = this.validate(processed);
    if (problem !== undefined) throw new SchemaError(this.key, problem, processed);
    // Only an object reaches here (anything else is its own `processed`, refused above).
    if (delegate.checkLoop(this.key, pk, input as object)) return pk;

    const normalized: Record<string, unknown> = { ...processed };
    const schema = this.schema;
    for (const field in schema) {
      const value = normalized[field];
      if (value !== undefined && value !== null) {
        try {
          normalized[field] = delegate.visit(schema[field], value, processed, field);
        } catch (error) {
          throw inside(error, field);
        }
      }
    }
    delegate.leaveLoop(input as object);
    delegate.mergeEntity(this, pk, normalized);
    return pk;
  }

  /** Denormalized container: an instance with defaults and the stored fields. */
  static createInstance(stored: object): object {
    return assignOwn(new (this as unknown as new () => object)(), stored);
  }

  /** Replaces nested references with their denormalized values. */
  static denormalizeInto(
    instance: Record<string, unknown>,
    stored: Readonly<Record<string, unknown>>,
    delegate: IDenormalizeDelegate,
  ): object {
    const schema = this.schema;
    for (const field in schema) {
      const value = stored[field];
      if (value === undefined || value === null) continue;
      const denormalized = delegate.unvisit(schema[field], value);
      // A nested entity that was invalidated is optional here: the field is simply empty.
      instance[field] = denormalized === INVALID ? undefined : denormalized;
    }
    return instance;
  }

  /** Denormalizes a stored entity object without any table lookups. */
  static denormalize(
    stored: Readonly<Record<string, unknown>>,
    delegate: IDenormalizeDelegate,
  ): object {
    return this.denormalizeInto(
      this.createInstance(stored) as Record<string, unknown>,
      stored,
      delegate,
    );
  }

  /** Finds a stored pk from query args: by primary key, then by any declared index. */
  static queryKey(args: readonly unknown[], delegate: IQueryDelegate): string | undefined {
    const params = args[0];
    if (params === undefined || params === null) return undefined;
    // A string or number is the primary key itself; of an object, what pk() finds in it.
    let id: unknown = params;
    if (typeof params === 'object') {
      try {
        id = this.pk(params, undefined, undefined, args);
      } catch {
        // pk() of a partial record may throw (TSR09, or its own code): the indexes may find it.
      }
    }
    const pk = usablePk(id);
    if (pk !== undefined && delegate.getEntity(this.key, pk) !== undefined) return pk;
    const indexes = this.indexes;
    if (indexes && typeof params === 'object') {
      for (const index of indexes) {
        const value = (params as Record<string, unknown>)[index];
        if (value === undefined) continue;
        const pk = delegate.getIndex(this.key, index, String(value));
        if (pk !== undefined) return pk;
      }
    }
    return undefined;
  }

  static toJSON(): { name: string; key: string; schema: { [field: string]: Schema } } {
    return { name: this.name, key: this.key, schema: this.schema };
  }
}

/** True when instances of an Entity class have an `id` field (the default primary key). */
function declaresId(entity: typeof Entity): boolean {
  try {
    return 'id' in new (entity as unknown as new () => object)();
  } catch {
    // A constructor that needs arguments: say nothing about its fields.
    return true;
  }
}
