import type { ArraySchema } from './ArraySchema';
import type { Collection } from './Collection';
import type { CollectionUpdate, CollectionUpdateMode } from './CollectionUpdate';
import type { Invalidate } from './Invalidate';
import type { ObjectSchema } from './ObjectSchema';
import type { PolymorphicRef } from './Polymorphic';
import type { Query } from './Query';
import type { Union } from './Union';
import type { Values } from './ValuesSchema';

// Type helpers mapping a schema to the data it produces (Denormalize) or stores (Normalize).

// `never` parameters: every constructor and function, whatever its parameters, extends these.
type AnyClass = abstract new (...args: never[]) => unknown;
type AnyFunction = (...args: never[]) => unknown;
type EntityClassLike = AnyClass & { createInstance(stored: never): unknown; readonly key: string };
/** A schema instance (Collection, Values, ...): object shorthand has no `normalize`. */
type SchemaInstance = { normalize: AnyFunction };

/** A member definition of Array/Values/All: one schema, or an entity map (polymorphic). */
type MemberDenormalize<E> = E extends AnyClass | SchemaInstance | readonly unknown[]
  ? Denormalize<E>
  : E extends Record<string, EntityClassLike>
    ? Denormalize<E[keyof E]>
    : Denormalize<E>;

type MemberNormalize<E> = E extends AnyClass | SchemaInstance | readonly unknown[]
  ? Normalize<E>
  : E extends Record<string, EntityClassLike>
    ? PolymorphicRef
    : Normalize<E>;

type ListOf<D> = D extends readonly [infer E]
  ? E
  : D extends ArraySchema | Values
    ? D['schema']
    : never;

/** The data a Collection's list definition denormalizes to. */
type CollectionData<D> = D extends Values
  ? Record<string, MemberDenormalize<D['schema']>>
  : MemberDenormalize<ListOf<D>>[];

type UpdateData<C extends Collection, M> = M extends 'assign'
  ? Record<string, MemberDenormalize<ListOf<C['definition']>>>
  : M extends 'paginate'
    ? MemberDenormalize<ListOf<C['definition']>>[]
    : M extends 'addWith'
      ? C['definition'] extends Values
        ? Record<string, MemberDenormalize<ListOf<C['definition']>>>
        : MemberDenormalize<ListOf<C['definition']>> | MemberDenormalize<ListOf<C['definition']>>[]
      : MemberDenormalize<ListOf<C['definition']>> | MemberDenormalize<ListOf<C['definition']>>[];

export type DenormalizeObject<S> = { [K in keyof S]: Denormalize<S[K]> };
export type DenormalizeNullableObject<S> = { [K in keyof S]: DenormalizeNullable<S[K]> };
export type NormalizeObject<S> = { [K in keyof S]: Normalize<S[K]> };

/** The denormalized result of a schema: Entity → instance, `[E]` → E[], Collection → E[] ... */
export type Denormalize<S> = S extends AnyClass
  ? InstanceType<S>
  : S extends readonly (infer E)[]
    ? Denormalize<E>[]
    : S extends (...args: never[]) => infer R
      ? R
      : S extends SchemaInstance
        ? DenormalizeInstance<S>
        : S extends object
          ? DenormalizeObject<S>
          : S;

/**
 * Schema instances (Collection, Values, ...): only they have `normalize`, object shorthand has not.
 * Members are read by property rather than `infer`, which keeps instantiation shallow.
 */
type DenormalizeInstance<S> =
  S extends Query<unknown, unknown>
    ? ReturnType<S['process']>
    : S extends Collection
      ? CollectionData<S['definition']>
      : S extends CollectionUpdate
        ? UpdateData<S['collection'], S['mode']>
        : S extends ArraySchema
          ? MemberDenormalize<S['schema']>[]
          : S extends Values
            ? Record<string, MemberDenormalize<S['schema']>>
            : S extends Union
              ? Denormalize<S['schema'][keyof S['schema']]>
              : S extends Invalidate
                ? InvalidateData<S['definition']>
                : S extends ObjectSchema
                  ? DenormalizeObject<S['schema']>
                  : DenormalizeObject<S>;

type InvalidateData<E> = E extends Union
  ? Denormalize<E['schema'][keyof E['schema']]>
  : MemberDenormalize<E>;

/** Like Denormalize, where entities and lists may be absent (reading the store by query). */
export type DenormalizeNullable<S> = S extends EntityClassLike
  ? InstanceType<S> | undefined
  : S extends AnyClass
    ? InstanceType<S>
    : S extends readonly (infer E)[]
      ? Denormalize<E>[] | undefined
      : S extends (...args: never[]) => infer R
        ? R
        : S extends SchemaInstance
          ? DenormalizeNullableInstance<S>
          : S extends object
            ? DenormalizeNullableObject<S>
            : S;

type DenormalizeNullableInstance<S> = S extends ObjectSchema
  ? DenormalizeNullableObject<S['schema']>
  : DenormalizeInstance<S> | undefined;

/** The normalized result of a schema: Entity → pk string, `[E]` → string[], Union → { id, schema }. */
export type Normalize<S> = S extends EntityClassLike
  ? string
  : S extends AnyClass
    ? InstanceType<S>
    : S extends readonly (infer E)[]
      ? Normalize<E>[]
      : S extends (...args: never[]) => infer R
        ? R
        : S extends SchemaInstance
          ? NormalizeInstance<S>
          : S extends object
            ? NormalizeObject<S>
            : S;

type NormalizeInstance<S> =
  S extends Query<unknown, unknown>
    ? Normalize<S['schema']>
    : S extends Collection
      ? string
      : S extends CollectionUpdate
        ? S['mode'] extends 'assign'
          ? Record<string, MemberNormalize<ListOf<S['collection']['definition']>>>
          :
              | MemberNormalize<ListOf<S['collection']['definition']>>
              | MemberNormalize<ListOf<S['collection']['definition']>>[]
        : S extends ArraySchema
          ? MemberNormalize<S['schema']>[]
          : S extends Values
            ? Record<string, MemberNormalize<S['schema']>>
            : S extends Union
              ? PolymorphicRef
              : S extends Invalidate
                ? S['definition'] extends EntityClassLike
                  ? string
                  : PolymorphicRef
                : S extends ObjectSchema
                  ? NormalizeObject<S['schema']>
                  : NormalizeObject<S>;

export type { CollectionUpdateMode };
