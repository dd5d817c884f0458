import type { ErrorLike } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, Suspense } from 'vue';
import { manualClock, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, mountWith, setupTodoApi } from '../test/setup';
import TodoTitle from '../test/TodoTitle.vue';
import { TesseraErrorBoundary } from './TesseraErrorBoundary';

// A clock that never moves: a cached error stays fresh for the whole test.
const clock = manualClock();
const t = setupTodoApi({ store: () => ({ now: clock.now }) });

/**
 * The documented set-up (docs/apps/vue/src/App.vue): a boundary around a `<Suspense>`, a Retry
 * calling `reset`.
 */
const App = defineComponent({
  setup: () => () =>
    h(TesseraErrorBoundary, null, {
      default: () =>
        h(Suspense, null, {
          default: () => h(TodoTitle, { id: 1 }),
          fallback: () => h('p', 'Loading…'),
        }),
      fallback: ({ error, reset }: { error: ErrorLike & { status?: number }; reset: () => void }) =>
        h('button', { onClick: reset }, `failed ${error.status}`),
    }),
});

describe('<TesseraErrorBoundary> reset()', () => {
  it('retries a first fetch that failed: a new request, then the data', async () => {
    t.api.failNext(500);
    const wrapper = mountWith(t.tessera, App);
    await flushPromises();
    expect(wrapper.find('button').text()).toBe('failed 500');
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('retries a refetch that failed after the first render', async () => {
    const wrapper = mountWith(t.tessera, App);
    await flushPromises();
    t.api.failNext(500);
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await flushPromises();
    expect(wrapper.find('button').text()).toBe('failed 500');
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 1');
    expect(t.api.requests).toHaveLength(3);
  });

  it('mounts again a subtree whose error came from elsewhere, with no request', async () => {
    let throws = true;
    const Flaky = defineComponent({
      setup: () => () => {
        if (throws) throw new Error('render bug');
        return h('p', 'fine');
      },
    });
    const wrapper = mountWith(
      t.tessera,
      defineComponent({
        setup: () => () =>
          h(TesseraErrorBoundary, null, {
            default: () => h(Flaky),
            fallback: ({ error, reset }: { error: Error; reset: () => void }) =>
              h('button', { onClick: reset }, error.message),
          }),
      }),
    );
    await flushPromises();
    expect(wrapper.find('button').text()).toBe('render bug');
    throws = false;
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('p').text()).toBe('fine');
    expect(t.api.requests).toEqual([]);
  });
});
