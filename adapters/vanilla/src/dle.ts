import {
  type Controller,
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type Listenable,
  type ResultOf,
  type Unsubscribe,
} from '@tessera/core';

/**
 * Data/loading/error of an endpoint for these arguments, as a `Listenable` (RxJS observable,
 * `listen(fn)` form, Svelte store): fetches when due and follows the store. The rules are core's
 * `EndpointObserver`'s (see docs/reference/readers.md).
 */
export function dle<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Listenable<DLE<ResultOf<E>>> {
  return new EndpointObserver(controller, endpoint, args);
}

/**
 * Like `dle`, and kept live while at least one subscriber listens: polled every `pollFrequency`
 * ms with a `PollingManager`, or its topic's pushes with a `LiveManager` (reference counted in the
 * store: one timer or topic per key).
 */
export function live<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Listenable<DLE<ResultOf<E>>> {
  return new EndpointObserver(controller, endpoint, args, { mode: 'live' });
}

/**
 * Keeps the endpoint fetched when due and live (polled or pushed, see `live`) until the returned
 * function is called; reads nothing (`live` without the reading; Vue's and Svelte's `useKeepLive`).
 */
export function keepLive<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Unsubscribe {
  return live(controller, endpoint, ...args).listen(() => {});
}

/**
 * `keepLive` under its former name.
 * @deprecated Use `keepLive` ("live" is the one word for a key kept refreshed). Removed in the
 * next minor release.
 */
export const subscription: typeof keepLive = keepLive;
