import { describeSchema } from './describeSchema';
import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, INormalizeDelegate, IQueryDelegate } from './interface';
import { SchemaError } from './SchemaError';
import { schemaKeys } from './schemaKeys';

// The object form `{ todo: Todo }`, shared by the shorthand and `schema.Object`.

export function normalizeObject(
  definition: Record<string, any>,
  input: any,
  delegate: INormalizeDelegate,
): any {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new SchemaError(describeSchema(definition), 'expected an object', input);
  }
  const out = { ...input };
  const keys = schemaKeys(definition);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = input[key];
    if (value !== undefined && value !== null)
      out[key] = delegate.visit(definition[key], value, input, key);
  }
  return out;
}

/** Members of an object are required: an invalid one makes the whole object INVALID. */
export function denormalizeObject(
  definition: Record<string, any>,
  input: any,
  delegate: IDenormalizeDelegate,
): any {
  if (input === null || typeof input !== 'object') return input;
  const out = { ...input };
  const keys = schemaKeys(definition);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = input[key];
    if (value === undefined || value === null) continue;
    const denormalized = delegate.unvisit(definition[key], value);
    if (denormalized === INVALID) return INVALID;
    out[key] = denormalized;
  }
  return out;
}

export function queryKeyObject(
  definition: Record<string, any>,
  args: readonly any[],
  delegate: IQueryDelegate,
): any {
  const out: Record<string, any> = {};
  const keys = schemaKeys(definition);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    out[key] = delegate.queryKey(definition[key], args);
  }
  return out;
}
