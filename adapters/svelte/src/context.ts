import { type CreateStoreOptions, createStore, type Store } from '@tessera/core';
import { BROWSER } from 'esm-env';
import { getContext, hasContext, onMount, setContext } from 'svelte';

const key = Symbol('tessera');

/**
 * A store for one app (in the browser) or one request (on the server). During a server render
 * nothing may outlive the render, so the managers are not started there (no timers; fetches
 * still run); polling never starts on the server because the accessors do not subscribe there.
 * In the browser they start at once and stop when the last root that set the store unmounts.
 */
export function createTessera(options: CreateStoreOptions = {}): Store {
  return createStore(BROWSER ? options : { ...options, start: false });
}

/**
 * Makes `store` available to this component and its descendants (`getTessera()` and every
 * accessor). Call it during component initialisation, usually in the root component. In the
 * browser the component mounts the store (`store.mount()`) and unmounts it when destroyed: the
 * managers run while some root using the store is mounted. The store stays the caller's and is
 * never disposed here, so several roots (islands, tests, a root mounted again) can share it.
 */
export function setTessera(store: Store): Store {
  setContext(key, store);
  onMount(() => {
    store.mount();
    return () => store.unmount();
  });
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
