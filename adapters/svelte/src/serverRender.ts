import type { Store } from '@tessera/core';
import { enterServerRender } from '@tessera/core/server';
import { getAbortSignal } from 'svelte';

/**
 * During a component's initialisation on the server: counts this render (its abort signal, one
 * per `render` call, aborted when the render ends) as reading `store` until it ends, so that a
 * second render reading the store meanwhile is noticed (docs/guide/ssr.md#one-store-per-request).
 */
export function watchServerRender(store: Store): void {
  const render = getAbortSignal();
  if (render.aborted) return;
  const leave = enterServerRender(store, render);
  if (leave) render.addEventListener('abort', leave, { once: true });
}
