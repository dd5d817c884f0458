import {
  type Controller,
  type EndpointArgs,
  type FetchResult,
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
  SharedListenable,
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
 * `const todos = useInfinite(() => [TodoResource.getList, { userId }])`, then `todos.data` (every
 * page's items), `todos.hasNextPage` and `todos.fetchNextPage()` (core's `InfiniteObserver`). The pages are one
 * list in the store; when the state the thunk reads changes, a fresh list starts, of the endpoint
 * the thunk then returns.
 */
export function useInfinite<E extends PagedEndpoint, P = unknown>(
  call: () => InfiniteCall<E>,
  options: InfiniteOptions<FetchResult<E>, P> = {},
): Infinite<FetchResult<E>, P> {
  const { observer, read } = observe<E, EndpointArgs<E>, PagedList<E, P>>(
    call as () => readonly [E, ...EndpointArgs<E>],
    (controller, endpoint, args) => new PagedList(controller, endpoint, args, options),
    (list, endpoint, args) => list.follow(endpoint, args),
  );
  return view(read, observer.getSnapshot(), {
    fetchNextPage: () => observer.list.fetchNextPage(),
    fetchPreviousPage: () => observer.list.fetchPreviousPage(),
  }) as Infinite<FetchResult<E>, P>;
}

/**
 * The list of the endpoint the thunk returns, as useDLE follows it: an `InfiniteObserver` pages
 * one endpoint, so another endpoint gets a new one (and a fresh list). Here rather than in the
 * base, so that apps without infinite lists carry none of it.
 */
class PagedList<E extends PagedEndpoint, P> extends SharedListenable<
  InfiniteDLE<FetchResult<E>, P>
> {
  list: InfiniteObserver<E, P>;
  private stop: (() => void) | undefined;

  constructor(
    private readonly controller: Controller,
    private endpoint: E,
    args: EndpointArgs<E>,
    private readonly options: InfiniteOptions<FetchResult<E>, P>,
  ) {
    super();
    this.list = new InfiniteObserver(controller, endpoint, args, options);
  }

  getSnapshot(): InfiniteDLE<FetchResult<E>, P> {
    return this.list.getSnapshot();
  }

  follow(endpoint: E, args: EndpointArgs<E>): void {
    if (endpoint === this.endpoint) {
      this.list.setArgs(args);
      return;
    }
    const connected = this.isConnected;
    this.disconnect();
    this.list.dispose();
    this.endpoint = endpoint;
    this.list = new InfiniteObserver(this.controller, endpoint, args, this.options);
    if (!connected) return;
    this.connect();
    this.emit(this.getSnapshot());
  }

  protected connect(): void {
    this.stop = this.list.listen((snapshot) => this.emit(snapshot));
  }

  protected disconnect(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
