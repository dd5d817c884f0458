import { isEntityLike } from './interface';

/**
 * True for schemas whose data must be an object or an array: an entity (or Collection), a list,
 * a `Values` map, a `Union`, an object of schemas, a collection update. `null`, a string or a
 * number cannot be such data. Other schemas (`Invalidate`, `All`, `Query`, custom ones,
 * serializers) decide for themselves. Schema classes say so with an `objectData` getter rather
 * than being tested with `instanceof`, so that code asking (an endpoint checking an empty
 * body) does not carry every schema class.
 */
export function expectsObject(schema: unknown): boolean {
  if (Array.isArray(schema) || isEntityLike(schema)) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  if (typeof (schema as { normalize?: unknown }).normalize !== 'function') return true; // { a: A }
  return (schema as { objectData?: unknown }).objectData === true;
}
