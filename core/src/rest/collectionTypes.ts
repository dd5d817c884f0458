// Types of the Collection-derived endpoints (docs/reference/collections.md#derived-endpoints).
import type {
  Collection,
  CollectionUpdate,
  CollectionUpdateMode,
  Denormalize,
  ObjectSchema,
} from '../schema/index';
import type { Prettify } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';
import type { Extended, RestGenerics, SchemaOf, UntypedJson, UrlParamsOf } from './restTypes';

type Depth = [never, 0, 1, 2];

/** Schemas `findCollection` does not look inside: arrays, functions and classes (entities). */
type NotSearched =
  | readonly unknown[]
  // `never` parameters: every function and class, whatever its parameters, extends these
  | ((...args: never[]) => unknown)
  | (abstract new (
      ...args: never[]
    ) => unknown);

/** The Collection of a schema: the schema itself or nested in object fields (as `findCollection`). */
export type CollectionIn<S, D extends number = 3> = [D] extends [never]
  ? never
  : S extends Collection
    ? S
    : S extends ObjectSchema<infer F>
      ? FieldsCollection<F, Depth[D]>
      : S extends NotSearched
        ? never
        : S extends object
          ? FieldsCollection<S, Depth[D]>
          : never;

type FieldsCollection<F, D extends number> = { [K in keyof F]: CollectionIn<F[K], D> }[keyof F];

/** The schema with its Collection replaced (type of `replaceCollection`). */
export type ReplaceCollection<S, R, D extends number = 3> = [D] extends [never]
  ? S
  : S extends Collection
    ? R
    : S extends ObjectSchema<infer F>
      ? ObjectSchema<{ [K in keyof F]: ReplaceCollection<F[K], R, Depth[D]> }>
      : S extends NotSearched
        ? S
        : S extends object
          ? { [K in keyof S]: ReplaceCollection<S[K], R, Depth[D]> }
          : S;

/** One member of a collection, as data. */
type MemberOf<C> =
  Denormalize<C> extends readonly (infer M)[]
    ? M
    : Denormalize<C> extends Record<string, infer M>
      ? M
      : unknown;

/**
 * Body of each collection operation (the table of docs/reference/collections.md#derived-endpoints).
 */
interface CollectionBodies<M> {
  push: Partial<M> | Partial<M>[];
  unshift: Partial<M> | Partial<M>[];
  assign: Record<string, Partial<M>>;
  remove: Partial<M>;
  move: Partial<M>;
}

/** HTTP method of each collection operation. */
interface CollectionMethods {
  push: 'POST';
  unshift: 'POST';
  assign: 'POST';
  remove: 'PATCH';
  move: 'PATCH';
}

export type CollectionOperation = keyof CollectionMethods;

type BodyFor<C, Op extends CollectionOperation> = [C] extends [never]
  ? UntypedJson
  : CollectionBodies<MemberOf<C>>[Op];

/**
 * Body of `endpoint[Op]`. A move's body may also name new values of the collection's arguments
 * (e.g. `{ group: 'ten' }` for a list keyed by a path param), which choose where it goes.
 */
type OperationBody<O extends RestGenerics, Op extends CollectionOperation> = Op extends 'move'
  ? BodyFor<CollectionIn<SchemaOf<O>>, Op> & Partial<UrlParamsOf<O>>
  : BodyFor<CollectionIn<SchemaOf<O>>, Op>;

/** Generics of `endpoint.push` etc.: the source's URL params, a body, the update schema. */
export type CollectionEndpointGenerics<O extends RestGenerics, Op extends CollectionOperation> = {
  // resource()'s getList carries the item path for its move
  readonly path: Op extends 'move'
    ? O extends { movePath: infer M extends string }
      ? M
      : O['path']
    : O['path'];
  readonly searchParams: O['searchParams'];
  readonly method: CollectionMethods[Op];
  readonly body: OperationBody<O, Op>;
  readonly schema: CollectionUpdate<CollectionIn<SchemaOf<O>>, Op & CollectionUpdateMode>;
};

/** An endpoint fetching pages by `Field` and appending them to the source's collection. */
export type PaginatedEndpoint<
  O extends RestGenerics,
  Field extends string | undefined,
> = RestEndpoint<
  Extended<
    O,
    {
      readonly schema: ReplaceCollection<
        SchemaOf<O>,
        CollectionUpdate<CollectionIn<SchemaOf<O>>, 'paginate'>
      >;
      readonly searchParams: Prettify<
        SearchParamsOrEmpty<O> & { [K in Field & string]: string | number }
      >;
    }
  >
>;

type SearchParamsOrEmpty<O extends RestGenerics> = [O['searchParams']] extends [undefined]
  ? {}
  : O['searchParams'];

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * `T` when the schema of `O` contains a Collection, else `never` (the accessors exist
 * only then; reading one elsewhere throws).
 */
type IfCollection<O extends RestGenerics, T> =
  IsAny<O> extends true
    ? T
    : IsAny<SchemaOf<O>> extends true
      ? T
      : [CollectionIn<SchemaOf<O>>] extends [never]
        ? never
        : T;

/** `T` when `O` has a `paginationField`, else `undefined`. */
type IfPaginated<O extends RestGenerics, T> =
  IsAny<O> extends true
    ? T
    : IsAny<O['paginationField']> extends true
      ? T
      : [O['paginationField']] extends [string]
        ? T
        : undefined;

/**
 * Endpoints derived from a schema's Collection; `never` (and a TypeError when read) when there
 * is none. `getPage` is `undefined` when there is no `paginationField`.
 */
export interface CollectionAccessors<O extends RestGenerics> {
  /** POST: adds the body's entity (or entities, in order) at the end of matching collections. */
  readonly push: IfCollection<O, RestEndpoint<CollectionEndpointGenerics<O, 'push'>>>;
  /** POST: adds the entity at the start. */
  readonly unshift: IfCollection<O, RestEndpoint<CollectionEndpointGenerics<O, 'unshift'>>>;
  /** POST: merges a key → entity map into a Values collection. */
  readonly assign: IfCollection<O, RestEndpoint<CollectionEndpointGenerics<O, 'assign'>>>;
  /** PATCH: removes the entity from matching collections and updates it. */
  readonly remove: IfCollection<O, RestEndpoint<CollectionEndpointGenerics<O, 'remove'>>>;
  /** PATCH: moves the entity between collections by its old and merged values. */
  readonly move: IfCollection<O, RestEndpoint<CollectionEndpointGenerics<O, 'move'>>>;
  /** The next page, by `paginationField` (exists only when `paginationField` is set). */
  readonly getPage: IfPaginated<O, PaginatedEndpoint<O, O['paginationField'] & string>>;
  /** Takes `{ ...params, [field]: cursor }`, appends the page to this endpoint's collection. */
  paginated<Field extends string>(field: Field): PaginatedEndpoint<O, Field>;
  /** Function form: `removeCursor(...pageArgs)` gives the args of the list to append to. */
  paginated<A extends unknown[]>(
    removeCursor: (...args: A) => readonly unknown[],
  ): RestEndpoint<
    Extended<
      O,
      {
        readonly schema: ReplaceCollection<
          SchemaOf<O>,
          CollectionUpdate<CollectionIn<SchemaOf<O>>, 'paginate'>
        >;
        readonly searchParams: A extends [infer P, ...unknown[]] ? P : O['searchParams'];
      }
    >
  >;
}
