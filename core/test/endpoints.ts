// Test helper (not exported): a minimal endpoint satisfying EndpointInterface, calling a real
// URL with fetch (intercepted by msw in tests), so store tests need not depend on rest/.
import { setupServer } from 'msw/node';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Schema } from '../src/schema';
import type { Controller, EndpointInterface, ErrorPolicy, SnapshotInterface } from '../src/store';

export const API = 'http://api.test';

/** HTTP failure with the status an error policy reads. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export interface TestEndpointOptions<P, R, S extends Schema = undefined> {
  /** Builds the path from the first argument. */
  path: (params: P) => string;
  method?: string;
  schema?: S;
  sideEffect?: boolean;
  process?: (value: any, ...args: any[]) => R;
  dataExpiryLength?: number;
  errorExpiryLength?: number;
  errorPolicy?: (error: any) => ErrorPolicy;
  invalidIfStale?: boolean;
  pollFrequency?: number;
  getOptimisticResponse?: (snap: SnapshotInterface, ...args: any[]) => unknown;
  update?: (normalized: any, ...args: any[]) => { [key: string]: (current: any) => any };
  signal?: AbortSignal;
  /** Default: any key of this method under API. */
  testKey?: (key: string) => boolean;
}

export type TestEndpoint<P, R, S extends Schema = undefined> = {
  extend(options: Partial<TestEndpointOptions<P, R, S>>): TestEndpoint<P, R, S>;
  testKey(key: string): boolean;
  readonly schema: S;
} & EndpointInterface<(params: P, body?: unknown) => Promise<R>, S>;

export function testEndpoint<P = undefined, R = any, S extends Schema = undefined>(
  options: TestEndpointOptions<P, R, S>,
): TestEndpoint<P, R, S> {
  const method = options.method ?? 'GET';
  const url = (params: P) => `${API}${options.path(params)}`;
  const call = async (params: P, body?: unknown): Promise<R> => {
    const response = await fetch(url(params), {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      signal: options.signal,
    });
    if (!response.ok) throw new HttpError(response.status);
    const value = response.status === 204 ? null : await response.json();
    return options.process ? options.process(value, params, body) : value;
  };
  return Object.assign(call, {
    key: (params: P) => `${method} ${url(params)}`,
    testKey: options.testKey ?? ((key: string) => key.startsWith(`${method} ${API}`)),
    schema: options.schema,
    sideEffect: options.sideEffect ?? method !== 'GET',
    dataExpiryLength: options.dataExpiryLength,
    errorExpiryLength: options.errorExpiryLength,
    errorPolicy: options.errorPolicy,
    invalidIfStale: options.invalidIfStale,
    pollFrequency: options.pollFrequency,
    getOptimisticResponse: options.getOptimisticResponse,
    update: options.update,
    signal: options.signal,
    // Like RestEndpoint: a new signal is combined with the endpoint's own; an explicit
    // `signal: undefined` drops it.
    extend: (overrides: Partial<TestEndpointOptions<P, R, S>>) =>
      testEndpoint({
        ...options,
        ...overrides,
        signal:
          overrides.signal && options.signal
            ? AbortSignal.any([overrides.signal, options.signal])
            : 'signal' in overrides
              ? overrides.signal
              : options.signal,
      }),
  }) as unknown as TestEndpoint<P, R, S>;
}

/** A promise with its settle functions, to release msw responses in a chosen order. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export type LocalEndpointOptions<A extends unknown[], R, S extends Schema> = Omit<
  TestEndpointOptions<A[0], R, S>,
  'path' | 'method' | 'process' | 'signal'
> & {
  /** Typed by the caller's own parameters; the endpoint's arguments come from `resolve`. */
  key: (...args: never) => string;
  /** Produces the response (may throw or return a rejected promise). */
  resolve: (...args: A) => R | Promise<R>;
};

/** An endpoint without HTTP (e.g. a local source): for store tests that run on fake timers. */
export function localEndpoint<A extends unknown[], R, S extends Schema = undefined>(
  options: LocalEndpointOptions<A, R, S>,
) {
  const { resolve, ...rest } = options;
  return Object.assign(async (...args: A): Promise<R> => resolve(...args), {
    ...rest,
    sideEffect: rest.sideEffect ?? false,
  }) as EndpointInterface<(...args: A) => Promise<R>, S> & {
    readonly schema: S;
    key(...args: A): string;
  };
}

/** An msw server for the test file: listening in it, handlers reset after each test. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** Resolves once no fetch of `key` is in flight (e.g. after a cancelled request gave back its mark). */
export function notFetching(controller: Controller, key: string): Promise<unknown> {
  return firstValueFrom(controller.pipe(filter((state) => !Object.hasOwn(state.fetching, key))));
}
