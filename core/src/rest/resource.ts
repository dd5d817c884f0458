import type { CollectionOptions } from '../schema/Collection';
import { describeSchema } from '../schema/describeSchema';
import { message, warnInDevelopment } from '../schema/development';
import { InvalidateEntity } from '../schema/Invalidate';
import { Collection, type Denormalize, type EntityLike, type Invalidate } from '../schema/index';
import { shortenPath } from './pathTemplate';
import type { PathParams, ShortenPath } from './pathTypes';
import { RestEndpoint, type RestEndpointConstructor } from './RestEndpoint';
import type {
  AnyGenerics,
  Extended,
  ExtendGenerics,
  ExtendOptions,
  RestEndpointExtraOptions,
  RestEndpointOptions,
  RestGenerics,
} from './restTypes';

/** Options of `resource()`: one path and schema, plus options shared by every endpoint. */
export interface ResourceOptions<
  Path extends string,
  S extends EntityLike,
  SearchParams = undefined,
  PaginationField extends string | undefined = undefined,
> extends Omit<RestEndpointExtraOptions<AnyGenerics>, 'process' | 'key' | 'url' | 'name'> {
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
  /** The Collection class of `getList`'s schema (a subclass, e.g. with its own filter). */
  readonly Collection?: new (
    definition: [S],
    options?: CollectionOptions,
  ) => Collection;
  /** Passed to `getList`'s Collection: arguments that name a list but never exclude a record. */
  readonly nonFilterArgumentKeys?: CollectionOptions['nonFilterArgumentKeys'];
  /**
   * Gives `create`, `update`, `partialUpdate` and `delete` optimistic responses built from
   * their arguments: the store shows the outcome at once and replaces it with the server's.
   * (`create` shows at once only when its body carries the new item's primary key.)
   */
  readonly optimistic?: boolean;
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
  // getList.move goes to the item's URL, as data-client's resource does
  movePath: Path;
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
  /**
   * DELETE one item; invalidates it. Resolves to the URL params when the server sends nothing
   * (204, an empty body or `{}`).
   */
  delete: RestEndpoint<{
    path: Path;
    schema: Invalidate<S>;
    method: 'DELETE';
    body: undefined;
    process(value: unknown, params: PathParams<Path>): Item<S> | PathParams<Path>;
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
 * - `extend({ getList: { ... }, update: { ... } })`: several at once, each as above.
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
  extend<X extends Record<string, RestEndpoint>>(
    members: (base: R) => X,
  ): Resource<Omit<R, keyof X> & X>;
  extend<const X extends Record<string, ExtendGenerics>>(
    overrides: X & { [K in keyof X]: ExtendOptions<GenericsOf<BaseOf<R, K>>, X[K]> },
  ): Resource<
    Omit<R, keyof X> & {
      [K in keyof X]: RestEndpoint<Extended<GenericsOf<BaseOf<R, K>>, X[K]>>;
    }
  >;
};

type Members = Record<string, RestEndpoint>;

/**
 * The usual endpoints of one REST resource (docs/guide/endpoints-and-schemas.md#resource): `get`,
 * `getList`, `create`, `update`, `partialUpdate`, `delete` and, with a `paginationField`,
 * `getNextPage`, each a RestEndpoint typed from `path` and named after the schema and member
 * (`Todo.get`) for errors and devtools.
 */
export function resource<
  const Path extends string,
  S extends EntityLike,
  SearchParams = undefined,
  PaginationField extends string | undefined = undefined,
>(
  options: ResourceOptions<Path, S, SearchParams, PaginationField>,
): Resource<ResourceEndpoints<Path, S, SearchParams, PaginationField>> {
  warnInDevelopment(() => process.env.NODE_ENV !== 'production' && misnamedOptions(options));
  const {
    path,
    schema,
    searchParams,
    paginationField,
    Endpoint = RestEndpoint,
    Collection: ListCollection = Collection,
    nonFilterArgumentKeys,
    optimistic = false,
    ...shared
  } = options;
  if (typeof path !== 'string')
    throw new TypeError(
      message(
        'TSR50',
        () => process.env.NODE_ENV !== 'production' && 'resource() needs a string `path`',
      ),
    );
  if (schema === undefined || schema === null) {
    throw new TypeError(
      message(
        `TSR51 ${path}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `resource(${JSON.stringify(path)}) needs a schema`,
      ),
    );
  }
  const prefix = describeSchema(schema);
  const build = (member: string, generics: RestGenerics & Record<string, unknown>): RestEndpoint =>
    new Endpoint({
      name: `${prefix}.${member}`,
      ...shared,
      ...generics,
    } as RestEndpointOptions<AnyGenerics>);
  const listOptions: Record<string, unknown> = {};
  if ('searchParams' in options) listOptions.searchParams = searchParams;
  if (paginationField !== undefined) listOptions.paginationField = paginationField;
  const getList = build('getList', {
    ...listOptions,
    path: shortenPath(path),
    schema: new ListCollection([schema], { nonFilterArgumentKeys }),
    method: 'GET',
    // getList.move is sent to the item's URL (collectionEndpoints.ts)
    movePath: path,
  });
  const expected = optimistic ? optimisticResponses : undefined;
  const members: Members = {
    get: build('get', { path, schema, method: 'GET' }),
    getList,
    // getList's schema is a Collection, so push exists.
    create: expected
      ? getList.push.extend({ name: `${prefix}.create`, getOptimisticResponse: expected.create })
      : getList.push,
    update: build('update', {
      path,
      schema,
      method: 'PUT',
      ...(expected && { getOptimisticResponse: expected.update }),
    }),
    partialUpdate: build('partialUpdate', {
      path,
      schema,
      method: 'PATCH',
      ...(expected && { getOptimisticResponse: expected.update }),
    }),
    delete: build('delete', {
      path,
      schema: new InvalidateEntity(schema),
      method: 'DELETE',
      // 204, an empty body or `{}` (as data-client): the URL params still name the entity.
      process(value: unknown, params: unknown) {
        return !value || (typeof value === 'object' && !Object.keys(value).length) ? params : value;
      },
      ...(expected && { getOptimisticResponse: expected.delete }),
    }),
  };
  if (paginationField !== undefined) members.getNextPage = getList.getPage;
  // built member by member above; the type names what each one is
  return withExtend(members, prefix) as unknown as Resource<
    ResourceEndpoints<Path, S, SearchParams, PaginationField>
  >;
}

/** The options of resource() and of its endpoints, for `misnamedOptions`. */
const OPTION_NAMES = [
  'path',
  'schema',
  'searchParams',
  'paginationField',
  'Endpoint',
  'Collection',
  'nonFilterArgumentKeys',
  'optimistic',
  'urlPrefix',
  'requestInit',
  'signal',
  'sideEffect',
  'dataExpiryLength',
  'errorExpiryLength',
  'invalidIfStale',
  'pollFrequency',
  'refetchOnWindowFocus',
  'refetchOnReconnect',
  'live',
  'timeout',
  'retry',
  'errorPolicy',
  'getOptimisticResponse',
  'update',
  'searchToString',
  'getRequestInit',
  'getHeaders',
  'fetchResponse',
  'parseResponse',
  'testKey',
  'body',
  'content',
];

/**
 * Development: options named like a known one but for case (`Schema`, `collection`,
 * `nonfilterArgumentKeys`), which would be ignored without a word.
 */
function misnamedOptions(options: object): string | false {
  const misnamed: string[] = [];
  for (const key of Object.keys(options)) {
    const meant = OPTION_NAMES.find(
      (name) => name !== key && name.toLowerCase() === key.toLowerCase(),
    );
    if (meant && !Object.hasOwn(options, meant))
      misnamed.push(`\`${key}\` (did you mean \`${meant}\`?)`);
  }
  return (
    misnamed.length > 0 &&
    `resource(): option names are case-sensitive; ignored: ${misnamed.join(', ')}`
  );
}

/** With `optimistic: true`: each mutation's expected response, from its arguments. */
const optimisticResponses = {
  /** The body (the new item; shown at once when it carries its primary key). */
  create: (_snap: unknown, ...args: unknown[]) => args[args.length - 1],
  /** The URL params (the primary key) with the body's fields. */
  update: (_snap: unknown, ...args: unknown[]) => ({
    ...(args.length > 1 ? (args[0] as object) : {}),
    ...(args[args.length - 1] as object),
  }),
  /** The URL params: they name the entity to invalidate. */
  delete: (_snap: unknown, params: unknown) => params,
};

function withExtend(members: Members, prefix: string): Members {
  /** Member `name` extended with `options`: an existing one, or (a new name) `get`. */
  const extendMember = (name: string, options: unknown): RestEndpoint => {
    if (name === 'extend')
      throw new TypeError(
        message(
          'TSR52',
          () =>
            process.env.NODE_ENV !== 'production' && 'resource extend(): `extend` is not a member',
        ),
      );
    if (options === null || typeof options !== 'object') {
      throw new TypeError(
        message(
          `TSR53 ${name}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `resource extend(): the options of ${name} must be an object`,
        ),
      );
    }
    if (Object.hasOwn(members, name)) return members[name].extend(options as object);
    return members.get.extend({ name: `${prefix}.${name}`, ...options });
  };
  const extend = (
    nameOrMembers: string | ((base: Members) => Members) | Record<string, unknown>,
    options?: Record<string, unknown>,
  ) => {
    if (typeof nameOrMembers === 'function') {
      const added = nameOrMembers(members);
      if (added === null || typeof added !== 'object') {
        throw new TypeError(
          message(
            'TSR54',
            () =>
              process.env.NODE_ENV !== 'production' &&
              'resource extend(fn): fn must return an object of endpoints',
          ),
        );
      }
      return withExtend({ ...members, ...added }, prefix);
    }
    if (typeof nameOrMembers === 'string') {
      return withExtend(
        { ...members, [nameOrMembers]: extendMember(nameOrMembers, options ?? {}) },
        prefix,
      );
    }
    if (nameOrMembers === null || typeof nameOrMembers !== 'object') {
      throw new TypeError(
        message(
          'TSR55',
          () =>
            process.env.NODE_ENV !== 'production' &&
            'resource extend() takes a member name and options, an object of them, or a function',
        ),
      );
    }
    const next: Members = { ...members };
    for (const name of Object.keys(nameOrMembers)) {
      Object.defineProperty(next, name, {
        value: extendMember(name, nameOrMembers[name]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return withExtend(next, prefix);
  };
  const result: Members = { ...members };
  Object.defineProperty(result, 'extend', { value: extend, enumerable: false });
  return result;
}
