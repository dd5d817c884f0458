import {
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
} from '@tessera/core';
import { type ComputedRef, type MaybeRefOrGetter, toValue } from 'vue';
import { useController } from './tessera';
import { snapshotRefs, useObserver } from './useObserver';

/** The fields of core's `InfiniteDLE` snapshot as read-only refs, and the page fetchers. */
export type InfiniteRefs<Page, P = unknown> = {
  readonly [K in Exclude<keyof InfiniteDLE<Page, P>, 'previous'>]: ComputedRef<
    InfiniteDLE<Page, P>[K]
  >;
} & {
  /**
   * The same flag as `isPreviousData`.
   * @deprecated Use `isPreviousData` (a flag, named as one). Removed in the next minor release.
   */
  readonly previous: ComputedRef<boolean>;
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
 * `todos.data` (every page's items), `todos.hasNextPage` and `todos.fetchNextPage()` (core's `InfiniteObserver`).
 * The pages are one list in the store; new arguments start a fresh list.
 */
export function useInfinite<E extends PagedEndpoint, P = unknown>(
  endpoint: E,
  params?: MaybeRefOrGetter<Parameters<E>[0] | null>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): InfiniteRefs<FetchResult<E>, P> {
  const args = () => readParams(params) as never;
  const observer = new InfiniteObserver(useController(), endpoint, args(), options);
  return {
    ...snapshotRefs(useObserver(observer, args, true)),
    fetchNextPage: () => observer.fetchNextPage(),
    fetchPreviousPage: () => observer.fetchPreviousPage(),
  } as InfiniteRefs<FetchResult<E>, P>;
}
