import {
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
} from '@tessera/core';
import {
  type ComputedRef,
  getCurrentInstance,
  type MaybeRefOrGetter,
  onScopeDispose,
  onServerPrefetch,
  shallowRef,
  toValue,
  watch,
} from 'vue';
import { field, isServerRender } from './observeEndpoint';
import { useController } from './tessera';

/** The fields of core's `InfiniteDLE` snapshot as read-only refs, and the page fetchers. */
export type InfiniteRefs<Page, P = unknown> = {
  readonly [K in keyof InfiniteDLE<Page, P>]: ComputedRef<InfiniteDLE<Page, P>[K]>;
} & {
  /** Appends the next page (a call while one loads joins it); resolves once settled, never rejects. */
  readonly fetchNextPage: () => Promise<InfiniteDLE<Page, P>>;
  /** Fetches the page before the first one (see `fetchNextPage`). */
  readonly fetchPreviousPage: () => Promise<InfiniteDLE<Page, P>>;
};

/** The list arguments (`null`: not now) as the observer takes them. */
function readParams(params: MaybeRefOrGetter<unknown>): readonly unknown[] {
  const value = toValue(params);
  return value === null ? [null] : value === undefined ? [] : [value];
}

/**
 * An infinite list of a paginated endpoint (one with `paginationField`), as refs:
 * `const todos = useInfinite(TodoResource.getList, () => ({ userId: props.userId }))`, then
 * `todos.pages`, `todos.hasNextPage` and `todos.fetchNextPage()` (core's `InfiniteObserver`).
 * The pages are one list in the store; new arguments start a fresh list.
 */
export function useInfinite<E extends PagedEndpoint, P = unknown>(
  endpoint: E,
  params?: MaybeRefOrGetter<Parameters<E>[0] | null>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): InfiniteRefs<FetchResult<E>, P> {
  const args = () => readParams(params) as never;
  const observer = new InfiniteObserver(useController(), endpoint, args(), options);
  const snapshot = shallowRef(observer.getSnapshot());
  // As `observeEndpoint`: registered in the browser too, so `useId` numbers the same on both.
  if (getCurrentInstance()) {
    onServerPrefetch(() => observer.promise().then((next) => void (snapshot.value = next)));
  }
  if (!isServerRender()) {
    const stopListening = observer.listen((next) => {
      snapshot.value = next;
    });
    watch(args, (next) => observer.setArgs(next));
    onScopeDispose(() => {
      stopListening();
      observer.dispose();
    });
  }
  // One ref per field of the snapshot.
  const keys = Object.keys(snapshot.value) as (keyof InfiniteDLE<unknown>)[];
  const refs = Object.fromEntries(keys.map((key) => [key, field(snapshot, key)]));
  return {
    ...refs,
    fetchNextPage: () => observer.fetchNextPage(),
    fetchPreviousPage: () => observer.fetchPreviousPage(),
  } as InfiniteRefs<FetchResult<E>, P>;
}
