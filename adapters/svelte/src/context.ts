import { type Controller, type CreateStoreOptions, createStore, type Store } from '@tessera/core';
import { message } from '@tessera/core/internal';
import { guardServerRenders, SERVER, serverStoreOptions } from '@tessera/core/server';
import { BROWSER } from 'esm-env';
import { getContext, hasContext, onMount, setContext } from 'svelte';
import { watchServerRender } from './serverRender.js';

export interface TesseraOptions extends CreateStoreOptions {
  /**
   * A store to use instead of creating one (e.g. one from `@tessera/core/testing`). It stays
   * yours: `dispose()` leaves it alone.
   */
  store?: Store;
  /**
   * A second server render reading the store (at once or after another: their users' data
   * would mix) warns in development and throws in production; `true` throws in every build,
   * `false` lets renders of public data one after another share it. Create the store per
   * request (docs/guide/ssr.md#one-store-per-request).
   */
  throwOnSharedRender?: boolean;
}

/** The store of one app (or one server request), what every accessor reads. */
export interface Tessera {
  readonly store: Store;
  readonly controller: Controller;
  /** Disposes the store this Tessera created; a store passed in as `store` stays yours. */
  dispose(): void;
}

const key = Symbol('tessera');

/**
 * A store for one app (in the browser) or one request (on the server). During a server render
 * nothing may outlive the render, so the managers are not started there (no timers; fetches
 * still run), and a failed read is not recorded (docs/guide/ssr.md); polling never starts on the server because the accessors do not subscribe there.
 * In the browser they start at once and stop when the last root that set the store unmounts.
 */
export function createTessera(options: TesseraOptions = {}): Tessera {
  const { store: given, throwOnSharedRender, ...storeOptions } = options;
  const store = given ?? createStore(BROWSER ? storeOptions : serverStoreOptions(storeOptions));
  if (SERVER && !BROWSER && throwOnSharedRender !== undefined) {
    guardServerRenders(store, throwOnSharedRender);
  }
  return {
    store,
    controller: store.controller,
    dispose() {
      if (!given) store.dispose();
    },
  };
}

/**
 * Makes `tessera` available to this component and its descendants (`getTessera()` and every
 * accessor). Call it during component initialisation, usually in the root component. In the
 * browser the component mounts the store (`store.mount()`) and unmounts it when destroyed: the
 * managers run while some root using the store is mounted. The store is never disposed here, so
 * several roots (islands, tests, a root mounted again) can share it: `tessera.dispose()` ends it.
 */
export function setTessera(tessera: Tessera): Tessera {
  setContext(key, tessera);
  // On the server: a root that sets the store is a render using it (its page carries its state).
  if (SERVER && !BROWSER) watchServerRender(tessera.store);
  onMount(() => {
    tessera.store.mount();
    return () => tessera.store.unmount();
  });
  return tessera;
}

/** The Tessera set by an ancestor's `setTessera`. Call it during component initialisation. */
export function getTessera(): Tessera {
  if (!hasContext(key)) {
    throw new Error(
      message(
        'TSR70',
        () =>
          process.env.NODE_ENV !== 'production' &&
          'No Tessera store in context: call setTessera(createTessera()) in a parent component',
      ),
    );
  }
  const tessera = getContext<Tessera>(key);
  // On the server: notes which render reads the store (a warning when two share it at once).
  if (SERVER && !BROWSER) watchServerRender(tessera.store);
  return tessera;
}

/**
 * The context `setTessera` would set, for `mount`, `hydrate` and `render` from outside any
 * component: `hydrate(App, { target, context: tesseraContext(tessera) })`.
 */
export function tesseraContext(tessera: Tessera): Map<symbol, Tessera> {
  return new Map([[key, tessera]]);
}
