import {
  type EndpointArgs,
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
} from '@tessera/core';
import { observe, view } from './observe.svelte.js';

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
 * list in the store; when the state the thunk reads changes, a fresh list starts, of the endpoint
 * the thunk then returns.
 */
export function useInfinite<E extends PagedEndpoint, P = unknown>(
  call: () => InfiniteCall<E>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): Infinite<FetchResult<E>, P> {
  // An observer pages one endpoint: another endpoint gets a new observer (and a fresh list).
  let paged: E;
  const { observer, read } = observe<E, EndpointArgs<E>, InfiniteObserver<E, P>>(
    call as () => readonly [E, ...EndpointArgs<E>],
    (controller, endpoint, args) => {
      paged = endpoint;
      return new InfiniteObserver(controller, endpoint, args, options);
    },
    (current, endpoint, args) => endpoint !== paged || current.setArgs(args),
  );
  return view(read, observer().getSnapshot(), {
    fetchNextPage: () => observer().fetchNextPage(),
    fetchPreviousPage: () => observer().fetchPreviousPage(),
  }) as Infinite<FetchResult<E>, P>;
}
