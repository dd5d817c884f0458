import type { Controller } from '../store';

/**
 * For each error a reader threw to an error boundary, the results that failed with it: what a
 * boundary's reset must fetch anew. Weak, so an error nobody holds any more takes its entry
 * with it.
 */
const failedWith = new WeakMap<object, Map<Controller, Set<string>>>();

/**
 * Records that result `key` of `controller` failed with `error`, which a reader is about to
 * throw to an error boundary (`retryFailure` then fetches it anew).
 */
export function noteFailure(error: unknown, controller: Controller, key: string | undefined): void {
  if (key === undefined || typeof error !== 'object' || error === null) return;
  let stores = failedWith.get(error);
  if (!stores) failedWith.set(error, (stores = new Map()));
  let keys = stores.get(controller);
  if (!keys) stores.set(controller, (keys = new Set()));
  keys.add(key);
}

/**
 * Expires the results that failed with `error` (see `noteFailure`): a cached error stays fresh
 * for `errorExpiryLength`, so readers mounted again would meet it again without a request;
 * expired, they fetch. Expired rather than invalidated, so data shown beside the error stays on
 * screen meanwhile. Resolves once done (at once for an error no reader threw; a disposed store
 * has nothing to retry). Each failure is retried once.
 */
export function retryFailure(error: unknown): Promise<void> {
  if (typeof error !== 'object' || error === null) return Promise.resolve();
  const stores = failedWith.get(error);
  failedWith.delete(error);
  if (!stores) return Promise.resolve();
  const done = [...stores].map(([controller, keys]) =>
    controller.expireAll({ testKey: (key) => keys.has(key) }),
  );
  return Promise.all(done).then(
    () => {},
    () => {},
  );
}
