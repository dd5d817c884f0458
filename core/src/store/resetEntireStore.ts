import type { Controller } from './Controller';

/**
 * Empties the store; fetches already in flight are dropped when they land (a logout, a test's
 * fresh start). A function rather than a controller method: only the apps that call it carry it.
 */
export function resetEntireStore(controller: Controller): Promise<void> {
  return controller.dispatch({ type: 'reset', date: controller.nextFetchedAt() });
}
