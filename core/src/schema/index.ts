// Schemas: how responses map to entity tables and back.

export { All } from './All';
export { ArraySchema } from './ArraySchema';
export { Collection, type CollectionFilter, type CollectionOptions } from './Collection';
export {
  CollectionUpdate,
  type CollectionUpdateMode,
  type CollectionUpdateOptions,
  type MergeMembers,
  unshift,
} from './CollectionUpdate';
export { type AbstractInstanceType, Entity } from './Entity';
export { findCollection, replaceCollection } from './findCollection';
export { INVALID } from './INVALID';
export { Invalidate } from './Invalidate';
export type {
  EntitiesMeta,
  EntityLike,
  EntityPath,
  EntityTables,
  IDenormalizeDelegate,
  INormalizeDelegate,
  Indexes,
  IQueryDelegate,
  Mergeable,
  Schema,
  SchemaSimple,
  Serializable,
  StoreData,
  WriteMeta,
} from './interface';
export { isEntityLike } from './interface';
export { ObjectSchema } from './ObjectSchema';
export { getOwn, setOwn } from './ownProperty';
export type { PolymorphicRef, SchemaAttribute } from './Polymorphic';
export { Query } from './Query';
export { describeValue, SchemaError } from './SchemaError';
/** Namespace of schema classes, as in normalizr: `new schema.Array(Todo)`, `schema.Object`, ... */
export * as schema from './schemaNamespace';
export { type ErrorJSON, errorToJSON, TesseraError } from './TesseraError';
export type {
  Denormalize,
  DenormalizeNullable,
  DenormalizeNullableObject,
  DenormalizeObject,
  Normalize,
  NormalizeObject,
} from './types';
export { Union } from './Union';
export { Values } from './ValuesSchema';
