import { describeSchema } from './describeSchema';
import { message } from './development';
import { INVALID } from './INVALID';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
import {
  type AttributeFunction,
  attributeFunction,
  denormalizeMember,
  inferMember,
  MemberSchema,
  normalizeMember,
  type SchemaAttribute,
} from './Polymorphic';
import { inside, SchemaError } from './SchemaError';

/**
 * The members of a list input. Only an array: an object where a list belongs is most often an
 * error body (`{"error":"rate limited"}`), whose values would otherwise pass for primary keys.
 * (Classic normalizr read an object's values as the list; use `Values` for a keyed map.)
 */
export function listValues(owner: unknown, input: unknown): readonly unknown[] {
  if (Array.isArray(input)) return input;
  const found = input === null ? 'null' : typeof input;
  const name = owner instanceof ListSchema ? `[${describeSchema(owner.schema)}]` : owner;
  throw new SchemaError(
    describeSchema(name),
    message(
      `TSR14 ${found}`,
      () => process.env.NODE_ENV !== 'production' && `expected an array, found ${found}`,
    ),
    input,
  );
}

/**
 * A list of one schema: what `[Entity]` and `new Collection([Entity])` build. `ArraySchema` is
 * this list with the entity map form too; an app that never gives a list a schema map carries
 * none of that code. Typed as an `ArraySchema` wherever it is seen (the two have the same members).
 */
export class ListSchema<S = unknown> extends MemberSchema {
  declare readonly schema: S;

  constructor(definition: S, schemaAttribute?: AttributeFunction) {
    super(definition, schemaAttribute);
  }

  /** Its data is an object or a list, never `null` or a scalar (see `expectsObject`). */
  get objectData(): true {
    return true;
  }

  normalize(
    input: unknown,
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown[] {
    const values = listValues(this, input);
    const out: unknown[] = [];
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      let normalized: unknown;
      try {
        normalized = this.normalizeValue(value, parent, key, delegate);
      } catch (error) {
        throw inside(error, i);
      }
      // A member that normalizes to nothing (one of an unknown type) is left out.
      if (normalized !== undefined || value === undefined || value === null) out.push(normalized);
    }
    return out;
  }

  createContainer(): unknown[] {
    return [];
  }

  /** Appends the usable members; missing and invalidated ones are left out. */
  denormalizeInto(out: unknown[], input: unknown, delegate: IDenormalizeDelegate): unknown[] {
    if (!Array.isArray(input)) return out;
    const single = this.isSingleSchema ? this.schema : undefined;
    for (let i = 0; i < input.length; i++) {
      const value =
        single !== undefined
          ? delegate.unvisit(single, input[i])
          : this.denormalizeValue(input[i], delegate);
      if (value !== undefined && value !== null && value !== INVALID) out.push(value);
    }
    return out;
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    if (!Array.isArray(input)) return input;
    const single = this.isSingleSchema ? this.schema : undefined;
    const n = input.length;
    if (
      single === undefined ||
      n > PREALLOCATE_UP_TO ||
      this.denormalizeInto !== baseDenormalizeInto
    )
      return this.denormalizeInto([], input, delegate);
    // Sized once (members are rarely left out): no regrowth while pushing.
    const out: unknown[] = new Array(n);
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const value = delegate.unvisit(single, input[i]);
      if (value !== undefined && value !== null && value !== INVALID) out[kept++] = value;
    }
    if (kept < n) out.length = kept;
    return out;
  }

  queryKey(_args: readonly unknown[], _delegate: IQueryDelegate): unknown {
    return undefined;
  }

  toJSON(): { name: string; schema: unknown } {
    return { name: `ArraySchema(${describeSchema(this.schema)})`, schema: this.schema };
  }
}

/** `schema.Array`: a list of one schema, or of several chosen per item by `schemaAttribute`. */
export class ArraySchema<S = unknown> extends ListSchema<S> {
  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, attributeFunction(schemaAttribute));
  }

  /**
   * A `ListSchema` (a Collection's list, an `[Entity]` shorthand) is an `ArraySchema` to users:
   * only the map form's code is left out of it. A subclass checks as usual.
   */
  // biome-ignore-start lint/complexity/noThisInStatic: `this` is the class checked (a subclass too)
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === ArraySchema
      ? value instanceof ListSchema
      : Function.prototype[Symbol.hasInstance].call(this, value);
  }
  // biome-ignore-end lint/complexity/noThisInStatic: `this` is the class checked (a subclass too)

  override inferSchema(value: unknown, parent: unknown, key: FieldKey): unknown {
    return inferMember(this, value, parent, key);
  }

  override normalizeValue(
    value: unknown,
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown {
    return normalizeMember(this, value, parent, key, delegate);
  }

  override denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    return denormalizeMember(this, value, delegate);
  }
}

const baseDenormalizeInto = ListSchema.prototype.denormalizeInto;
/** V8 gives `new Array(n)` slow dictionary elements above ~100k; longer lists are pushed. */
const PREALLOCATE_UP_TO = 50_000;
