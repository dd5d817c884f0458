import {
  type Controller,
  type CreateStoreOptions,
  createStore,
  type DenormalizeNullable,
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  type FetchResult,
  type Listenable,
  type QueryArgs,
  type ResultOf,
  type Schema,
  type Store,
  suspense,
  type Unsubscribe,
} from '@tessera/core';
import { cache } from './cache';
import { dle, keepLive, live } from './dle';
import { type Mutation, mutation } from './mutation';
import { query } from './query';

/** Options of `createTessera`: those of `createStore`, or `store` to use a store you created. */
export interface TesseraOptions extends CreateStoreOptions {
  /**
   * A store to use instead of creating one (e.g. `createFixtureStore` from
   * `@tessera/core/testing`). It stays yours: `dispose()` leaves it running.
   */
  store?: Store;
}

/** A running store with the readers bound to its controller. */
export interface Tessera {
  readonly store: Store;
  /** The store's controller: `fetch`, `set`, `invalidate`, ... and `subscribe` to the state. */
  readonly controller: Controller;
  /** Promise of the data: at once from fresh data, else after a fetch (see `suspense`). */
  suspense<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly [...Parameters<E>]
  ): Promise<FetchResult<E>>;
  suspense<E extends EndpointInterface>(endpoint: E, ...args: readonly [null]): Promise<undefined>;
  suspense<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Promise<FetchResult<E> | undefined>;
  /** Data/loading/error that fetches when due (see `dle`). */
  dle<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<DLE<ResultOf<E>>>;
  /** `dle` kept live (polled at `pollFrequency`, or pushed) while someone listens (see `live`). */
  live<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<DLE<ResultOf<E>>>;
  /** What the store holds, never fetching (see `cache`). */
  cache<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<ResultOf<E>>;
  /** A schema query as it changes, never fetching (see `query`). */
  query<S extends Schema>(
    schema: S,
    ...args: QueryArgs
  ): Listenable<DenormalizeNullable<S> | undefined>;
  /** Loading and error of a mutation, with `run` to call it (see `mutation`). */
  mutation<E extends EndpointInterface>(endpoint: E): Mutation<Parameters<E>, FetchResult<E>>;
  mutation<A extends readonly unknown[], R>(call: (...args: A) => Promise<R>): Mutation<A, R>;
  /**
   * The controller's `fetchIfStale`: fetches only when a fetch is due (missing, invalid or stale
   * data; a request in flight is joined), unlike `controller.fetch`, which always fetches.
   * Resolves with the data; rejects with the fetch's error. `null` arguments resolve to undefined.
   */
  fetchIfStale<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Promise<FetchResult<E> | undefined>;
  /**
   * `fetchIfStale`, resolving to nothing.
   * @deprecated Use `fetchIfStale`: "fetch" is `controller.fetch`, which always fetches. Removed
   * in the next minor release.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void>;
  /** Keeps the endpoint fetched and live until the returned function is called (see `keepLive`). */
  keepLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Unsubscribe;
  /**
   * `keepLive` under its former name.
   * @deprecated Use `keepLive` ("live" is the one word for a key kept refreshed). Removed in the
   * next minor release.
   */
  subscription<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Unsubscribe;
  /**
   * Disposes a store this Tessera created: stops managers (timers, requests in flight) and
   * completes every subscriber. A store passed in as `store` is left alone.
   */
  dispose(): void;
}

/**
 * Creates a store with core's default managers (the network one only: pass `PollingManager`,
 * `GCManager`... in `managers` to poll or collect garbage), or takes yours (`store`), and returns
 * it with readers bound to its controller. Its managers run from creation until `dispose()`.
 */
export function createTessera(options: TesseraOptions = {}): Tessera {
  const { store: given, ...storeOptions } = options;
  const store = given ?? createStore(storeOptions);
  const { controller } = store;
  // One implementation behind the overloads; `suspense` and `mutation` check their arguments.
  const boundSuspense = (endpoint: EndpointInterface, ...args: EndpointArgs<EndpointInterface>) =>
    suspense(controller, endpoint, ...args);
  const boundMutation = (call: EndpointInterface) => mutation(controller, call);
  const boundKeepLive: Tessera['keepLive'] = (endpoint, ...args) =>
    keepLive(controller, endpoint, ...args);
  return {
    store,
    controller,
    suspense: boundSuspense as Tessera['suspense'],
    dle: (endpoint, ...args) => dle(controller, endpoint, ...args),
    live: (endpoint, ...args) => live(controller, endpoint, ...args),
    cache: (endpoint, ...args) => cache(controller, endpoint, ...args),
    query: (schema, ...args) => query(controller, schema, ...args),
    mutation: boundMutation as Tessera['mutation'],
    fetchIfStale: controller.fetchIfStale,
    fetch: async (endpoint, ...args) => {
      await controller.fetchIfStale(endpoint, ...args);
    },
    keepLive: boundKeepLive,
    subscription: boundKeepLive,
    dispose: () => {
      if (!given) store.dispose();
    },
  };
}
