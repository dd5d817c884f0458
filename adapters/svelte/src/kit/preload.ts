import {
  type Controller,
  type CreateStoreOptions,
  createStore,
  type DehydratedState,
  dehydrate,
  type EndpointInterface,
  type Manager,
  NetworkError,
  NetworkManager,
  type PerformRequest,
  type Store,
} from '@tessera/core';
import { callEndpoint } from '@tessera/core/internal';
import type { EndpointCall } from '../observeEndpoint.js';

/** What `preload` reads of a SvelteKit server `load` event (`ServerLoadEvent` has all of it). */
export interface PreloadEvent {
  /** SvelteKit's `fetch`: relative URLs, cookies, `handleFetch`. Every request goes through it. */
  readonly fetch: typeof fetch;
  /** The request: one store per request, shared by that request's `load` functions. */
  readonly request: Request;
  /** True on a client-side navigation (`__data.json`): the browser's store fetches then. */
  readonly isDataRequest: boolean;
  readonly parent: () => Promise<unknown>;
}

/** What `preload` returns for the page data, and what `startTessera` reads from it. */
export interface TesseraPageData {
  /** The request's store state (`dehydrate`), absent on client-side navigations. */
  tessera?: DehydratedState;
}

/**
 * Options of the request's store; `initialState` is the helper's, and `managers` (e.g.
 * `[new RetryManager({ timeout })]`) go in front of its network manager.
 */
export interface PreloadOptions
  extends Omit<CreateStoreOptions, 'managers' | 'initialState' | 'start'> {
  managers?: readonly Manager[];
}

/** The calls `preload` makes: `[endpoint, ...args]` each, checked against the endpoint. */
export type PreloadCalls<T extends readonly EndpointInterface[]> = {
  readonly [K in keyof T]: EndpointCall<T[K]>;
};

// One store per request (its Request object), so the layout's and the page's loads share it
// and nothing outlives the request.
const requestStores = new WeakMap<Request, Store>();

/**
 * Fetches in a server `load` (`+page.server.ts`, `+layout.server.ts`) into the request's own
 * store and returns its state for the page data: `return preload(event, [[TodoResource.getList],
 * [UserResource.get, { id }]])`. What is fresh in the store is not fetched again. A failed fetch
 * is left out of the state (the page renders it loading and the browser fetches it), so a
 * failing API never fails the page. On client-side navigations it fetches nothing and returns
 * `{}`: the browser's store, which `startTessera` started, fetches what it lacks.
 */
export async function preload<const T extends readonly EndpointInterface[]>(
  event: PreloadEvent,
  calls: PreloadCalls<T>,
  options: PreloadOptions = {},
): Promise<TesseraPageData> {
  if (event.isDataRequest) return {};
  let store = requestStores.get(event.request);
  if (!store) {
    store = requestStore(event.fetch, options);
    requestStores.set(event.request, store);
  }
  const { controller } = store;
  await Promise.allSettled(calls.map((call) => fetchCall(controller, call)));
  // The layouts' loads write into the same store: wait for them, so this state has it all
  // (the page's data replaces the layouts' under the same key).
  await event.parent();
  return { tessera: dehydrate(controller) };
}

function fetchCall(controller: Controller, [endpoint, ...args]: EndpointCall<EndpointInterface>) {
  return controller.fetchIfStale(endpoint, ...(args as [null]));
}

/** A store whose requests go through `kitFetch`; managers not started (a server store). */
function requestStore(kitFetch: typeof fetch, options: PreloadOptions): Store {
  const perform: PerformRequest = (endpoint, args, signal) => {
    // A RestEndpoint (it has `fetchResponse`); anything else is called as it is.
    if (!endpoint.extend || typeof Reflect.get(endpoint, 'fetchResponse') !== 'function') {
      return callEndpoint(endpoint, args, signal);
    }
    const extend = endpoint.extend as (options: object) => (...args: unknown[]) => unknown;
    // Same endpoint and key; only the fetch function changes.
    const fetchResponse = async (input: string, init: RequestInit) => {
      const response = await kitFetch(input, init);
      if (!response.ok) throw await NetworkError.fromResponse(response);
      return response;
    };
    return Promise.resolve(extend.call(endpoint, { signal, fetchResponse })(...args));
  };
  return createStore({
    ...options,
    start: false,
    managers: (defaults) => [
      ...(options.managers ?? []),
      ...defaults.map((manager) =>
        manager instanceof NetworkManager ? new NetworkManager({ perform }) : manager,
      ),
    ],
  });
}
