import { setResponse } from '@tessera/core';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { defineComponent, h, isProxy, nextTick, ref } from 'vue';
import {
  getTodoPolled,
  getTodoSoft,
  manualClock,
  Todo,
  TodoResource,
} from '../../../tests/support/todoApi';
import { flushPromises, mountToggled, mountWith, setupTodoApi, withSetup } from '../test/setup';
import { useCache, useDLE, useFetch, useKeepLive, useLive, useSubscription } from './useDLE';

const clock = manualClock();
const t = setupTodoApi({ store: () => ({ now: clock.now }) });

describe('useDLE', () => {
  it("loading, then the data: the store's memoized object itself, never a reactive proxy", async () => {
    const { result } = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 1 }));
    expect(result.loading.value).toBe(true);
    expect(result.data.value).toBeUndefined();
    await flushPromises();
    expect(result.loading.value).toBe(false);
    expect(result.data.value).toBeInstanceOf(Todo);
    expect(result.data.value?.title).toBe('Todo 1');
    expect(isProxy(result.data.value)).toBe(false);
    expect(result.data.value).toBe(
      t.tessera.controller.getResponse(TodoResource.get, { id: 1 }).data,
    );
  });

  it('the request leaves during setup, before the rest of the tree mounts', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const requestsAtSiblingSetup: number[] = [];
    const Reader = defineComponent({
      setup() {
        const { data } = useDLE(TodoResource.get, { id: 1 });
        return () => h('p', data.value?.title ?? 'loading');
      },
    });
    const Sibling = defineComponent({
      setup() {
        requestsAtSiblingSetup.push(spy.mock.calls.length);
        return () => h('p', 'sibling');
      },
    });
    const wrapper = mountWith(t.tessera, { render: () => [h(Reader), h(Sibling)] });
    spy.mockRestore();
    // Not held until the whole tree has rendered: the response and the render overlap.
    expect(requestsAtSiblingSetup).toEqual([1]);
    await flushPromises();
    expect(wrapper.text()).toContain('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('fresh data: no request; stale data: shown while it refetches', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const fresh = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 1 })).result;
    expect(fresh.loading.value).toBe(false);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    clock.advance(120_000);
    t.api.rows.get(1)!.title = 'Changed';
    const stale = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 1 })).result;
    expect(stale.data.value?.title).toBe('Todo 1');
    expect(stale.loading.value).toBe(true);
    await flushPromises();
    expect(stale.data.value?.title).toBe('Changed');
    expect(fresh.data.value?.title).toBe('Changed');
  });

  it('a missing path parameter is its error, not an exception out of setup', async () => {
    // @ts-expect-error `id` is required by the path
    const { result } = withSetup(t.tessera, () => useDLE(TodoResource.get, {}));
    expect(result.loading.value).toBe(false);
    expect(result.data.value).toBeUndefined();
    expect(result.error.value).toBeInstanceOf(TypeError);
    expect(result.error.value?.message).toMatch(
      /^URL parameter "id" of path "\/todos\/:id" is missing/,
    );
    // Reactive arguments that become usable load as usual.
    const id = ref<number | undefined>(undefined);
    const later = withSetup(t.tessera, () =>
      useDLE(TodoResource.get, () => ({ id: id.value as number })),
    ).result;
    expect(later.error.value).toBeInstanceOf(TypeError);
    id.value = 2;
    await flushPromises();
    expect(later.error.value).toBeUndefined();
    expect(later.data.value?.title).toBe('Todo 2');
    expect(t.api.requests).toEqual(['GET /todos/2']);
  });

  it('invalidation refetches', async () => {
    const { result } = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 1 }));
    await flushPromises();
    t.api.rows.get(1)!.title = 'Server side';
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    expect(result.loading.value).toBe(true);
    await flushPromises();
    expect(result.data.value?.title).toBe('Server side');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('a hard error is shown; a soft one is hidden while stale data exists', async () => {
    t.api.failNext(404);
    const hard = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 9 })).result;
    await flushPromises();
    expect(hard.error.value?.status).toBe(404);
    expect(hard.data.value).toBeUndefined();

    await t.tessera.controller.fetch(getTodoSoft, { id: 1 });
    clock.advance(120_000);
    t.api.failNext(503);
    const soft = withSetup(t.tessera, () => useDLE(getTodoSoft, { id: 1 })).result;
    await flushPromises();
    expect(soft.error.value).toBeUndefined();
    expect(soft.data.value?.title).toBe('Todo 1');
    expect(t.api.requests.at(-1)).toBe('GET /todos/1');
  });

  it('getter arguments are followed; previous data is flagged; null means not now', async () => {
    const id = ref<number | null>(1);
    const { result } = withSetup(t.tessera, () =>
      useDLE(TodoResource.get, () => (id.value === null ? null : { id: id.value })),
    );
    await flushPromises();
    const release = t.api.hold();
    id.value = 2;
    await nextTick();
    expect(result.data.value?.title).toBe('Todo 1');
    expect(result.isPreviousData.value).toBe(true);
    // `previous`: the flag's deprecated name, for one release.
    expect(result.previous.value).toBe(true);
    expect(result.loading.value).toBe(true);
    release();
    await flushPromises();
    expect(result.data.value?.title).toBe('Todo 2');
    expect(result.isPreviousData.value).toBe(false);
    expect(result.previous.value).toBe(false);
    id.value = null;
    await nextTick();
    expect(result.data.value).toBeUndefined();
    expect(result.loading.value).toBe(false);
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2']);
  });

  it('a ref argument is followed too', async () => {
    const params = ref({ id: 1 });
    const { result } = withSetup(t.tessera, () => useDLE(TodoResource.get, params));
    await flushPromises();
    params.value = { id: 3 };
    await flushPromises();
    expect(result.data.value?.title).toBe('Todo 3');
  });

  it('unmounting during a fetch aborts it, unless another reader shares it', async () => {
    const release = t.api.hold();
    const Reader = defineComponent({
      props: { id: { type: Number, required: true } },
      setup(props) {
        useDLE(TodoResource.get, () => ({ id: props.id }));
        return () => null;
      },
    });
    const alone = mountToggled(t.tessera, Reader, { props: { id: 1 } });
    await flushPromises();
    alone.shown.value = false;
    await flushPromises();
    expect(t.api.aborted).toEqual(['GET /todos/1']);

    const first = mountToggled(t.tessera, Reader, { props: { id: 2 } });
    const second = withSetup(t.tessera, () => useDLE(TodoResource.get, { id: 2 })).result;
    await flushPromises();
    first.shown.value = false;
    await flushPromises();
    release();
    await flushPromises();
    expect(t.api.aborted).toEqual(['GET /todos/1']);
    expect(second.data.value?.title).toBe('Todo 2');
  });

  it('useCache never fetches, and follows the store', async () => {
    const cached = withSetup(t.tessera, () => useCache(TodoResource.get, { id: 1 })).result;
    await flushPromises();
    expect(cached.value).toBeUndefined();
    expect(t.api.requests).toEqual([]);
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    expect(cached.value?.title).toBe('Todo 1');
  });

  it('useFetch fetches when due and does not re-render on data changes', async () => {
    let renders = 0;
    const Fetcher = defineComponent({
      setup() {
        const { loading } = useFetch(TodoResource.get, { id: 1 });
        return () => {
          renders += 1;
          return h('p', loading.value ? 'loading' : 'done');
        };
      },
    });
    const wrapper = mountWith(t.tessera, Fetcher);
    await flushPromises();
    expect(wrapper.text()).toBe('done');
    expect(t.api.requests).toEqual(['GET /todos/1']);
    const before = renders;
    await setResponse(t.tessera.controller, TodoResource.get, { id: 1 }, { id: 1, title: 'New' });
    await nextTick();
    expect(renders).toBe(before);
  });
});

describe('polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('useLive polls while mounted, once per key however many components read it', async () => {
    const Live = defineComponent({
      setup() {
        const { data } = useLive(getTodoPolled, { id: 1 });
        return () => h('p', data.value?.title ?? '');
      },
    });
    const Both = defineComponent({ setup: () => () => [h(Live), h(Live)] });
    const both = mountToggled(t.tessera, Both);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    clock.advance(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
    both.shown.value = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(2);
  });

  it('useKeepLive polls without reading', async () => {
    const { wrapper } = withSetup(t.tessera, () => useKeepLive(getTodoPolled, { id: 2 }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.api.requests).toEqual(['GET /todos/2', 'GET /todos/2', 'GET /todos/2']);
    wrapper.unmount();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.api.requests).toHaveLength(3);
  });

  it('useSubscription, the deprecated name of useKeepLive, still keeps the key live', async () => {
    expect(useSubscription).toBe(useKeepLive);
    expectTypeOf(useSubscription).toEqualTypeOf(useKeepLive);
    const { wrapper } = withSetup(t.tessera, () => useSubscription(getTodoPolled, { id: 3 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toEqual(['GET /todos/3', 'GET /todos/3']);
    wrapper.unmount();
  });
});
