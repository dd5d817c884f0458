// `@tessera/core/server`, what a store for one server render is (docs/guide/ssr.md). Browser
// builds resolve the entry to ./serverStore.browser.ts instead (the `browser` export condition),
// so they carry none of this.
import { chooseManagers } from '../managers/createStore';
import type { CreateStoreOptions, Manager } from '../store';

export { enterServerRender, guardServerRenders } from './sharedRenders';

/** True in a server build (false in the browser one): lets a bundler drop server-only code. */
export const SERVER = true;

/**
 * Until the store starts, a failed read is recorded as a cancelled fetch: the key stays as if
 * never fetched. A server render never starts its store, so the page renders that key loading,
 * as the browser first will (the page's state carries no errors), and the browser fetches it:
 * hydration matches. The fetch's callers still get the error. A store that starts (an app
 * mounted it: a browser) records failures as usual.
 */
export function leaveFailuresOut(): Manager {
  let started = false;
  return {
    middleware: () => (next) => (action) =>
      !started && action.type === 'setResponse' && action.error
        ? next({ type: 'fetchCancelled', key: action.key, fetchedAt: action.meta.fetchedAt })
        : next(action),
    init() {
      started = true;
    },
    cleanup() {},
  };
}

/**
 * The options of a store for one server render, as the adapters create it there: managers not
 * started (nothing outlives the request), `leaveFailuresOut` in front of them. In a browser build
 * the options as they are.
 */
export function serverStoreOptions<O extends CreateStoreOptions>(options: O): O {
  const { managers } = options;
  return {
    ...options,
    start: false,
    managers: (defaults) => [leaveFailuresOut(), ...chooseManagers(managers, defaults)],
  };
}
