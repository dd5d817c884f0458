// @tessera/vanilla/testing: readers over canned responses, with no network.
import {
  createFixtureStore,
  type FixtureOrInterceptor,
  type FixtureStoreOptions,
} from '@tessera/core/testing';
import { createTessera, type Tessera } from './tessera';

/**
 * A Tessera over core's fixture store: exact fixtures (endpoint + args) are in the store at once,
 * and every fetch is answered by the fixtures or by interceptors that match the endpoint's
 * `testKey`. The store is this Tessera's own: `dispose()` disposes it.
 */
export function createFixtureTessera(
  fixtures: readonly FixtureOrInterceptor[],
  options: FixtureStoreOptions = {},
): Tessera {
  const tessera = createTessera({ store: createFixtureStore(fixtures, options) });
  return { ...tessera, dispose: () => tessera.store.dispose() };
}
