// Members of the `schema` namespace export (values and types): `new schema.Array(Todo)`.

export { All } from './All';
export { ArraySchema as Array } from './ArraySchema';
export { Collection } from './Collection';
export { CollectionUpdate } from './CollectionUpdate';
export { Entity } from './Entity';
export { Invalidate } from './Invalidate';
export { ObjectSchema as Object } from './ObjectSchema';
export { Query } from './Query';
export { Union } from './Union';
export { Values } from './ValuesSchema';
