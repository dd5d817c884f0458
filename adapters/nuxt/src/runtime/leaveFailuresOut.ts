import type { Manager } from '@tessera/core';

/**
 * The server's store records no failed read: the key is left as if never fetched, so the page
 * renders it loading, as the browser will first render it (the payload carries no errors), and
 * the browser fetches it. Hydration then matches. The read's callers (`useSuspense`, a
 * `<NuxtClientFallback>` around it) still get the error.
 */
export const leaveFailuresOut: Manager = {
  middleware: () => (next) => (action) =>
    action.type === 'setResponse' && action.error
      ? next({ type: 'fetchCancelled', key: action.key, fetchedAt: action.meta.fetchedAt })
      : next(action),
  cleanup() {},
};
