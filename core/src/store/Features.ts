import type { EndpointInterface } from './EndpointInterface';

/** Performs one attempt of a request under `signal`. */
export type Attempt = (signal: AbortSignal) => Promise<unknown>;

/** Runs the attempts of one request (the retries feature: timeouts and backoff). */
export type RequestHook = (
  attempt: Attempt,
  endpoint: EndpointInterface,
  signal: AbortSignal,
) => Promise<unknown>;

/**
 * What the opt-in managers a store was given installed on its controller (`controller.features`,
 * filled in their `middleware`). The network manager reads it: to hand requests to the retries
 * feature, and to warn (in development) when an endpoint asks for a feature the store lacks.
 * See docs/guide/features.md.
 */
export interface Features {
  request?: RequestHook;
  polling?: true;
  /** The page's focus and connection (a PageManager): what readers follow. */
  page?: PageEvents;
  /** Runs a request when the network allows (PageManager's network mode). */
  network?: (run: () => Promise<unknown>, signal: AbortSignal) => Promise<unknown>;
  /**
   * Whether a result may leave this store (be persisted, be sent to other tabs): false for one
   * whose response said `Cache-Control: no-store` (HttpSemanticsManager).
   */
  shared?: (key: string) => boolean;
}

/** Why readers look at their data again: the page became visible, or the network came back. */
export type PageEvent = 'focus' | 'online' | 'offline';

/**
 * The page as readers see it (a PageManager). `waiting` is true while requests wait for the
 * network; `refetchOn` says whether an event refetches what is stale, by the endpoint's own
 * option, else the store's.
 */
export interface PageEvents {
  waiting(): boolean;
  refetchOn(event: PageEvent, endpoint: EndpointInterface): boolean;
  listen(listener: (event: PageEvent) => void): () => void;
}
