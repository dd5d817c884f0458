import { describeSchema } from './describeSchema';
import { message } from './development';
import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, INormalizeDelegate, IQueryDelegate } from './interface';
import { setOwn } from './ownProperty';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { inside, SchemaError } from './SchemaError';

/** A map of arbitrary keys to one schema (or several, chosen by `schemaAttribute`). */
export class Values<S = unknown> extends Polymorphic {
  declare readonly schema: S;

  constructor(definition: S, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  /** Its data is an object or a list, never `null` or a scalar (see `expectsObject`). */
  get objectData(): true {
    return true;
  }

  /** Marks a Values schema for `isValues` (see schemaKinds.ts). */
  get isValues(): true {
    return true;
  }

  normalize(
    input: unknown,
    _parent: unknown,
    _key: unknown,
    delegate: INormalizeDelegate,
  ): Record<string, unknown> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new SchemaError(
        // Named as written: a minified build renames the class.
        `Values(${describeSchema(this.schema)})`,
        message(
          'TSR04',
          () => process.env.NODE_ENV !== 'production' && 'expected an object of values',
        ),
        input,
      );
    }
    const out: Record<string, unknown> = {};
    const keys = Object.keys(input);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = (input as Record<string, unknown>)[key];
      if (value === null || value === undefined) {
        setOwn(out, key, value);
        continue;
      }
      let normalized: unknown;
      try {
        normalized = this.normalizeValue(value, input, key, delegate);
      } catch (error) {
        throw inside(error, key);
      }
      // A member that normalizes to nothing (one of an unknown type) is left out.
      if (normalized !== undefined) setOwn(out, key, normalized);
    }
    return out;
  }

  createContainer(): Record<string, unknown> {
    return {};
  }

  /** Copies the usable members; missing and invalidated ones are left out. */
  denormalizeInto(
    out: Record<string, unknown>,
    input: unknown,
    delegate: IDenormalizeDelegate,
  ): Record<string, unknown> {
    if (input === null || typeof input !== 'object') return out;
    const keys = Object.keys(input);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = this.denormalizeValue((input as Record<string, unknown>)[key], delegate);
      if (value !== undefined && value !== null && value !== INVALID) setOwn(out, key, value);
    }
    return out;
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    if (input === null || typeof input !== 'object') return input;
    return this.denormalizeInto({}, input, delegate);
  }

  queryKey(_args: readonly unknown[], _delegate: IQueryDelegate): unknown {
    return undefined;
  }

  toJSON(): { name: string; schema: unknown } {
    return { name: `Values(${describeSchema(this.schema)})`, schema: this.schema };
  }
}
