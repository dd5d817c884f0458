import type { Observable } from 'rxjs';
import type { Controller } from './Controller';
import type { Manager } from './Manager';
import type { State } from './State';

/** Garbage collection settings: `new GCManager({ intervalMs })`. */
export interface GcOptions {
  /** How often unread, expired results and entities are swept (ms, default 60 000). */
  intervalMs?: number;
}

export interface CreateStoreOptions {
  initialState?: State;
  /**
   * An array adds managers in front of the defaults (they see every action first, e.g. fixtures);
   * a function receives the defaults and returns the full list (replace or reorder them). The
   * default is the network manager alone: polling, retries and timeouts, and garbage collection
   * are opt in, `managers: [new PollingManager(), new RetryManager({ retry: 3 }), new GCManager()]`
   * (see docs/guide/features.md).
   */
  managers?: readonly Manager[] | ((defaults: readonly Manager[]) => readonly Manager[]);
  /** Lifetime of fetched data unless the endpoint sets its own (ms, default 60 000). */
  dataExpiryLength?: number;
  /** Lifetime of fetch errors unless the endpoint sets its own (ms, default 1 000). */
  errorExpiryLength?: number;
  /** @deprecated Removed: pass `new RetryManager({ timeout })` in `managers` (docs/guide/features.md). */
  timeout?: never;
  /** @deprecated Removed: pass `new RetryManager({ retry })` in `managers` (docs/guide/features.md). */
  retry?: never;
  /** @deprecated Removed: garbage collection is opt in, pass `new GCManager()` in `managers`. */
  gc?: never;
  /** Clock (ms since epoch), for tests; defaults to `Date.now`. */
  now?: () => number;
  /**
   * `false`: the managers' timers (garbage collection...) wait for `store.start()` or the first
   * `store.mount()`. Adapters use it so that a server render never starts them; the store works
   * meanwhile (fetches run).
   */
  start?: boolean;
}

/** A running store. */
export interface Store {
  readonly controller: Controller;
  readonly managers: readonly Manager[];
  getState(): State;
  /** Every state, the current one first. */
  readonly state$: Observable<State>;
  /** Starts the managers (their `init`) unless they run; never after `dispose`. */
  start(): void;
  /**
   * One more root (an app, an island, a component tree) uses the store: starts the managers
   * unless they run. Pair each call with `unmount()`; see
   * docs/reference/store.md#stores-shared-by-several-roots.
   */
  mount(): void;
  /**
   * A root that called `mount()` is gone. When none is left, the managers stop (their `stop`)
   * until the next `mount()` or `start()`. The store keeps its data and keeps working; only
   * `dispose()` ends it.
   */
  unmount(): void;
  /** Stops managers (timers, in-flight requests) and completes observers: `controller.dispose()`. */
  dispose(): void;
}
