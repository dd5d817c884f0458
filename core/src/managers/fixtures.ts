import { message } from '../schema/development';
import { TesseraError } from '../schema/TesseraError';
import type { CreateStoreOptions, EndpointInterface, Manager, Store } from '../store';
import { createStore } from './createStore';
import { callEndpoint, NetworkManager, type PerformRequest } from './NetworkManager';
import { sleep } from './sleep';

/** A canned outcome for one endpoint and exact arguments. */
export interface Fixture<E extends EndpointInterface = EndpointInterface> {
  readonly endpoint: E;
  readonly args: readonly [...Parameters<E>];
  /** The response, or the error when `error` is true. */
  readonly response: unknown;
  readonly error?: boolean;
  /** Milliseconds before a fetch resolves (default: next microtask). */
  readonly delay?: number;
}

/** A canned outcome for every key the endpoint's `testKey` accepts, computed from the arguments. */
export interface Interceptor<E extends EndpointInterface = EndpointInterface> {
  readonly endpoint: E;
  response(...args: Parameters<E>): unknown;
  readonly error?: boolean;
  readonly delay?: number;
}

export type FixtureOrInterceptor = Fixture | Interceptor;

/** A fetch matched no fixture while the fixtures are strict. */
export class MissingFixtureError extends TesseraError {
  override readonly name = 'MissingFixtureError';
  constructor(readonly key: string) {
    super(
      message(
        `TSR64 ${key}`,
        () => process.env.NODE_ENV !== 'production' && `No fixture matches "${key}"`,
      ),
    );
  }
}

export interface FixtureOptions {
  /** Reject fetches no fixture matches (default true); false lets them reach the network. */
  strict?: boolean;
}

function isInterceptor(item: FixtureOrInterceptor): item is Interceptor {
  return !('args' in item) && typeof item.response === 'function';
}

/**
 * A request performer answering from fixtures: exact `Fixture`s by key first, then `Interceptor`s
 * whose endpoint's `testKey` accepts the key. Later fixtures win over earlier ones.
 */
export function fixturePerformer(
  fixtures: readonly FixtureOrInterceptor[],
  { strict = true }: FixtureOptions = {},
  fallback?: PerformRequest,
): PerformRequest {
  const exact = new Map<string, Fixture>();
  const interceptors: Interceptor[] = [];
  for (const item of fixtures) {
    if (isInterceptor(item)) interceptors.unshift(item);
    else exact.set(item.endpoint.key(...item.args), item as Fixture);
  }
  return async (endpoint, args, signal) => {
    const key = endpoint.key(...args);
    const fixture = exact.get(key);
    const interceptor = fixture
      ? undefined
      : interceptors.find(
          (item) => item.endpoint.testKey?.(key) ?? item.endpoint.key(...args) === key,
        );
    const match = fixture ?? interceptor;
    if (!match) {
      if (!strict && fallback) return fallback(endpoint, args, signal);
      throw new MissingFixtureError(key);
    }
    await sleep(match.delay, signal);
    const response = fixture ? fixture.response : interceptor!.response(...args);
    if (match.error) throw response;
    return response;
  };
}

/**
 * The test kit: a `NetworkManager` that answers from fixtures instead of the network (dedupe,
 * abort, ordering and optimistic updates behave as in production).
 */
export function mockFixtures(
  fixtures: readonly FixtureOrInterceptor[],
  options: FixtureOptions = {},
): NetworkManager {
  return new NetworkManager({
    perform: fixturePerformer(fixtures, options, callEndpoint),
  });
}

export interface FixtureStoreOptions extends Omit<CreateStoreOptions, 'managers'>, FixtureOptions {
  /** Write the exact fixtures into the store at creation (default true). */
  seed?: boolean;
  /** Extra managers, in front of the defaults. */
  managers?: readonly Manager[];
}

/**
 * A running store for tests and stories: seeded with the exact fixtures, and resolving every
 * fetch from the fixtures and interceptors without a network.
 */
export function createFixtureStore(
  fixtures: readonly FixtureOrInterceptor[],
  options: FixtureStoreOptions = {},
): Store {
  const { seed = true, strict, managers: extra = [], ...storeOptions } = options;
  const network = mockFixtures(fixtures, { strict });
  const store = createStore({
    ...storeOptions,
    managers: (defaults) => [
      ...extra,
      ...defaults.map((manager) => (manager instanceof NetworkManager ? network : manager)),
    ],
  });
  if (seed) {
    for (const item of fixtures) {
      if (isInterceptor(item)) continue;
      const fixture = item as Fixture;
      void store.controller.resolve(fixture.endpoint, {
        args: fixture.args,
        response: fixture.response,
        fetchedAt: store.controller.nextFetchedAt(),
        error: fixture.error,
      });
    }
  }
  return store;
}
