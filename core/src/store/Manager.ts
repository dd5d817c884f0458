import type { Action } from './actions';
import type { Controller } from './Controller';

/** Passes an action on to the next manager, and finally to the reducer. */
export type Dispatch = (action: Action) => Promise<void>;

/**
 * A middleware around the reducer (network, polling, garbage collection, fixtures...).
 * `middleware(controller)(next)` returns the dispatch this manager adds to the chain: it may
 * handle an action, transform it, dispatch others through `controller`, or pass it to `next`.
 */
export interface Manager {
  middleware(controller: Controller): (next: Dispatch) => Dispatch;
  /** Called when the store starts running (timers may start here). */
  init?(controller: Controller): void;
  /**
   * Undoes `init` when the store's last mounted root unmounts (`store.unmount()`); `init` runs
   * again on the next mount. Without it, what `init` started runs until `cleanup`.
   */
  stop?(): void;
  /** Stops timers and in-flight work; called by `store.dispose()`. */
  cleanup(): void;
}
