// One test file's harness: msw over a fresh todo API, and a fresh store per test whose context
// `mount` passes to the component under test.
import type { CreateStoreOptions, Store } from '@tessera/core';
import { type RenderResult, render, waitFor } from '@testing-library/svelte';
import { setupServer } from 'msw/node';
import type { Component, ComponentProps } from 'svelte';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createTessera, tesseraContext } from '../src/index.js';
import { type TodoApi, todoApi } from './todoApi.js';

export interface Harness {
  api: TodoApi;
  store: Store;
  /** Renders a component with this test's store in its context. */
  mount<C extends Component<any>>(component: C, props?: ComponentProps<C>): RenderResult<C>;
  /**
   * Mounts the component, waits for its one request (`GET /todos/N`), unmounts it before the
   * answer and expects that request to be aborted.
   */
  expectAbortOnUnmount<C extends Component<any>>(
    component: C,
    props: ComponentProps<C>,
    request: string,
  ): Promise<void>;
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
  harness.expectAbortOnUnmount = async (component, props, request) => {
    const release = harness.api.hold();
    const view = harness.mount(component, props);
    await waitFor(() => expect(harness.api.requests).toEqual([request]));
    view.unmount();
    await waitFor(() => expect(harness.api.aborted).toEqual([request]));
    release();
  };
  afterEach(() => {
    harness.store.dispose();
    server.resetHandlers();
    if (options.fakeTimers) vi.useRealTimers();
  });
  afterAll(() => server.close());
  return harness;
}
