// Type bridge to the schema layer: the store's public types follow whatever it exports.
export type { Denormalize, DenormalizeNullable, Schema } from '../schema';
