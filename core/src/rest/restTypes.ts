// Types of RestEndpoint: its generics, call arguments, options and members (SPEC §2.1, §4.1).
import type { Schema } from '../schema/interface';
import type { Denormalize } from '../schema/types';
import type { ContentMode, ContentTypes } from './parseResponse';
import type { PathParams, Prettify } from './pathTypes';
import type { RestEndpoint } from './RestEndpoint';

/**
 * What a RestEndpoint's types are computed from. Subclasses take `O extends RestGenerics = any`
 * and pass it on (`class Authd<O extends RestGenerics = any> extends RestEndpoint<O>`).
 */
export interface RestGenerics {
  readonly path: string;
  readonly schema?: Schema | undefined;
  readonly method?: string;
  /** Type of the body argument; `undefined` means there is none. */
  readonly body?: any;
  /** Extra query parameters, passed in the first argument. */
  readonly searchParams?: any;
  readonly paginationField?: string;
  readonly content?: ContentMode;
  /**
   * `process`'s type, set from the option's method (its return type is the call's result).
   * Declared `unknown` here: a signature in the constraint would blur the contextual typing
   * of the option's parameters.
   */
  readonly process?: unknown;
}

type IsAny<T> = 0 extends 1 & T ? true : false;

/** HTTP methods that carry a body by default (SPEC §4.1 rule 2). */
export type BodyMethod = 'POST' | 'PUT' | 'PATCH';

/** The method of `O` (`'GET'` when unset). */
export type MethodOf<O> = O extends { readonly method: infer M extends string } ? M : 'GET';

/**
 * Type of the body argument: as declared, else `any` for POST/PUT/PATCH and `undefined` (no
 * body) for the rest. Fixed at construction: `extend()` carries it instead of re-deriving it.
 */
export type BodyOf<O> = 'body' extends keyof O
  ? O['body']
  : Uppercase<MethodOf<O>> extends BodyMethod
    ? any
    : undefined;

/** True when calls take a body argument. */
export type HasBody<O> =
  IsAny<BodyOf<O>> extends true ? true : [BodyOf<O>] extends [undefined] ? false : true;

type SearchParamsOf<O> = 'searchParams' extends keyof O
  ? IsAny<O['searchParams']> extends true
    ? Record<string, any>
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

/** Call arguments (SPEC §4.1): `[params?]` or `[params, body]`, params omitted when none. */
export type RestArgs<O extends RestGenerics> =
  IsAny<O> extends true
    ? any[]
    : HasBody<O> extends true
      ? ParamsAndBodyArgs<UrlParamsOf<O>, BodyOf<O>>
      : ParamsArgs<UrlParamsOf<O>>;

/** What `parseResponse` yields: an overriding option's result, else per `content`. */
export type ParsedOf<O> = O extends { readonly parseResponse: (...args: any) => infer P }
  ? Awaited<P>
  : O extends { readonly content: infer C extends ContentMode }
    ? ContentTypes[C]
    : any;

/**
 * What calling the endpoint resolves to (SPEC §1): the result of a `process` option, else of a
 * subclass's `process` override (`Override`, its return type), else what `parseResponse` yields.
 */
export type RestResult<O, Override = any> = O extends {
  readonly process: (...args: any) => infer R;
}
  ? Awaited<R>
  : IsAny<Override> extends true
    ? ResponseOf<O>
    : Awaited<Override>;

/**
 * What a call resolves to without `process`: an overriding `parseResponse`'s result, the type of
 * a non-JSON `content`, else the schema's data type (any JSON when there is no schema). The
 * response is the server's JSON, so an entity's methods and non-JSON field types (a `Date`
 * field) are what the store adds: call `pk()` on what the store returns, not on this.
 */
type ResponseOf<O> = O extends { readonly parseResponse: (...args: any) => unknown }
  ? ParsedOf<O>
  : O extends { readonly content: infer C extends Exclude<ContentMode, 'json'> }
    ? ContentTypes[C]
    : O extends { readonly schema: infer S extends Exclude<Schema, undefined | null> }
      ? [Exclude<Schema, undefined | null>] extends [S]
        ? ParsedOf<O>
        : Denormalize<S>
      : ParsedOf<O>;

/** What `getOptimisticResponse` returns: the result type of a declared `process`. */
type OptimisticResult<O> = O extends { readonly process: (...args: any) => any }
  ? RestResult<O>
  : unknown;

/** The schema of `O` (`undefined` when none). */
export type SchemaOf<O> = O extends { readonly schema: infer S } ? S : undefined;

/** Read access to the store handed to `getOptimisticResponse` (the store's snapshot fits it). */
export interface OptimisticSnapshot {
  /** Throw it to cancel the optimistic update. */
  readonly abort: Error;
  readonly fetchedAt: number;
  get(schema: any, ...args: readonly unknown[]): any;
}

/** `update`'s result: for each endpoint key, how to rewrite its normalized result. */
export type ResultUpdates = { [endpointKey: string]: (current: any) => any };

/** Retry details (the store's `RetryOptions`, declared here too: rest does not import store). */
export interface RetryDetails {
  readonly attempts?: number;
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
}

/** Options that are not generics: accepted by the constructor, `extend()` and as overrides. */
export interface RestEndpointExtraOptions<O extends RestGenerics> {
  /** Prepended to the compiled path. Default `''`. */
  readonly urlPrefix?: string;
  readonly requestInit?: RequestInit;
  readonly signal?: AbortSignal | undefined;
  /** Default: false for GET, true for other methods. */
  readonly sideEffect?: boolean;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  readonly invalidIfStale?: boolean;
  readonly pollFrequency?: number;
  /** Fail with `TimeoutError` after this many ms (direct calls too); off unless set. */
  readonly timeout?: number;
  /** Retries through the store (see the store's `retry` option); overrides it, mutations too. */
  readonly retry?: boolean | number | RetryDetails;
  /** A readable name (default `METHOD path`). */
  readonly name?: string;
  errorPolicy?(error: any): 'soft' | undefined;
  /** With a `process`, returns what it resolves to (SPEC §4.5). */
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): OptimisticResult<O>;
  update?(normalizedResponse: any, ...args: RestArgs<O>): ResultUpdates;
  url?(urlParams: UrlParamsOf<O>): string;
  searchToString?(searchParams: Record<string, any>): string;
  getRequestInit?(body: unknown): RequestInit | Promise<RequestInit>;
  getHeaders?(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  fetchResponse?(input: string, init: RequestInit): Promise<Response>;
  parseResponse?(response: Response): Promise<any>;
  key?(...args: RestArgs<O>): string;
  testKey?(key: string): boolean;
  process?(value: ParsedOf<O>, ...args: RestArgs<O>): any;
}

/**
 * The constructor's argument: the generics (inferred; `Readonly<O>` keeps `path` and `method`
 * literal) plus every other option.
 */
export type RestEndpointOptions<O extends RestGenerics> = Readonly<O> &
  RestEndpointExtraOptions<O> &
  ContentSchemaRule<O> &
  ThisType<RestEndpointInstance<O>>;

/** SPEC §4.4: only JSON is normalized, so any other `content` mode takes no schema. */
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
  /** Must match what the endpoint resolves to (SPEC §4.5). */
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): NoInfer<Awaited<R>>;
};

/** `O` with `process` returning `R`. */
export type WithProcess<O extends RestGenerics, R> =
  IsAny<O> extends true
    ? any
    : Prettify<
          Omit<O, 'process'> & { readonly process: (value: any, ...args: any[]) => R }
        > extends infer W extends RestGenerics
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
 * Generics after `extend(E)`: E's members win. The body argument stays as it was unless E
 * declares `body` (SPEC §4.1 rule 4: `method` shapes the arguments only in the constructor).
 */
export type Extended<O extends RestGenerics, E> =
  IsAny<O> extends true
    ? any
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

/** Members of every RestEndpoint (SPEC §2.1), besides the call signature. */
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
  readonly timeout: number | undefined;
  readonly retry: boolean | number | RetryDetails | undefined;
  /** `METHOD path` unless set. */
  readonly name: string;
  errorPolicy?(error: any): 'soft' | undefined;
  getOptimisticResponse?(snap: OptimisticSnapshot, ...args: RestArgs<O>): unknown;
  update?(normalizedResponse: any, ...args: RestArgs<O>): ResultUpdates;

  /**
   * `urlPrefix` + compiled path, then `?` + `searchToString(leftover params)` if any. Takes
   * undeclared query params too (`url({ group, id, sort })`); the call itself does not.
   */
  url(urlParams: UrlParamsOf<O> & Readonly<Record<string, any>>): string;
  /** Default: URLSearchParams with sorted keys; arrays repeat the key; undefined is left out. */
  searchToString(searchParams: Record<string, any>): string;
  getRequestInit(body?: unknown): RequestInit | Promise<RequestInit>;
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
  parseResponse(response: Response): Promise<any>;
  /**
   * Transforms the parsed value. Typed loosely here so subclasses can override it with any
   * signature; the call's result type comes from a `process` option, else from the return
   * type of a subclass's override.
   */
  process(value: any, ...args: any[]): any;
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
export interface RestEndpointInstance<O extends RestGenerics = any> extends RestEndpointMembers<O> {
  (...args: RestArgs<O>): Promise<RestResult<O, ReturnType<this['process']>>>;
}
