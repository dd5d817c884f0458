import type { EndpointInterface, FetchResult } from '@tessera/core';
import { noteFailure, suspenseData } from '@tessera/core/internal';
import { type ComputedRef, computed, onScopeDispose } from 'vue';
import type { MaybeNull, ReactiveArgs } from './args';
import { observeEndpoint } from './observeEndpoint';
import { snapshotRefs } from './useObserver';

/** The data `useSuspense` resolves to, following the store. */
export type SuspenseRef<T> = ComputedRef<T> & {
  /** True while the data shown belongs to the previous arguments (the new ones are loading). */
  readonly isPreviousData: ComputedRef<boolean>;
  /**
   * The same flag as `isPreviousData`.
   * @deprecated Use `isPreviousData` (a flag, named as one). Removed in the next minor release.
   */
  readonly previous: ComputedRef<boolean>;
  /** A fetch this data waits for is in flight. */
  readonly loading: ComputedRef<boolean>;
  /** Loading, but waiting for the network to come back (a PageManager's network mode). */
  readonly paused: ComputedRef<boolean>;
};

type SuspenseData<E extends EndpointInterface, A extends readonly unknown[]> =
  MaybeNull<A> extends true ? FetchResult<E> | undefined : FetchResult<E>;

/**
 * `const todo = await useSuspense(TodoResource.get, () => ({ id: props.id }))` in an async
 * `setup`: suspends the nearest `<Suspense>` until the data is usable, then returns a read-only
 * ref that follows the store. New arguments keep the previous data (`todo.isPreviousData`) until theirs
 * arrive. A hard error rejects (before the first render) or throws when read (after it): pair the
 * `<Suspense>` with `onErrorCaptured` or `<TesseraErrorBoundary>`, because `<Suspense>` catches
 * nothing. Soft errors with usable data render the data.
 */
export async function useSuspense<E extends EndpointInterface, const A extends ReactiveArgs<E>>(
  endpoint: E,
  ...args: A
): Promise<SuspenseRef<SuspenseData<E, A>>> {
  const { controller, observer, snapshot } = observeEndpoint(endpoint, args, 'fetch');
  // Core's rule: a mounted component cannot suspend again, so the data shown stays while an
  // invalidated result refetches; a hard error throws (and a boundary's reset fetches it anew).
  const shown = suspenseData(controller, observer);
  const data = computed(() => shown(snapshot.value) as SuspenseData<E, A>);
  const { isPreviousData, loading, paused } = snapshotRefs(snapshot);
  const result = Object.assign(data, { isPreviousData, previous: isPreviousData, loading, paused });
  // Unmounted while suspended: this caller withdraws (the request stops if nobody else waits).
  const unmounted = new AbortController();
  onScopeDispose(() => unmounted.abort());
  const key = observer.key;
  try {
    await observer.promise(unmounted.signal);
  } catch (error) {
    // A withdrawn wait is no failure: the component is gone and nothing renders it.
    if (!unmounted.signal.aborted) {
      noteFailure(error, controller, key);
      throw error;
    }
  }
  // Server renders do not subscribe: read what the fetch left in the store.
  snapshot.value = observer.getSnapshot();
  return result;
}
