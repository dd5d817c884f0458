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
  /** Called once the store runs (timers may start here). */
  init?(controller: Controller): void;
  /** Stops timers and in-flight work; called by `store.dispose()`. */
  cleanup(): void;
}
