import {
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
} from '@tessera/core';
import { untrack } from 'svelte';
import { getTessera } from './context.js';
import { tracked } from './runes.svelte.js';

/** `InfiniteDLE`'s fields as reactive properties, and the page fetchers. */
export interface Infinite<Page, P = unknown> extends InfiniteDLE<Page, P> {
  /** Appends the next page (a call while one loads joins it); resolves once settled, never rejects. */
  fetchNextPage(): Promise<InfiniteDLE<Page, P>>;
  /** Fetches the page before the first one (see `fetchNextPage`). */
  fetchPreviousPage(): Promise<InfiniteDLE<Page, P>>;
}

/** What `useInfinite`'s thunk returns: a paginated endpoint and its list parameters (`null`: not now). */
export type InfiniteCall<E extends PagedEndpoint> =
  | readonly [E, Parameters<E>[0] | null]
  | readonly [E];

/**
 * An infinite list of a paginated endpoint (one with `paginationField`), as reactive properties:
 * `const todos = useInfinite(() => [TodoResource.getList, { userId }])`, then `todos.pages`,
 * `todos.hasNextPage` and `todos.fetchNextPage()` (core's `InfiniteObserver`). The pages are one
 * list in the store; when the state the thunk reads changes, a fresh list starts. The endpoint
 * is the one the thunk first returns.
 */
export function useInfinite<E extends PagedEndpoint, P = unknown>(
  call: () => InfiniteCall<E>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): Infinite<FetchResult<E>, P> {
  const { controller } = getTessera();
  const [endpoint, ...args] = untrack(call);
  const observer = new InfiniteObserver(controller, endpoint, args as never, options);
  $effect.pre(() => {
    const [, ...next] = call();
    observer.setArgs(next as never);
  });
  const read = tracked(observer);
  const result = {
    fetchNextPage: () => observer.fetchNextPage(),
    fetchPreviousPage: () => observer.fetchPreviousPage(),
  };
  // One reactive property per field of the snapshot.
  for (const key of Object.keys(observer.getSnapshot())) {
    Object.defineProperty(result, key, {
      get: () => read()[key as keyof InfiniteDLE<unknown>],
      enumerable: true,
    });
  }
  return result as Infinite<FetchResult<E>, P>;
}
