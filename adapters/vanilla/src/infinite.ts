import {
  type Controller,
  type FetchResult,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
} from '@tessera/core';

/**
 * An infinite list of a paginated endpoint (one with `paginationField`): a `Listenable` of
 * `{ data, pages, hasNextPage, isFetchingNextPage, loading, error, ... }` (`data`: every page's
 * items, one list) with `fetchNextPage()` and `fetchPreviousPage()`. The rules are core's `InfiniteObserver`'s (docs/guide/pagination.md);
 * `setArgs([params])` starts a fresh list for other parameters. Not a method of `createTessera`'s
 * object, so that apps without infinite lists do not carry it.
 */
export function infinite<E extends PagedEndpoint, P = unknown>(
  controller: Controller,
  endpoint: E,
  params?: Parameters<E>[0] | null,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): InfiniteObserver<E, P> {
  const args = params === null ? [null] : params === undefined ? [] : [params];
  return new InfiniteObserver(controller, endpoint, args as never, options);
}
