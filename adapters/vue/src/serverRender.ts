import type { Store } from '@tessera/core';
import { enterServerRender } from '@tessera/core/server';
import { getCurrentInstance, inject, ssrContextKey, watchSyncEffect } from 'vue';

/**
 * In a component rendering on the server: counts this render (its SSR context, one per
 * `renderToString`) as reading `store`, until it ends, so that a second render reading the store
 * meanwhile is noticed (docs/guide/ssr.md#one-store-per-request). The end: Vue stops the sync
 * watchers a server render's components made once the render is done or failed, which runs this
 * one's cleanup. In a browser build `enterServerRender` does nothing.
 */
export function watchServerRender(store: Store): void {
  const render = getCurrentInstance() && inject(ssrContextKey, null);
  const leave = render && enterServerRender(store, render);
  if (leave) watchSyncEffect((onCleanup) => onCleanup(leave));
}
