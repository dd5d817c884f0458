import type { Collection } from './Collection';
import type { ObjectSchema } from './ObjectSchema';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Recognizes a Collection by its filter method rather than `instanceof`, so that endpoints
 * whose schema has none (and `RestEndpoint` itself) do not carry the Collection class.
 */
function isCollection(schema: unknown): schema is Collection {
  return typeof (schema as Partial<Collection> | null)?.createCollectionFilter === 'function';
}

/**
 * `schema.Object`, recognized by its `define` method (after plain objects, which may have a
 * `define` field), so that RestEndpoint does not carry ObjectSchema and the code it normalizes with.
 */
function isObjectSchema(schema: unknown): schema is ObjectSchema {
  return (
    typeof schema === 'object' && typeof (schema as Partial<ObjectSchema>)?.define === 'function'
  );
}

/** The Collection of an endpoint schema: the schema itself, or one nested in an object schema. */
export function findCollection(schema: unknown): Collection | undefined {
  return locateCollection(schema)?.collection;
}

/**
 * The Collection `findCollection` finds, with the field names leading to it in the data
 * (`[]` when the schema is the Collection itself).
 */
export function locateCollection(
  schema: unknown,
): { collection: Collection; path: readonly string[] } | undefined {
  if (isCollection(schema)) return { collection: schema, path: [] };
  const fields = isPlainObject(schema)
    ? schema
    : isObjectSchema(schema)
      ? (schema.schema as Record<string, unknown>)
      : undefined;
  if (fields === undefined) return undefined;
  for (const key of Object.keys(fields)) {
    const found = locateCollection(fields[key]);
    if (found !== undefined) return { collection: found.collection, path: [key, ...found.path] };
  }
  return undefined;
}

/**
 * The same schema shape with its Collection (as found by `findCollection`) swapped for
 * `replacement` (e.g. `collection.push` or `collection.paginate(...)`).
 */
export function replaceCollection<S>(schema: S, replacement: unknown): S {
  const target = findCollection(schema);
  if (target === undefined) return schema;
  return replaceIn(schema, target, replacement) as S;
}

function replaceIn(schema: unknown, target: Collection, replacement: unknown): unknown {
  if (schema === target) return replacement;
  if (isPlainObject(schema)) return replaceFields(schema, target, replacement);
  // `define` gives a new ObjectSchema whose fields are all replaced.
  if (isObjectSchema(schema))
    return schema.define(replaceFields(schema.schema, target, replacement));
  return schema;
}

function replaceFields(
  fields: Record<string, unknown>,
  target: Collection,
  replacement: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    Object.defineProperty(out, key, {
      value: replaceIn(fields[key], target, replacement),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
