import type { Union } from './Union';
import type { Values } from './ValuesSchema';

// Checked by a marker each class carries, not by `instanceof`: a check that imports the class
// makes every app that uses a Collection carry it, unions and values or not.

/** True for a `Union` (or a subclass of it). */
export function isUnion(schema: unknown): schema is Union {
  return (schema as { isUnion?: unknown } | null)?.isUnion === true;
}

/** True for a `Values` (or a subclass of it). */
export function isValues(schema: unknown): schema is Values {
  return (schema as { isValues?: unknown } | null)?.isValues === true;
}
