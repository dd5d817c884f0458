import { type CreateStoreOptions, createStore, type Store } from '@tessera/core';
import { BROWSER } from 'esm-env';
import { getContext, hasContext, onDestroy, setContext } from 'svelte';

const key = Symbol('tessera');

/**
 * A store for one app (in the browser) or one request (on the server). During a server render
 * nothing may outlive the render, so the managers are not started there (no timers; fetches
 * still run); polling never starts on the server because the accessors do not subscribe there.
 */
export function createTessera(options: CreateStoreOptions = {}): Store {
  return createStore(BROWSER ? options : { ...options, start: false });
}

/**
 * Makes `store` available to this component and its descendants (`getTessera()` and every
 * accessor). Call it during component initialisation, usually in the root component. The store
 * is disposed (managers stopped, requests aborted) when this component is destroyed in the
 * browser; on the server the caller owns it, so it can still be dehydrated after the render.
 */
export function setTessera(store: Store): Store {
  setContext(key, store);
  if (BROWSER) onDestroy(() => store.dispose());
  return store;
}

/** The store set by an ancestor's `setTessera`. Call it during component initialisation. */
export function getTessera(): Store {
  if (!hasContext(key)) {
    throw new Error(
      'No Tessera store in context: call setTessera(createTessera()) in a parent component',
    );
  }
  return getContext<Store>(key);
}

/**
 * The context `setTessera` would set, for `mount`, `hydrate` and `render` from outside any
 * component: `hydrate(App, { target, context: tesseraContext(store) })`.
 */
export function tesseraContext(store: Store): Map<symbol, Store> {
  return new Map([[key, store]]);
}
