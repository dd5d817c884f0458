// One store serving two server renders at once mixes their users' data: what one request fetched
// shows in the other's page and state. The adapters report each server render that reads a store
// (docs/guide/ssr.md#one-store-per-request); this module notices a second one under way.
import { message, warnInDevelopment } from '../schema/development';
import type { Store } from '../store';

/** The renders under way per store: whatever identifies a render (Vue's SSR context...). */
const rendersOf = new WeakMap<Store, Set<object>>();
/** Stores whose second concurrent render throws (`throwOnSharedRender`). */
const guarded = new WeakSet<Store>();
/** Stores warned about already: once per store is enough to say it. */
const warned = new WeakSet<Store>();

/** From then on, a second server render that reads `store` while one is under way throws. */
export function guardServerRenders(store: Store): void {
  guarded.add(store);
}

/**
 * `render` (the same object for the whole render) reads `store`. Returns the function to call
 * when that render ends, or undefined when the render was counted already. While another render
 * is under way: a development warning, or a thrown Error (TSR81, every build) when the store is
 * guarded, which fails the render that came second.
 */
export function enterServerRender(store: Store, render: object): (() => void) | undefined {
  let renders = rendersOf.get(store);
  if (!renders) rendersOf.set(store, (renders = new Set()));
  if (renders.has(render)) return undefined;
  if (renders.size > 0) {
    if (guarded.has(store)) {
      throw new Error(
        message(
          'TSR81',
          () =>
            process.env.NODE_ENV !== 'production' &&
            'Tessera: a second server render reads this store while another is under way; their data would mix. Create the store per request (docs/guide/ssr.md#one-store-per-request)',
        ),
      );
    }
    if (!warned.has(store)) {
      warned.add(store);
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          "Tessera: two server renders read one store at once, so each page may show and carry the data of the other request (another user's). Create the store per request (docs/guide/ssr.md#one-store-per-request); createTessera({ throwOnSharedRender: true }) makes this an error in production too.",
      );
    }
  }
  const under = renders;
  under.add(render);
  return () => {
    under.delete(render);
  };
}
