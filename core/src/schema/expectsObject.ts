import { ArraySchema } from './ArraySchema';
import { isEntityLike } from './interface';
import { ObjectSchema } from './ObjectSchema';
import { Union } from './Union';
import { Values } from './ValuesSchema';

/**
 * True for schemas whose data must be an object or an array: an entity (or Collection), a list,
 * a `Values` map, a `Union`, an object of schemas. `null`, a string or a number cannot be such
 * data. Other schemas (`Invalidate`, `All`, `Query`, custom ones, serializers) decide for
 * themselves.
 */
export function expectsObject(schema: unknown): boolean {
  if (Array.isArray(schema) || isEntityLike(schema)) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  if (typeof (schema as { normalize?: unknown }).normalize !== 'function') return true; // { a: A }
  return (
    schema instanceof ArraySchema ||
    schema instanceof Values ||
    schema instanceof ObjectSchema ||
    schema instanceof Union
  );
}
