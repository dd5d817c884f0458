import { type CreateStoreOptions, hydrate } from '@tessera/core';
import { BROWSER } from 'esm-env';
import { createTessera, type Tessera } from '../context.js';
import type { TesseraPageData } from './preload.js';

let browserTessera: Tessera | undefined;

/**
 * The Tessera to render a SvelteKit page with, from the state `preload` put in the page data:
 * `setTessera(startTessera(page.data))` in the root `+layout.svelte`. In the browser, the one
 * store of the app, started from that state on the first call; later calls (after client-side
 * navigations) return it as it is. On the server, a new store per call (per request), from the
 * same state, so the server renders what the browser hydrates.
 */
export function startTessera(
  data: TesseraPageData | null | undefined,
  options: Omit<CreateStoreOptions, 'initialState'> = {},
): Tessera {
  if (BROWSER && browserTessera && !browserTessera.controller.isDisposed) return browserTessera;
  const state = data?.tessera;
  const tessera = createTessera(state ? { ...options, initialState: hydrate(state) } : options);
  if (BROWSER) browserTessera = tessera;
  return tessera;
}
