// One test file's harness: the shared msw todo API (tests/support), and a fresh Tessera per test
// whose context `mount` passes to the component under test.

import { GCManager, PollingManager } from '@tessera/core';
import { type RenderResult, render, waitFor } from '@testing-library/svelte';
import type { Component, ComponentProps } from 'svelte';
import { afterEach, beforeEach, expect } from 'vitest';
import {
  serveTodoApi,
  type TodoServer,
  type TodoServerOptions,
} from '../../../tests/support/serveTodoApi.js';
import { createTessera, type Tessera, type TesseraOptions, tesseraContext } from '../src/index.js';

export interface Harness extends TodoServer {
  tessera: Tessera;
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

export interface HarnessOptions extends TodoServerOptions {
  store?: TesseraOptions;
}

export function setupHarness(options: HarnessOptions = {}): Harness {
  const harness = serveTodoApi(options) as Harness;
  beforeEach(() => {
    // An app that polls and collects garbage opts in to both (they are not in a store by default).
    const managers = [new PollingManager(), new GCManager()];
    harness.tessera = createTessera({ managers, ...options.store });
  });
  harness.mount = (component, props) =>
    render(component as never, { props, context: tesseraContext(harness.tessera) } as never);
  harness.expectAbortOnUnmount = async (component, props, request) => {
    const release = harness.api.hold();
    const view = harness.mount(component, props);
    await waitFor(() => expect(harness.api.requests).toEqual([request]));
    view.unmount();
    await waitFor(() => expect(harness.api.aborted).toEqual([request]));
    release();
  };
  afterEach(() => harness.tessera.dispose());
  return harness;
}
