// One test file's harness: msw over a fresh todo API, and a fresh store per test whose context
// `mount` passes to the component under test.
import type { CreateStoreOptions, Store } from '@tessera/core';
import { type RenderResult, render } from '@testing-library/svelte';
import { setupServer } from 'msw/node';
import type { Component, ComponentProps } from 'svelte';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createTessera, tesseraContext } from '../src/index.js';
import { type TodoApi, todoApi } from './todoApi.js';

export interface Harness {
  api: TodoApi;
  store: Store;
  /** Renders a component with this test's store in its context. */
  mount<C extends Component<any>>(component: C, props?: ComponentProps<C>): RenderResult<C>;
}

export interface HarnessOptions {
  fakeTimers?: boolean;
  rows?: number;
  store?: CreateStoreOptions;
}

export function setupHarness(options: HarnessOptions = {}): Harness {
  const server = setupServer();
  const harness = {} as Harness;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: false });
    harness.api = todoApi(options.rows);
    server.use(...harness.api.handlers);
    harness.store = createTessera(options.store);
    harness.mount = (component, props) =>
      render(component as never, { props, context: tesseraContext(harness.store) } as never);
  });
  afterEach(() => {
    harness.store.dispose();
    server.resetHandlers();
    if (options.fakeTimers) vi.useRealTimers();
  });
  afterAll(() => server.close());
  return harness;
}
