import type { EndpointInterface, ErrorLike, ObserveMode, ResultOf } from '@tessera/core';
import type { ComputedRef } from 'vue';
import type { ReactiveArgs } from './args';
import { observeEndpoint } from './observeEndpoint';
import { snapshotRefs } from './useObserver';

/**
 * Data, loading, error (and `isPreviousData`) of an endpoint, each a read-only ref: the fields of
 * core's `DLE<T>` snapshot as refs.
 */
export interface DLERefs<T> {
  /** The memoized, frozen data: undefined until loaded (or while the arguments are null). */
  readonly data: ComputedRef<T>;
  readonly loading: ComputedRef<boolean>;
  /** Hidden by a soft error policy while data exists. */
  readonly error: ComputedRef<ErrorLike | undefined>;
  /** The data belongs to the previous arguments while the new ones load. */
  readonly isPreviousData: ComputedRef<boolean>;
  /**
   * The same flag as `isPreviousData`.
   * @deprecated Use `isPreviousData` (a flag, named as one). Removed in the next minor release.
   */
  readonly previous: ComputedRef<boolean>;
  /** Loading, but waiting for the network to come back (a PageManager's network mode). */
  readonly paused: ComputedRef<boolean>;
}

function useEndpoint<E extends EndpointInterface>(
  mode: ObserveMode,
  endpoint: E,
  args: ReactiveArgs<E>,
): DLERefs<ResultOf<E>> {
  // (`previous`, optional in the snapshot's type, is in every snapshot, so it has its ref.)
  return snapshotRefs(observeEndpoint(endpoint, args, mode).snapshot) as DLERefs<ResultOf<E>>;
}

/** Data/loading/error that fetches when the data is missing, stale or invalid. No suspending. */
export function useDLE<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): DLERefs<ResultOf<E>> {
  return useEndpoint('fetch', endpoint, args);
}

/**
 * `useDLE` kept live while the component lives: polled at the endpoint's `pollFrequency` (with a
 * `PollingManager`), or its topic's pushes (with a `LiveManager`).
 */
export function useLive<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): DLERefs<ResultOf<E>> {
  return useEndpoint('live', endpoint, args);
}

/** What the store holds for the endpoint and arguments; never fetches. */
export function useCache<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): ComputedRef<ResultOf<E>> {
  return useEndpoint('cache', endpoint, args).data;
}

/**
 * Fetches when the data is due (missing, stale, invalid) without reading it: the component does
 * not re-render when the data changes. Returns the fetch's loading and error.
 */
export function useFetch<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): Pick<DLERefs<unknown>, 'loading' | 'error'> {
  const { loading, error } = useEndpoint('fetch', endpoint, args);
  return { loading, error };
}

/**
 * Keeps the endpoint live (polled, or pushed: see `useLive`) while the component lives; reads
 * nothing. `useLive` without the reading, as `useFetch` is `useDLE` without it.
 */
export function useKeepLive<E extends EndpointInterface>(
  endpoint: E,
  ...args: ReactiveArgs<E>
): void {
  useEndpoint('live', endpoint, args);
}

/**
 * `useKeepLive` under data-client's name.
 * @deprecated Use `useKeepLive` ("live" is the one word for a key kept refreshed). Removed in the
 * next minor release.
 */
export const useSubscription: typeof useKeepLive = useKeepLive;
