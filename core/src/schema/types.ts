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

type AnyClass = abstract new (...args: any) => any;
type EntityClassLike = AnyClass & { createInstance(stored: any): any; readonly key: string };

/** A member definition of Array/Values/All: one schema, or an entity map (polymorphic). */
type MemberDenormalize<E> = E extends AnyClass | { normalize: any } | readonly any[]
  ? Denormalize<E>
  : E extends Record<string, EntityClassLike>
    ? Denormalize<E[keyof E]>
    : Denormalize<E>;

type MemberNormalize<E> = E extends AnyClass | { normalize: any } | readonly any[]
  ? Normalize<E>
  : E extends Record<string, EntityClassLike>
    ? PolymorphicRef
    : Normalize<E>;

type ListOf<D> = D extends readonly [infer E]
  ? E
  : D extends ArraySchema<any> | Values<any>
    ? D['schema']
    : never;

/** The data a Collection's list definition denormalizes to. */
type CollectionData<D> =
  D extends Values<any>
    ? Record<string, MemberDenormalize<D['schema']>>
    : MemberDenormalize<ListOf<D>>[];

type UpdateData<C extends Collection<any>, M> = M extends 'assign'
  ? Record<string, MemberDenormalize<ListOf<C['definition']>>>
  : M extends 'paginate'
    ? MemberDenormalize<ListOf<C['definition']>>[]
    : M extends 'addWith'
      ? C['definition'] extends Values<any>
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
    : S extends (...args: any) => infer R
      ? R
      : S extends { normalize: any }
        ? DenormalizeInstance<S>
        : S extends object
          ? DenormalizeObject<S>
          : S;

/**
 * Schema instances (Collection, Values, ...): only they have `normalize`, object shorthand has not.
 * Members are read by property rather than `infer`, which keeps instantiation shallow.
 */
type DenormalizeInstance<S> =
  S extends Query<any, any>
    ? ReturnType<S['process']>
    : S extends Collection<any>
      ? CollectionData<S['definition']>
      : S extends CollectionUpdate<any, any>
        ? UpdateData<S['collection'], S['mode']>
        : S extends ArraySchema<any>
          ? MemberDenormalize<S['schema']>[]
          : S extends Values<any>
            ? Record<string, MemberDenormalize<S['schema']>>
            : S extends Union<any>
              ? Denormalize<S['schema'][keyof S['schema']]>
              : S extends Invalidate<any>
                ? InvalidateData<S['definition']>
                : S extends ObjectSchema<any>
                  ? DenormalizeObject<S['schema']>
                  : DenormalizeObject<S>;

type InvalidateData<E> =
  E extends Union<any> ? Denormalize<E['schema'][keyof E['schema']]> : MemberDenormalize<E>;

/** Like Denormalize, where entities and lists may be absent (reading the store by query). */
export type DenormalizeNullable<S> = S extends EntityClassLike
  ? InstanceType<S> | undefined
  : S extends AnyClass
    ? InstanceType<S>
    : S extends readonly (infer E)[]
      ? Denormalize<E>[] | undefined
      : S extends (...args: any) => infer R
        ? R
        : S extends { normalize: any }
          ? DenormalizeNullableInstance<S>
          : S extends object
            ? DenormalizeNullableObject<S>
            : S;

type DenormalizeNullableInstance<S> =
  S extends ObjectSchema<any>
    ? DenormalizeNullableObject<S['schema']>
    : DenormalizeInstance<S> | undefined;

/** The normalized result of a schema: Entity → pk string, `[E]` → string[], Union → { id, schema }. */
export type Normalize<S> = S extends EntityClassLike
  ? string
  : S extends AnyClass
    ? InstanceType<S>
    : S extends readonly (infer E)[]
      ? Normalize<E>[]
      : S extends (...args: any) => infer R
        ? R
        : S extends { normalize: any }
          ? NormalizeInstance<S>
          : S extends object
            ? NormalizeObject<S>
            : S;

type NormalizeInstance<S> =
  S extends Query<any, any>
    ? Normalize<S['schema']>
    : S extends Collection<any>
      ? string
      : S extends CollectionUpdate<any, any>
        ? S['mode'] extends 'assign'
          ? Record<string, MemberNormalize<ListOf<S['collection']['definition']>>>
          :
              | MemberNormalize<ListOf<S['collection']['definition']>>
              | MemberNormalize<ListOf<S['collection']['definition']>>[]
        : S extends ArraySchema<any>
          ? MemberNormalize<S['schema']>[]
          : S extends Values<any>
            ? Record<string, MemberNormalize<S['schema']>>
            : S extends Union<any>
              ? PolymorphicRef
              : S extends Invalidate<any>
                ? S['definition'] extends EntityClassLike
                  ? string
                  : PolymorphicRef
                : S extends ObjectSchema<any>
                  ? NormalizeObject<S['schema']>
                  : NormalizeObject<S>;

export type { CollectionUpdateMode };
