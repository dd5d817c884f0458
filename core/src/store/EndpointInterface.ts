import type { SnapshotInterface } from './SnapshotInterface';
import type { Denormalize, DenormalizeNullable, Schema } from './schemaTypes';

/**
 * Retries with exponential backoff and jitter: `true` (3 retries), a number of retries, or
 * details. Only failures whose `status` is 500 or more are retried: server errors, and network
 * failures and timeouts (ConnectionError 500, TimeoutError 504).
 */
export type RetryOption = boolean | number | RetryOptions;

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  readonly attempts?: number;
  /** Delay before the first retry, doubled for each next one (ms, default 500). */
  readonly baseDelayMs?: number;
  /** Longest delay between two attempts (ms, default 30 000). */
  readonly maxDelayMs?: number;
}

/**
 * "Some endpoint's call signature", the default of `EndpointInterface<F>`: every endpoint is an
 * `EndpointInterface`, and the bare type still takes the arguments an app passes along (fixtures,
 * `controller.fetch(endpoint, ...args)` in generic code). TypeScript has no existential type:
 * `never[]` parameters would accept every endpoint but no arguments, `unknown[]` every argument
 * but no endpoint with typed parameters; only `any[]` does both.
 */
// biome-ignore lint/suspicious/noExplicitAny: the existential "some parameter list" (see above)
export type AnyFetchFunction = (...args: any[]) => Promise<unknown>;

/**
 * For each result key, how `update` rewrites its normalized result. A rewriter names the type
 * it knows (`(ids: string[]) => ...`): declared through a method, whose parameters are bivariant,
 * so that such a function is accepted.
 */
export type ResultRewriters = {
  readonly [key: string]: { rewrite(current: unknown): unknown }['rewrite'];
};

/**
 * The error policy an endpoint applies to a failed fetch (docs/reference/errors.md#error-policy).
 */
export type ErrorPolicy = 'soft' | 'hard' | undefined;

/**
 * What the store needs from an endpoint. `RestEndpoint` satisfies it structurally; any callable
 * with a `key()` does too, so the store never depends on the rest layer.
 */
export interface EndpointInterface<
  F extends AnyFetchFunction = AnyFetchFunction,
  S extends Schema = Schema,
> {
  (...args: Parameters<F>): ReturnType<F>;
  /** Lookup key of the result for these arguments. */
  key(...args: Parameters<F>): string;
  readonly schema?: S;
  /** True for mutations: never shared between concurrent calls, and may be optimistic. */
  readonly sideEffect?: boolean;
  /** Lifetime of fetched data in ms; overrides the store default. */
  readonly dataExpiryLength?: number;
  /** Lifetime of a fetch error in ms; overrides the store default. */
  readonly errorExpiryLength?: number;
  /** `'soft'`: keep showing stale data and hide the error while data exists. */
  errorPolicy?(error: unknown): ErrorPolicy;
  /** Stale data counts as unusable. */
  readonly invalidIfStale?: boolean;
  /** Poll every this many ms while `controller.keepLive()` holds a subscription. */
  readonly pollFrequency?: number;
  /** Readers refetch stale data when the page is shown again (with a PageManager; default its own). */
  readonly refetchOnWindowFocus?: boolean;
  /** Readers refetch stale data when the network comes back (with a PageManager; default its own). */
  readonly refetchOnReconnect?: boolean;
  /** Fail a request that takes longer than this many ms (`TimeoutError`); overrides the store's. */
  readonly timeout?: number;
  /**
   * Retry a failed request (network failure, timeout, 5xx); overrides the store's, and applies
   * to mutations too (the store's never does). `false` or `0` turns it off.
   */
  readonly retry?: RetryOption;
  /** The expected response, shown at once until the real one arrives. Throw `snap.abort` to skip. */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: unknown[]): unknown;
  /** After a fetch, rewrites other cached (normalized) results by key. */
  update?(normalizedResponse: unknown, ...args: unknown[]): ResultRewriters;
  /** True when a fetch key belongs to this endpoint (used by `invalidateAll`, `expireAll`, fixtures). */
  testKey?(key: string): boolean;
  readonly signal?: AbortSignal;
  /** Returns a copy with options overridden; the store only passes `{ signal }`. */
  extend?(options: { signal?: AbortSignal }): AnyFetchFunction;
  readonly name?: string;
}

/** Arguments of an endpoint, or `[null]` meaning "not now" (nothing is read or fetched). */
export type EndpointArgs<E extends EndpointInterface> =
  | readonly [...Parameters<E>]
  | readonly [null];

type SchemaOf<E> = E extends { readonly schema?: infer S } ? S : undefined;

type HasSchema<E> = [Exclude<SchemaOf<E>, undefined | null>] extends [never] ? false : true;

/** True when the schema is only known as "any schema" (the bare interface): its data is unknown. */
type IsAnySchema<E> = [Exclude<Schema, undefined | null>] extends [
  Exclude<SchemaOf<E>, undefined | null>,
]
  ? true
  : false;

/** What `controller.fetch(endpoint, ...args)` resolves to: the denormalized result, or the raw
 * result of the endpoint when it has no schema
 * (docs/reference/rest-endpoint.md#direct-calls-and-the-store). */
export type FetchResult<E extends EndpointInterface> =
  HasSchema<E> extends true
    ? IsAnySchema<E> extends true
      ? unknown
      : Denormalize<Exclude<SchemaOf<E>, undefined>>
    : Awaited<ReturnType<E>>;

/** What the cache holds for an endpoint: like `FetchResult`, or undefined when missing. */
export type ResultOf<E extends EndpointInterface> =
  HasSchema<E> extends true
    ? IsAnySchema<E> extends true
      ? unknown
      : DenormalizeNullable<Exclude<SchemaOf<E>, undefined>>
    : Awaited<ReturnType<E>> | undefined;
