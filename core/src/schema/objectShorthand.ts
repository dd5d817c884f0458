import { describeSchema } from './describeSchema';
import { message } from './development';
import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, INormalizeDelegate, IQueryDelegate } from './interface';
import { inside, SchemaError } from './SchemaError';

// The object form `{ todo: Todo }`, shared by the shorthand and `schema.Object`.

/** Field schemas by field name (the object shorthand's definition). */
type FieldSchemas = object;
type Fields = Record<string, unknown>;

export function normalizeObject(
  definition: FieldSchemas,
  input: unknown,
  delegate: INormalizeDelegate,
): object {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new SchemaError(
      describeSchema(definition),
      message('TSR08', () => process.env.NODE_ENV !== 'production' && 'expected an object'),
      input,
    );
  }
  const out: Fields = { ...input };
  for (const key in definition) {
    const value = (input as Fields)[key];
    if (value !== undefined && value !== null) {
      try {
        out[key] = delegate.visit((definition as Fields)[key], value, input, key);
      } catch (error) {
        throw inside(error, key);
      }
    }
  }
  return out;
}

/** Members of an object are required: an invalid one makes the whole object INVALID. */
export function denormalizeObject(
  definition: FieldSchemas,
  input: unknown,
  delegate: IDenormalizeDelegate,
): unknown {
  if (input === null || typeof input !== 'object') return input;
  const out: Fields = { ...input };
  for (const key in definition) {
    const value = (input as Fields)[key];
    if (value === undefined || value === null) continue;
    const denormalized = delegate.unvisit((definition as Fields)[key], value);
    if (denormalized === INVALID) return INVALID;
    out[key] = denormalized;
  }
  return out;
}

export function queryKeyObject(
  definition: FieldSchemas,
  args: readonly unknown[],
  delegate: IQueryDelegate,
): Fields {
  const out: Fields = {};
  for (const key in definition) {
    out[key] = delegate.queryKey((definition as Fields)[key], args);
  }
  return out;
}
