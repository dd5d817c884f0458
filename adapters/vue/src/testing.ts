// @tessera/vue/testing: mount components over canned responses, with no network.
import {
  createFixtureStore,
  type FixtureOrInterceptor,
  type FixtureStoreOptions,
} from '@tessera/core/testing';
import { rooted, type Tessera } from './tessera';

/**
 * A Tessera plugin over core's fixture store: exact fixtures (endpoint + args) are in the store
 * before the first render, and every fetch is answered by the fixtures or by interceptors that
 * match the endpoint's `testKey`. Use it as a global plugin:
 * `mount(TodoView, { global: { plugins: [createFixtureTessera(fixtures)] } })`.
 */
export function createFixtureTessera(
  fixtures: readonly FixtureOrInterceptor[],
  options: FixtureStoreOptions = {},
): Tessera {
  // The store is this plugin's own: disposed when the last app using it unmounts.
  return rooted({ store: createFixtureStore(fixtures, options) }, true).tessera;
}
