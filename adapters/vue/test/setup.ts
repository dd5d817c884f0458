// One test file's harness: the shared msw todo API (tests/support), a fresh Tessera per test, and
// `mountWith` to mount a component (or a setup function) inside it. Apps and stores are torn down
// after.

import { GCManager, PollingManager } from '@tessera/core';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach } from 'vitest';
import { type Component, defineComponent, h, ref, Suspense } from 'vue';
import { serveTodoApi, type TodoServer } from '../../../tests/support/serveTodoApi';
import { createTessera, type Tessera, type TesseraOptions } from '../src/tessera';

export interface TestContext extends TodoServer {
  tessera: Tessera;
}

const mounted: { unmount(): void }[] = [];

/** Registers the hooks; the returned context is filled before each test. */
export function setupTodoApi(
  options: { rows?: number; store?: () => TesseraOptions } = {},
): TestContext {
  const context = serveTodoApi(options) as TestContext;
  beforeEach(() => {
    // An app that polls and collects garbage opts in to both (they are not in a store by default).
    const managers = [new PollingManager(), new GCManager()];
    context.tessera = createTessera({ managers, ...options.store?.() });
  });
  afterEach(() => {
    while (mounted.length) mounted.pop()!.unmount();
    context.tessera.store.dispose();
  });
  return context;
}

/** Mounts `component` with the Tessera plugin (inside `<Suspense>` when `suspense` is set). */
export function mountWith(
  tessera: Tessera,
  component: Component,
  options: { suspense?: boolean; props?: Record<string, unknown> } = {},
) {
  const root = options.suspense
    ? defineComponent({
        setup: () => () =>
          h(Suspense, null, {
            default: () => h(component, options.props),
            fallback: () => h('p', { class: 'fallback' }, 'loading'),
          }),
      })
    : component;
  const wrapper = mount(root, {
    props: options.suspense ? {} : options.props,
    global: { plugins: [tessera] },
  });
  mounted.push(wrapper);
  return wrapper;
}

/** Runs `setup` as a component's setup; returns what it returned (and the wrapper). */
export function withSetup<T>(tessera: Tessera, setup: () => T) {
  let result!: T;
  const wrapper = mountWith(
    tessera,
    defineComponent({
      setup() {
        result = setup();
        return () => null;
      },
    }),
  );
  return { result, wrapper };
}

/** Mounts `component` under a parent that shows it while `shown.value` is true. */
export function mountToggled(
  tessera: Tessera,
  component: Component,
  options: { suspense?: boolean; props?: Record<string, unknown> } = {},
) {
  const shown = ref(true);
  const Toggle = defineComponent({
    setup: () => () => (shown.value ? h(component, options.props) : null),
  });
  const wrapper = mountWith(tessera, Toggle, { suspense: options.suspense });
  return { wrapper, shown };
}

export { flushPromises };
