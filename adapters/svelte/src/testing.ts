// @tessera/svelte/testing: render components over canned responses, with no network.
import {
  createFixtureStore,
  type FixtureOrInterceptor,
  type FixtureStoreOptions,
} from '@tessera/core/testing';
import { type Tessera, tesseraContext } from './context.js';

/** A Tessera over a fixture store, with the context to render components with. */
export interface FixtureTessera extends Tessera {
  /** `render(TodoList, { context: tessera.context })` (`@testing-library/svelte`, `mount`). */
  readonly context: Map<symbol, Tessera>;
}

/**
 * A Tessera over core's fixture store: exact fixtures (endpoint + args) are in the store before
 * the first render, and every fetch is answered by the fixtures or by interceptors that match
 * the endpoint's `testKey`. The store is its own: `dispose()` ends it.
 */
export function createFixtureTessera(
  fixtures: readonly FixtureOrInterceptor[],
  options: FixtureStoreOptions = {},
): FixtureTessera {
  const store = createFixtureStore(fixtures, options);
  const tessera: Tessera = { store, controller: store.controller, dispose: () => store.dispose() };
  return Object.assign(tessera, { context: tesseraContext(tessera) });
}
