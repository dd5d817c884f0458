// One store serving two server renders mixes their users' data: what one request fetched shows in
// the other's page and state, whether the renders run at once or one after the other (the store
// keeps what the first fetched, with its user's credentials). The adapters report each server
// render that reads a store (docs/guide/ssr.md#one-store-per-request); this module notices a
// second one.
import { message, warnInDevelopment } from '../schema/development';
import type { Store } from '../store';

/** The renders under way per store: whatever identifies a render (Vue's SSR context...). */
const rendersOf = new WeakMap<Store, Set<object>>();
/** Stores a server render has read: the next render that reads one is a second render. */
const read = new WeakSet<Store>();
/**
 * `throwOnSharedRender` per store: true throws on a second render in every build; false lets
 * renders one after another share it (public data only), and warns of concurrent ones.
 */
const policies = new WeakMap<Store, boolean>();
/** Stores warned about already: once per store is enough to say it. */
const warned = new WeakSet<Store>();

/**
 * `throwOnSharedRender`: `true`, a second server render that reads `store` throws in every
 * build; `false`, renders one after another may share it. Unset: development builds warn,
 * production ones throw.
 */
export function guardServerRenders(store: Store, throwOnSharedRender = true): void {
  policies.set(store, throwOnSharedRender);
}

/**
 * `render` (the same object for the whole render) reads `store`. Returns the function to call
 * when that render ends, or undefined when the render was counted already. When an earlier
 * render read the store (TSR85), or another one is under way (TSR81): a development warning, a
 * thrown Error in production (or in every build when the store is guarded), which fails the
 * render that came second.
 */
export function enterServerRender(store: Store, render: object): (() => void) | undefined {
  let renders = rendersOf.get(store);
  if (!renders) rendersOf.set(store, (renders = new Set()));
  if (renders.has(render)) return undefined;
  const concurrent = renders.size > 0;
  const policy = policies.get(store);
  if ((concurrent || read.has(store)) && (concurrent || policy !== false)) {
    if (policy ?? production()) {
      throw new Error(
        concurrent
          ? message(
              'TSR81',
              () =>
                process.env.NODE_ENV !== 'production' &&
                'Tessera: a second server render reads this store while another is under way; their data would mix. Create the store per request (docs/guide/ssr.md#one-store-per-request)',
            )
          : message(
              'TSR85',
              () =>
                process.env.NODE_ENV !== 'production' &&
                "Tessera: a second server render reads this store after another one did; it would show and carry that request's data. Create the store per request (docs/guide/ssr.md#one-store-per-request)",
            ),
      );
    }
    if (!warned.has(store)) {
      warned.add(store);
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          (concurrent
            ? "Tessera: two server renders read one store at once, so each page may show and carry the data of the other request (another user's). Create the store per request (docs/guide/ssr.md#one-store-per-request); in production this is an error (TSR81)."
            : "Tessera: a second server render reads a store an earlier render read, so its page shows and carries what that request fetched (another user's data). Create the store per request (docs/guide/ssr.md#one-store-per-request); in production this is an error (TSR85). Renders of public data one after another may share a store: createTessera({ throwOnSharedRender: false })."),
      );
    }
  }
  read.add(store);
  const under = renders;
  under.add(render);
  return () => {
    under.delete(render);
  };
}

/** A production build or server (unknown, as where there is no `process`, counts as one). */
function production(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return true;
  }
}
