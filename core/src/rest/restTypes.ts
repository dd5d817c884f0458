// Types of RestEndpoint: its generics, call arguments, options and members
// (docs/reference/rest-endpoint.md#options, #call-arguments).
import type { Schema } from '../schema/interface';
import type { Denormalize, DenormalizeNullable } from '../schema/types';
import type { ContentMode, ContentTypes } from './parseResponse';
import type { PathParams, Prettify } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';

/**
 * What a RestEndpoint's types are computed from. Subclasses take
 * `O extends RestGenerics = AnyGenerics` and pass it on
 * (`class Authd<O extends RestGenerics = AnyGenerics> extends RestEndpoint<O>`).
 */
export interface RestGenerics {
  readonly path: string;
  readonly schema?: Schema | undefined;
  readonly method?: string;
  /** Type of the body argument; `undefined` means there is none. */
  readonly body?: unknown;
  /** Extra query parameters, passed in the first argument. */
  readonly searchParams?: unknown;
  readonly paginationField?: string;
  readonly content?: ContentMode;
  /**
   * `process`'s type, set from the option's method (its return type is the call's result).
   * Declared `unknown` here: a signature in the constraint would blur the contextual typing
   * of the option's parameters.
   */
  readonly process?: unknown;
}

/**
 * "Some generics": the default of `RestEndpoint<O>`, so that every endpoint is a `RestEndpoint`
 * (e.g. as a constraint, `E extends RestEndpoint`). TypeScript has no existential type; `any` is
 * the one type that stands for every `O` at once, and `IsAny` checks below keep the derived
 * types (arguments, result) open for it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the existential "some RestGenerics" (see above)
export type AnyGenerics = any;

/**
 * JSON whose shape nothing declares (no schema, `process`, `parseResponse` or `body` type): the
 * untyped value such an endpoint resolves to or takes as its body, as
 * docs/reference/rest-endpoint.md#call-arguments and #responses and RestEndpoint.types.test.ts pin
 * it, so that an untyped endpoint stays easy to use. Give it a schema, a `body` or a `process` to
 * type it.
 */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON is `any` by contract (see above)
export type UntypedJson = any;

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * HTTP methods that carry a body by default

 * (docs/reference/rest-endpoint.md#call-arguments, rule 2).
 */
export type BodyMethod = 'POST' | 'PUT' | 'PATCH';

/** The method of `O` (`'GET'` when unset). */
export type MethodOf<O> = O extends { readonly method: infer M extends string } ? M : 'GET';

/**
 * Type of the body argument: as declared, else untyped JSON for POST/PUT/PATCH and `undefined`
 * (no body) for the rest. Fixed at construction: `extend()` carries it instead of re-deriving it.
 */
export type BodyOf<O> = 'body' extends keyof O
  ? O['body']
  : Uppercase<MethodOf<O>> extends BodyMethod
    ? UntypedJson
    : undefined;

/** True when calls take a body argument. */
export type HasBody<O> =
  IsAny<BodyOf<O>> extends true ? true : [BodyOf<O>] extends [undefined] ? false : true;

type SearchParamsOf<O> = 'searchParams' extends keyof O
  ? IsAny<O['searchParams']> extends true
    ? Record<string, UntypedJson>
    : [O['searchParams']] extends [undefined]
      ? {}
      : O['searchParams']
  : {};

/** The first call argument: path params plus declared search params. */
export type UrlParamsOf<O extends RestGenerics> = Prettify<
  PathParams<O['path']> & SearchParamsOf<O>
>;

type ParamsArgs<P> = keyof P extends never ? [] : {} extends P ? [params?: P] : [params: P];

type ParamsAndBodyArgs<P, B> = keyof P extends never
  ? [body: B]
  : {} extends P
    ? [params: P, body: B] | [body: B]
    : [params: P, body: B];

/**
 * Call arguments (docs/reference/rest-endpoint.md#call-arguments): `[params?]` or `[params, body]`,
 * params omitted when none.
 */
export type RestArgs<O extends RestGenerics> =
  IsAny<O> extends true
    ? // any arguments: a call typed for some generics takes whatever its own generics take
      UntypedJson[]
    : HasBody<O> extends true
      ? ParamsAndBodyArgs<UrlParamsOf<O>, BodyOf<O>>
      : ParamsArgs<UrlParamsOf<O>>;

/** What `parseResponse` yields: an overriding option's result, else per `content`. */
export type ParsedOf<O> = O extends { readonly parseResponse: AnyFunction<infer P> }
  ? Awaited<P>
  : O extends { readonly content: infer C extends ContentMode }
    ? ContentTypes[C]
    : UntypedJson;

/** Every function returning R extends this, whatever its parameters (`never` accepts them all). */
type AnyFunction<R = unknown> = (...args: never[]) => R;

/**
 * What calling the endpoint resolves to
 * (docs/reference/rest-endpoint.md#direct-calls-and-the-store): the result of a `process` option,
 * else of a subclass's `process` override (`Override`, its return type), else what `parseResponse`
 * yields.
 */
export type RestResult<O, Override = unknown> = O extends {
  readonly process: AnyFunction<infer R>;
}
  ? Awaited<R>
  : unknown extends Override
    ? ResponseOf<O>
    : Awaited<Override>;

/**
 * What a call resolves to without `process`: an overriding `parseResponse`'s result, the type of
 * a non-JSON `content`, else the JSON of the schema's data (any JSON when there is no schema).
 * The response is the server's JSON: an entity's methods and non-JSON field types (a `Date`
 * field) are what the store adds, so a direct call is typed without them (`JsonOf`); call
 * `pk()` on what the store returns (`controller.fetch`, the readers), not on this.
 */
type ResponseOf<O> = O extends { readonly parseResponse: AnyFunction }
  ? ParsedOf<O>
  : O extends { readonly content: infer C extends Exclude<ContentMode, 'json'> }
    ? ContentTypes[C]
    : O extends { readonly schema: infer S extends Exclude<Schema, undefined | null> }
      ? [Exclude<Schema, undefined | null>] extends [S]
        ? ParsedOf<O>
        : JsonOf<Denormalize<S>>
      : ParsedOf<O>;

/**
 * The JSON a server sends for data the store would give as `T`: objects with their fields but
 * none of their methods (an entity's `pk()`), a `Date` as its string. A getter declared on an
 * entity class is typed like a field and cannot be told apart: it is not in the JSON either.
 */
export type JsonOf<T> = T extends Date
  ? string
  : T extends AnyFunction
    ? never
    : T extends readonly (infer U)[]
      ? JsonOf<U>[]
      : T extends object
        ? { [K in keyof T as T[K] extends AnyFunction ? never : K]: JsonOf<T[K]> }
        : T;

/** What `getOptimisticResponse` returns: the result type of a declared `process`. */
type OptimisticResult<O> = O extends { readonly process: AnyFunction } ? RestResult<O> : unknown;

/** The schema of `O` (`undefined` when none). */
export type SchemaOf<O> = O extends { readonly schema: infer S } ? S : undefined;

/** Read access to the store handed to `getOptimisticResponse` (the store's snapshot fits it). */
export interface OptimisticSnapshot {
  /** Throw it to cancel the optimistic update. */
  readonly abort: Error;
  readonly fetchedAt: number;
  get<S extends Schema>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S>;
}

/**
 * `update`'s result: for each endpoint key, how to rewrite its normalized result. A rewriter
 * names the result's type it knows (`(ids: string[]) => ...`): it is declared through a method,
 * whose parameters are bivariant, so that such a function is accepted.
 */
export type ResultUpdates = {
  [endpointKey: string]: { rewrite(current: unknown): unknown }['rewrite'];
};

/** Retry details (the store's `RetryOptions`, declared here too: rest does not import store). */
export interface RetryDetails {
  readonly attempts?: number;
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
}

/**
 * Live data (read by a `LiveManager`, docs/guide/live-data.md): which topic the server pushes this
 * endpoint's updates on, and what its messages carry.
 */
export interface LiveOptions<A extends readonly unknown[] = readonly never[]> {
  /** The topic to subscribe to while the endpoint is read live (default: its key for the args). */
  readonly topic?: string | ((...args: A) => string);
  /**
   * What a message's data is written through: an Entity, `new Invalidate(Entity)`, a
   * collection's `push`, an object of these... Without it, a message is the endpoint's whole
   * result for the reader's arguments (stored as if it had just been fetched).
   */
  readonly schema?: Schema;
}

/** Options that are not generics: accepted by the constructor, `extend()` and as overrides. */
export interface RestEndpointExtraOptions<O extends RestGenerics> {
  /**
   * Prepended to the compiled path (one slash between them). An absolute prefix keeps its
   * origin: a URL that would change it is a TypeError. Default `''`.
   */
  readonly urlPrefix?: string;
  readonly requestInit?: RequestInit;
  readonly signal?: AbortSignal | undefined;
  /** Default: false for GET, true for other methods. */
  readonly sideEffect?: boolean;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  readonly invalidIfStale?: boolean;
  readonly pollFrequency?: number;
  /** Readers refetch stale data when the page is shown again (needs a PageManager). */
  readonly refetchOnWindowFocus?: boolean;
  /** Readers refetch stale data when the network comes back (needs a PageManager). */
  readonly refetchOnReconnect?: boolean;
  /** Pushed updates while read live (needs a `LiveManager`). */
  readonly live?: LiveOptions<RestArgs<O>>;
  /** Fail with `TimeoutError` after this many ms (direct calls too); off unless set. */
  readonly timeout?: number;
  /** Retries through the store (see the store's `retry` option); overrides it, mutations too. */
  readonly retry?: boolean | number | RetryDetails;
  /** A readable name (default `METHOD path`). */
  readonly name?: string;
  errorPolicy?(error: unknown): 'soft' | undefined;
  /**
   * With a `process`, returns what it resolves to
   * (docs/reference/rest-endpoint.md#optimistic-responses).
   */
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): OptimisticResult<O>;
  update?(normalizedResponse: unknown, ...args: RestArgs<O>): ResultUpdates;
  url?(urlParams: UrlParamsOf<O>): string;
  searchToString?(searchParams: Record<string, unknown>): string;
  getRequestInit?(body: unknown): RequestInit | Promise<RequestInit>;
  getHeaders?(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  fetchResponse?(input: string, init: RequestInit): Promise<Response>;
  parseResponse?(response: Response): Promise<unknown>;
  key?(...args: RestArgs<O>): string;
  testKey?(key: string): boolean;
  process?(value: ParsedOf<O>, ...args: RestArgs<O>): unknown;
}

/**
 * The constructor's argument: the generics (inferred; `Readonly<O>` keeps `path` and `method`
 * literal) plus every other option.
 */
export type RestEndpointOptions<O extends RestGenerics> = Readonly<O> &
  RestEndpointExtraOptions<O> &
  ContentSchemaRule<O> &
  ThisType<RestEndpointInstance<O>>;

/**
 * Only JSON is normalized, so any other `content` mode takes no schema
 * (docs/reference/rest-endpoint.md#responses).
 */
export type ContentSchemaRule<O> = O extends { readonly content: infer C }
  ? [C] extends ['json' | undefined]
    ? {}
    : { readonly schema?: undefined }
  : {};

/**
 * Options with a `process` whose return type is captured as `R`. (`process` is left out of the
 * other options: two signatures for one method blur the contextual types of its parameters.)
 */
export type WithProcessOption<Options, O extends RestGenerics, R> = Omit<
  Options,
  'process' | 'getOptimisticResponse'
> & {
  process(value: ParsedOf<O>, ...args: RestArgs<O>): R;
  /**
   * Must match what the endpoint resolves to
   * (docs/reference/rest-endpoint.md#optimistic-responses).
   */
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): NoInfer<Awaited<R>>;
};

/** `O` with `process` returning `R`. */
export type WithProcess<O extends RestGenerics, R> =
  IsAny<O> extends true
    ? AnyGenerics
    : Prettify<Omit<O, 'process'> & { readonly process: AnyFunction<R> }> extends infer W extends
          RestGenerics
      ? W
      : never;

/**
 * Generics given to `extend()`: any of them, all optional. The index signature keeps this
 * from being a "weak type", which would reject options that set none of the generics.
 */
export interface ExtendGenerics extends Partial<RestGenerics> {
  readonly [option: string]: unknown;
}

/**
 * Generics after `extend(E)`: E's members win. The body argument stays as it was unless E declares
 * `body` (`method` shapes the arguments only in the constructor:
 * docs/reference/rest-endpoint.md#call-arguments, rule 3).
 */
export type Extended<O extends RestGenerics, E> =
  IsAny<O> extends true
    ? AnyGenerics
    : Prettify<
          Omit<O, keyof E | 'body'> &
            Omit<E, 'body'> & { readonly body: 'body' extends keyof E ? E['body'] : BodyOf<O> }
        > extends infer R extends RestGenerics
      ? R
      : never;

/** Options of `extend()`: the generics given (E) plus other options, typed for the result. */
export type ExtendOptions<O extends RestGenerics, E> = Readonly<E> &
  RestEndpointExtraOptions<Extended<O, E>> &
  ThisType<RestEndpointInstance<Extended<O, E>>>;

/**
 * Members of every RestEndpoint (docs/reference/rest-endpoint.md#options), besides the call
 * signature.
 */
export interface RestEndpointMembers<O extends RestGenerics> {
  readonly path: O['path'];
  readonly urlPrefix: string;
  readonly method: MethodOf<O>;
  /** The schema; its type is `S` for the store's denormalized types. */
  readonly schema: SchemaOf<O>;
  /** Type-only: the declared body type (`undefined` when calls take none). */
  readonly body: BodyOf<O>;
  /** Type-only: the declared extra query parameters. */
  readonly searchParams: O['searchParams'];
  readonly paginationField: O['paginationField'];
  readonly content: O['content'];
  readonly requestInit: RequestInit | undefined;
  readonly signal: AbortSignal | undefined;
  readonly sideEffect: boolean;
  readonly dataExpiryLength: number | undefined;
  readonly errorExpiryLength: number | undefined;
  readonly invalidIfStale: boolean | undefined;
  readonly pollFrequency: number | undefined;
  readonly refetchOnWindowFocus?: boolean;
  readonly refetchOnReconnect?: boolean;
  readonly live: LiveOptions<RestArgs<O>> | undefined;
  readonly timeout: number | undefined;
  readonly retry: boolean | number | RetryDetails | undefined;
  /** `METHOD path` unless set. */
  readonly name: string;
  errorPolicy?(error: unknown): 'soft' | undefined;
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): unknown;
  update?(normalizedResponse: unknown, ...args: RestArgs<O>): ResultUpdates;

  /**
   * `urlPrefix` + compiled path, then `?` + `searchToString(leftover params)` if any. Takes
   * undeclared query params too (`url({ group, id, sort })`); the call itself does not.
   */
  url(urlParams: UrlParamsOf<O> & Readonly<Record<string, UntypedJson>>): string;
  /** Default: URLSearchParams with sorted keys; arrays repeat the key; undefined is left out. */
  searchToString(searchParams: Record<string, unknown>): string;
  getRequestInit(body?: unknown): RequestInit | Promise<RequestInit>;
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
  parseResponse(response: Response): Promise<unknown>;
  /**
   * Transforms the parsed value. Typed loosely here (method parameters are bivariant) so
   * subclasses can override it with their own signature; the call's result type comes from a
   * `process` option, else from the return type of a subclass's override.
   */
  process(value: unknown, ...args: unknown[]): unknown;
  /** Store lookup key: `METHOD url`. Takes the URL params, or the call's arguments. */
  key(urlParams: UrlParamsOf<O>): string;
  key(...args: RestArgs<O>): string;
  /** True when `key` is a key this endpoint produces (any params, any query string). */
  testKey(key: string): boolean;
  /**
   * A new endpoint of the same class with these options; this one is unchanged. (Typed as a
   * RestEndpoint: a subclass's extra members are not in the result type.)
   */
  extend<E extends ExtendGenerics = {}, R = unknown>(
    options: Readonly<E> &
      WithProcessOption<RestEndpointExtraOptions<Extended<O, E>>, Extended<O, E>, R> &
      ThisType<RestEndpointInstance<Extended<O, E>>>,
  ): RestEndpoint<WithProcess<Extended<O, E>, R>>;
  extend<E extends ExtendGenerics = {}>(options: ExtendOptions<O, E>): RestEndpoint<Extended<O, E>>;
}

/** A RestEndpoint's instance type without the collection accessors (used for `this`). */
export interface RestEndpointInstance<O extends RestGenerics = AnyGenerics>
  extends RestEndpointMembers<O> {
  (...args: RestArgs<O>): Promise<RestResult<O, ReturnType<this['process']>>>;
}
