import { NetworkError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, onErrorCaptured, ref } from 'vue';
import { getTodoSoft, manualClock, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, mountWith, setupTodoApi } from '../test/setup';
import TodoTitle from '../test/TodoTitle.vue';
import { TesseraErrorBoundary } from './TesseraErrorBoundary';
import { useController } from './tessera';
import { useSuspense } from './useSuspense';

const clock = manualClock();
const t = setupTodoApi({ store: () => ({ now: clock.now }) });

describe('useSuspense', () => {
  it('suspends <Suspense> until the data arrives, then renders it', async () => {
    const wrapper = mountWith(t.tessera, TodoTitle, { suspense: true, props: { id: 1 } });
    expect(wrapper.find('.fallback').exists()).toBe(true);
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('unmounted while suspended, it withdraws: the request nobody else wants is aborted', async () => {
    const release = t.api.hold();
    const wrapper = mountWith(t.tessera, TodoTitle, { suspense: true, props: { id: 4 } });
    await flushPromises();
    expect(t.api.requests).toEqual(['GET /todos/4']);
    wrapper.unmount();
    await flushPromises();
    expect(t.api.aborted).toEqual(['GET /todos/4']);
    release();
  });

  it('resolves at once from fresh cached data, without a request', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    t.api.requests.length = 0;
    const wrapper = mountWith(t.tessera, TodoTitle, { suspense: true, props: { id: 2 } });
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 2');
    expect(t.api.requests).toEqual([]);
  });

  it('returns a read-only ref that follows the store (frozen, not deep reactive)', async () => {
    const wrapper = mountWith(t.tessera, TodoTitle, { suspense: true, props: { id: 1 } });
    await flushPromises();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Renamed' });
    await nextTick();
    expect(wrapper.find('h1').text()).toBe('Renamed');
  });

  it('new arguments refetch and keep the previous data, flagged, until theirs arrive', async () => {
    const Parent = defineComponent({
      setup() {
        const id = ref(1);
        return { id };
      },
      render() {
        return h(TodoTitle, { id: this.id });
      },
    });
    const wrapper = mountWith(t.tessera, Parent, { suspense: true });
    await flushPromises();
    const release = t.api.hold();
    (wrapper.findComponent(Parent).vm as unknown as { id: number }).id = 3;
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 1');
    expect(wrapper.find('h1').classes()).toContain('previous');
    release();
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Todo 3');
    expect(wrapper.find('h1').classes()).not.toContain('previous');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/3']);
  });

  it('a soft error with stale data renders the data', async () => {
    await t.tessera.controller.fetch(getTodoSoft, { id: 1 });
    clock.advance(120_000);
    t.api.failNext(503);
    const Soft = defineComponent({
      async setup() {
        const todo = await useSuspense(getTodoSoft, { id: 1 });
        return () => h('p', todo.value.title);
      },
    });
    const wrapper = mountWith(t.tessera, Soft, { suspense: true });
    await flushPromises();
    expect(wrapper.find('p').text()).toBe('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('a hard error reaches onErrorCaptured (Suspense catches nothing)', async () => {
    t.api.failNext(404);
    const captured: unknown[] = [];
    const Parent = defineComponent({
      setup() {
        onErrorCaptured((error) => {
          captured.push(error);
          return false;
        });
        return () => h(TodoTitle, { id: 1 });
      },
    });
    mountWith(t.tessera, Parent, { suspense: true });
    await flushPromises();
    expect(captured).toHaveLength(1);
    expect(captured[0]).toBeInstanceOf(NetworkError);
    expect((captured[0] as NetworkError).status).toBe(404);
  });

  it('a hard error after the first render throws from the ref into the boundary', async () => {
    const App = defineComponent({
      setup: () => () =>
        h(TesseraErrorBoundary, null, {
          default: () => h(TodoTitle, { id: 1 }),
          fallback: ({ error }: { error: NetworkError }) => h('p', `failed ${error.status}`),
        }),
    });
    const wrapper = mountWith(t.tessera, App, { suspense: true });
    await flushPromises();
    t.api.failNext(500);
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await flushPromises();
    expect(wrapper.find('p').text()).toBe('failed 500');
  });

  it('a missing path parameter reaches the boundary as its error', async () => {
    const Broken = defineComponent({
      async setup() {
        // @ts-expect-error `id` is required by the path
        const todo = await useSuspense(TodoResource.get, {});
        return () => h('h1', String(todo.value));
      },
    });
    const App = defineComponent({
      setup: () => () =>
        h(TesseraErrorBoundary, null, {
          default: () => h(Broken),
          fallback: ({ error }: { error: Error }) => h('p', `${error.name}: ${error.message}`),
        }),
    });
    const wrapper = mountWith(t.tessera, App, { suspense: true });
    await flushPromises();
    expect(wrapper.find('p').text()).toMatch(
      /^TypeError: URL parameter "id" of path "\/todos\/:id" is missing/,
    );
    expect(t.api.requests).toEqual([]);
  });

  it('null arguments resolve to undefined without a request', async () => {
    const NotNow = defineComponent({
      async setup() {
        const todo = await useSuspense(TodoResource.get, () => null);
        return () => h('p', String(todo.value));
      },
    });
    const wrapper = mountWith(t.tessera, NotNow, { suspense: true });
    await flushPromises();
    expect(wrapper.find('p').text()).toBe('undefined');
    expect(t.api.requests).toEqual([]);
  });

  it('reads the controller it was installed with', async () => {
    const Probe = defineComponent({
      setup: () => () => h('p', String(useController() === t.tessera.controller)),
    });
    expect(mountWith(t.tessera, Probe).find('p').text()).toBe('true');
  });
});
