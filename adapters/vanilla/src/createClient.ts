import {
  type Controller,
  type CreateStoreOptions,
  createStore,
  type EndpointArgs,
  type EndpointInterface,
  type FetchResult,
  type Listenable,
  type ResultOf,
  type Store,
  suspense,
} from '@tessera/core';
import { cache } from './cache';
import { type DLEState, dle, live } from './dle';

/** Options of `createClient`: those of `createStore` (initial state, managers, expiry, GC). */
export type ClientOptions = CreateStoreOptions;

/** A running store with the accessors bound to its controller. */
export interface Client {
  readonly store: Store;
  /** The store's controller: `fetch`, `set`, `invalidate`, ... and `subscribe` to the state. */
  readonly controller: Controller;
  /** Promise of the data (see `suspense`). */
  suspense<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly [...Parameters<E>]
  ): Promise<FetchResult<E>>;
  suspense<E extends EndpointInterface>(endpoint: E, ...args: readonly [null]): Promise<undefined>;
  suspense<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Promise<FetchResult<E> | undefined>;
  /** Data/loading/error that fetches when stale (see `dle`). */
  dle<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<DLEState<ResultOf<E>>>;
  /** `dle` that also polls at `pollFrequency` while someone listens (see `live`). */
  live<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<DLEState<ResultOf<E>>>;
  /** What the store holds, never fetching (see `cache`). */
  cache<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Listenable<ResultOf<E>>;
  /** Stops managers (timers, requests in flight) and completes every subscriber. */
  dispose(): void;
}

/**
 * Creates a store with its default managers (network, polling, garbage collection) and returns
 * it with accessors bound to its controller.
 */
export function createClient(options: ClientOptions = {}): Client {
  const store = createStore(options);
  const { controller } = store;
  // One implementation behind the overloads; `suspense` checks its own arguments.
  const boundSuspense = (endpoint: EndpointInterface, ...args: EndpointArgs<EndpointInterface>) =>
    suspense(controller, endpoint, ...args);
  return {
    store,
    controller,
    suspense: boundSuspense as Client['suspense'],
    dle: (endpoint, ...args) => dle(controller, endpoint, ...args),
    live: (endpoint, ...args) => live(controller, endpoint, ...args),
    cache: (endpoint, ...args) => cache(controller, endpoint, ...args),
    dispose: () => store.dispose(),
  };
}
