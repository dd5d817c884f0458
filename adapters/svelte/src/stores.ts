import {
  type CallState,
  type DenormalizeNullable,
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type ObserverOptions,
  type PagedEndpoint,
  type QueryArgs,
  QueryObserver,
  type ResultOf,
  type Schema,
  suspense,
} from '@tessera/core';
import { type TrackedCall, trackCalls } from '@tessera/core/internal';
import { derived, type Readable } from 'svelte/store';
import { getTessera } from './context.js';
import { argsStore, type MaybeReactive } from './reactiveArgs.js';
import { type Reader, readerStore } from './readerStore.js';
import { contextController } from './useMutation.js';

/**
 * Arguments of a store accessor: the endpoint's own arguments, or `[null]` ("not now"), or one
 * Svelte store or thunk whose value is the first argument (or `null`).
 */
export type ReactiveArgs<E extends EndpointInterface> =
  | EndpointArgs<E>
  | readonly [MaybeReactive<EndpointArgs<E>[0]>];

/** Readable of one endpoint's `{ data, loading, error, isPreviousData }`; use it as `$todo`. */
export type DLEStore<E extends EndpointInterface> = Readable<DLE<ResultOf<E>>>;

function endpointStore<E extends EndpointInterface>(
  endpoint: E,
  args: ReactiveArgs<E>,
  options: ObserverOptions,
): DLEStore<E> {
  const { controller } = getTessera();
  const observer = new EndpointObserver(controller, endpoint, [null] as EndpointArgs<E>, options);
  return readerStore(observer, argsStore<EndpointArgs<E>>(args));
}

/**
 * `{ data, loading, error, isPreviousData }` of an endpoint as a Svelte store: fetches when the
 * data is missing or stale, then follows the store. Call it during component initialisation.
 */
export function dleStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): DLEStore<E> {
  return endpointStore(endpoint, args, {});
}

/**
 * `dleStore` kept live while subscribed: polled at the endpoint's `pollFrequency` (with a
 * `PollingManager`), or its topic's pushes (with a `LiveManager`).
 */
export function liveStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): DLEStore<E> {
  return endpointStore(endpoint, args, { mode: 'live' });
}

/** The data the cache holds for the endpoint and arguments, as it changes; never fetches. */
export function cacheStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): Readable<ResultOf<E>> {
  return derived(endpointStore(endpoint, args, { mode: 'cache' }), (snapshot) => snapshot.data);
}

/** A schema query (`Todo` by pk, `new All(Todo)`, a `Query`) as it changes. Never fetches. */
export function queryStore<S extends Schema>(
  schema: S,
  ...args: readonly unknown[]
): Readable<DenormalizeNullable<S> | undefined> {
  const { controller } = getTessera();
  // Typed by the signature: the generic result type is too deep to instantiate here.
  const observer: Reader<unknown, QueryArgs> = new QueryObserver<Schema>(controller, schema, [
    null,
  ]);
  return readerStore(observer, argsStore<QueryArgs>(args)) as Readable<
    DenormalizeNullable<S> | undefined
  >;
}

/**
 * A store of promises for `{#await $todo then todo}`: a new promise each time the arguments change
 * (resolving at once from fresh cached data). The awaited value is the data at that moment; read
 * `dleStore` inside the block to follow later changes.
 */
export function suspenseStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): Readable<Promise<FetchResult<E> | undefined>> {
  const { controller } = getTessera();
  return derived(argsStore<EndpointArgs<E>>(args), (current) =>
    suspense(controller, endpoint, ...current),
  );
}

/**
 * A Svelte store of a mutation's `{ loading, error }` (`$save.loading`), `run` / `runAsync` to
 * call it and `reset` to clear its error.
 */
export interface MutationStore<A extends readonly unknown[], R> extends Readable<CallState> {
  /** Calls the mutation from a handler: never rejects; a failure shows in `error`. */
  readonly run: (...args: A) => void;
  /** Calls the mutation; returns that call's own promise, which rejects when it fails. */
  readonly runAsync: (...args: A) => Promise<R>;
  /** Clears `error`; a call still in flight stays `loading` and no longer shows its failure. */
  readonly reset: () => void;
}

/**
 * Tracks the calls of a mutation: an endpoint (`run(...args)` is `controller.fetch(endpoint,
 * ...args)`) or any async function. `loading` while a call is in flight (concurrent calls are
 * counted); `error` of the latest settled call, cleared when a new call starts.
 */
export function mutationStore<E extends EndpointInterface>(
  endpoint: E,
): MutationStore<Parameters<E>, FetchResult<E>>;
export function mutationStore<A extends readonly unknown[], R>(
  call: (...args: A) => Promise<R>,
): MutationStore<A, R>;
export function mutationStore(call: TrackedCall): MutationStore<never[], unknown> {
  const tracker = trackCalls(call, contextController);
  return {
    subscribe: (run) => tracker.listen(run),
    run: (...args) => tracker.run(...args),
    runAsync: (...args) => tracker.runAsync(...args),
    reset: () => tracker.reset(),
  };
}

/**
 * A Svelte store of an infinite list (`$todos.data`, `$todos.hasNextPage`), with
 * `fetchNextPage` and `fetchPreviousPage` to call (core's `InfiniteObserver`). `params` is the
 * list's parameters, a Svelte store or a thunk of them (`null`: not now); when it changes, a
 * fresh list starts.
 */
export interface InfiniteStore<Page, P = unknown> extends Readable<InfiniteDLE<Page, P>> {
  /** Appends the next page (a call while one loads joins it); resolves once settled, never rejects. */
  fetchNextPage(): Promise<InfiniteDLE<Page, P>>;
  /** Fetches the page before the first one (see `fetchNextPage`). */
  fetchPreviousPage(): Promise<InfiniteDLE<Page, P>>;
}

export function infiniteStore<E extends PagedEndpoint, P = unknown>(
  endpoint: E,
  params?: MaybeReactive<Parameters<E>[0] | null>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): InfiniteStore<FetchResult<E>, P> {
  const { controller } = getTessera();
  const observer = new InfiniteObserver(controller, endpoint, [null] as never, options);
  const args = argsStore<never>(params === undefined ? [] : [params]);
  return {
    subscribe: readerStore(observer, args).subscribe,
    fetchNextPage: () => observer.fetchNextPage(),
    fetchPreviousPage: () => observer.fetchPreviousPage(),
  };
}
