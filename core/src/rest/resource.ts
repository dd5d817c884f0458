import { Collection, type Denormalize, type EntityLike, Invalidate } from '../schema/index';
import { shortenPath } from './pathTemplate';
import type { PathParams, ShortenPath } from './pathTypes';
import { RestEndpoint, type RestEndpointConstructor } from './RestEndpoint';
import type {
  Extended,
  ExtendGenerics,
  ExtendOptions,
  RestEndpointExtraOptions,
  RestGenerics,
} from './restTypes';

/** Options of `resource()`: one path and schema, plus options shared by every endpoint. */
export interface ResourceOptions<
  Path extends string,
  S extends EntityLike,
  SearchParams = undefined,
  PaginationField extends string | undefined = undefined,
> extends Omit<RestEndpointExtraOptions<any>, 'process' | 'key' | 'url' | 'name'> {
  /** Path of one item; the list drops its final `/:param` (`/todos/:id` → `/todos`). */
  readonly path: Path;
  /** The entity (or other schema `Invalidate` accepts) of one item. */
  readonly schema: S;
  /** Type-only: extra query parameters of `getList`. */
  readonly searchParams?: SearchParams;
  /** Cursor query parameter of `getList.getPage`. */
  readonly paginationField?: PaginationField;
  /** The class to build endpoints with (e.g. an authenticated subclass). */
  readonly Endpoint?: RestEndpointConstructor;
}

type Item<S> = Denormalize<S>;

/** `getList` of a resource: the list as a Collection (so `getList.push`, `getList.getPage`). */
type ListEndpoint<
  Path extends string,
  S extends EntityLike,
  SearchParams,
  PaginationField extends string | undefined,
> = RestEndpoint<{
  path: ShortenPath<Path>;
  schema: Collection<[S]>;
  method: 'GET';
  body: undefined;
  searchParams: SearchParams;
  paginationField: PaginationField;
}>;

/** The generated endpoints (the types of an `Endpoint` subclass's extra members are not kept). */
export type ResourceEndpoints<
  Path extends string,
  S extends EntityLike,
  SearchParams,
  PaginationField extends string | undefined,
> = {
  /** GET one item. */
  get: RestEndpoint<{ path: Path; schema: S; method: 'GET'; body: undefined }>;
  /** GET the list. */
  getList: ListEndpoint<Path, S, SearchParams, PaginationField>;
  /** POST a new item to the list URL; adds it to the end of the lists (`getList.push`). */
  create: ListEndpoint<Path, S, SearchParams, PaginationField>['push'];
  /** PUT one item. */
  update: RestEndpoint<{ path: Path; schema: S; method: 'PUT'; body: Partial<Item<S>> }>;
  /** PATCH one item. */
  partialUpdate: RestEndpoint<{ path: Path; schema: S; method: 'PATCH'; body: Partial<Item<S>> }>;
  /** DELETE one item; invalidates it. Resolves to the URL params when the server sends nothing. */
  delete: RestEndpoint<{
    path: Path;
    schema: Invalidate<S>;
    method: 'DELETE';
    body: undefined;
    process(value: any, params: PathParams<Path>): Item<S> | PathParams<Path>;
  }>;
} & (PaginationField extends string
  ? {
      /** The next page of the list, appended to it (`getList.getPage`). */
      getNextPage: ListEndpoint<Path, S, SearchParams, PaginationField>['getPage'];
    }
  : {});

/** The generics of an endpoint type. */
export type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never;

type BaseOf<R, Name> = Name extends keyof R ? R[Name] : R extends { get: infer G } ? G : never;

/**
 * A resource's endpoints plus `extend`, which returns a new resource (this one is unchanged):
 * - `extend('name', options)`: member `name` (or, for a new name, `get`) extended with
 *   `options`, e.g. `.extend('current', { path: '/users/current' })`.
 * - `extend((base) => ({ ... }))`: members returned by the function are added or replace
 *   existing ones, e.g. `.extend((base) => ({ search: base.getList.extend({ ... }) }))`.
 */
export type Resource<R> = R & {
  extend<Name extends string, E extends ExtendGenerics>(
    name: Name,
    options: ExtendOptions<GenericsOf<BaseOf<R, Name>>, E>,
  ): Resource<
    Omit<R, Name> & {
      [K in Name]: RestEndpoint<Extended<GenericsOf<BaseOf<R, Name>>, E>>;
    }
  >;
  extend<X extends Record<string, RestEndpoint<any>>>(
    members: (base: R) => X,
  ): Resource<Omit<R, keyof X> & X>;
};

type Members = Record<string, RestEndpoint<any>>;

/**
 * The usual endpoints of one REST resource (SPEC §1): `get`, `getList`, `create`, `update`,
 * `partialUpdate`, `delete` and, with a `paginationField`, `getNextPage`, each a RestEndpoint
 * typed from `path`.
 */
export function resource<
  const Path extends string,
  S extends EntityLike,
  SearchParams = undefined,
  PaginationField extends string | undefined = undefined,
>(
  options: ResourceOptions<Path, S, SearchParams, PaginationField>,
): Resource<ResourceEndpoints<Path, S, SearchParams, PaginationField>> {
  const {
    path,
    schema,
    searchParams,
    paginationField,
    Endpoint = RestEndpoint,
    ...shared
  } = options;
  if (typeof path !== 'string') throw new TypeError('resource() needs a string `path`');
  if (schema === undefined || schema === null) {
    throw new TypeError(`resource(${JSON.stringify(path)}) needs a schema`);
  }
  const build = (generics: RestGenerics & Record<string, unknown>): RestEndpoint<any> =>
    new Endpoint({ ...shared, ...generics } as any);
  const listOptions: Record<string, unknown> = {};
  if ('searchParams' in options) listOptions.searchParams = searchParams;
  if (paginationField !== undefined) listOptions.paginationField = paginationField;
  const getList = build({
    ...listOptions,
    path: shortenPath(path),
    schema: new Collection([schema]),
    method: 'GET',
  });
  const members: Members = {
    get: build({ path, schema, method: 'GET' }),
    getList,
    // getList's schema is a Collection, so these exist.
    create: getList.push,
    update: build({ path, schema, method: 'PUT' }),
    partialUpdate: build({ path, schema, method: 'PATCH' }),
    delete: build({
      path,
      schema: new Invalidate(schema),
      method: 'DELETE',
      // 204 or an empty body: the URL params still name the entity to invalidate.
      process(value: unknown, params: unknown) {
        return value === null || value === undefined || value === '' ? params : value;
      },
    }),
  };
  if (paginationField !== undefined) members.getNextPage = getList.getPage;
  return withExtend(members) as any;
}

function withExtend(members: Members): Members {
  const extend = (
    nameOrMembers: string | ((base: Members) => Members),
    options?: Record<string, unknown>,
  ) => {
    if (typeof nameOrMembers === 'function') {
      const added = nameOrMembers(members);
      if (added === null || typeof added !== 'object') {
        throw new TypeError('resource extend(fn): fn must return an object of endpoints');
      }
      return withExtend({ ...members, ...added });
    }
    if (typeof nameOrMembers !== 'string' || nameOrMembers === 'extend') {
      throw new TypeError('resource extend() takes a member name and options, or a function');
    }
    const base = Object.hasOwn(members, nameOrMembers) ? members[nameOrMembers] : members.get;
    return withExtend({ ...members, [nameOrMembers]: base.extend(options ?? {}) });
  };
  const result: Members = { ...members };
  Object.defineProperty(result, 'extend', { value: extend, enumerable: false });
  return result;
}
