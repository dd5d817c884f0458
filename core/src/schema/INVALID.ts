/**
 * Marks an invalidated entity in an entity table, and is what `denormalize` returns when a
 * required entity of the result is invalid (the whole result must be refetched).
 */
export const INVALID: unique symbol = Symbol.for('tessera.INVALID');
export type INVALID = typeof INVALID;
