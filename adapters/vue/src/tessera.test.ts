import { createStore, type Dispatch, GCManager, type Manager, type Store } from '@tessera/core';
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h, ref } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, setupTodoApi } from '../test/setup';
import { createTessera, provideTessera, useController } from './tessera';
import { useDLE } from './useDLE';

setupTodoApi();

function spyManager() {
  return {
    init: vi.fn(),
    cleanup: vi.fn(),
    middleware: () => (next: Dispatch) => next,
  } satisfies Manager;
}

describe('createTessera', () => {
  it('starts managers when the app mounts, and stops them with the store on app.unmount()', () => {
    const manager = spyManager();
    const tessera = createTessera({ managers: [manager] });
    const app = createApp({ render: () => null }).use(tessera);
    expect(manager.init).not.toHaveBeenCalled();
    app.mount(document.createElement('div'));
    expect(manager.init).toHaveBeenCalledWith(tessera.controller);
    app.unmount();
    expect(manager.cleanup).toHaveBeenCalledOnce();
    return expect(tessera.controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(
      'disposed',
    );
  });

  it('runs garbage collection when handed a GCManager (opt in), and no timer without it', () => {
    const gcTimer = vi.spyOn(globalThis, 'setInterval');
    const bare = createTessera();
    createApp({ render: () => null })
      .use(bare)
      .mount(document.createElement('div'));
    expect(gcTimer).not.toHaveBeenCalled();
    const collected = createTessera({ managers: [new GCManager()] });
    createApp({ render: () => null })
      .use(collected)
      .mount(document.createElement('div'));
    expect(gcTimer).toHaveBeenCalledOnce();
    gcTimer.mockRestore();
    bare.store.dispose();
    collected.store.dispose();
  });

  it('useController() outside a Tessera app says how to install it', () => {
    // A render option, not one returned by setup: setup throws before it could return one, and
    // Vue would add a warning that the component has nothing to render.
    const Orphan = defineComponent({
      setup() {
        useController();
      },
      render: () => null,
    });
    expect(() => mount(Orphan)).toThrow(/app\.use\(createTessera\(\)\)/);
  });
});

describe('garbage collection', () => {
  it('evicts expired data once no mounted component reads it', async () => {
    vi.useFakeTimers();
    try {
      const tessera = createTessera({
        managers: [new GCManager({ intervalMs: 1_000 })],
        dataExpiryLength: 1_000,
      });
      const shown = ref(true);
      const Reader = defineComponent({
        setup() {
          const { data } = useDLE(TodoResource.get, { id: 1 });
          return () => h('p', data.value?.title);
        },
      });
      const app = createApp({ render: () => (shown.value ? h(Reader) : null) }).use(tessera);
      app.mount(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(0);
      const key = TodoResource.get.key({ id: 1 });
      await vi.advanceTimersByTimeAsync(3_000);
      expect(tessera.controller.getState().meta[key]).toBeDefined();
      shown.value = false;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(tessera.controller.getState().meta[key]).toBeUndefined();
      app.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('provideTessera', () => {
  it('provides a store to descendants, starts on mount, disposes on unmount', async () => {
    const manager = spyManager();
    const Child = defineComponent({
      setup() {
        const { data } = useDLE(TodoResource.get, { id: 1 });
        return () => h('p', data.value?.title ?? 'loading');
      },
    });
    const Root = defineComponent({
      setup() {
        provideTessera({ managers: [manager] });
        return () => h(Child);
      },
    });
    const wrapper = mount(Root);
    expect(manager.init).toHaveBeenCalledOnce();
    await flushPromises();
    expect(wrapper.text()).toBe('Todo 1');
    wrapper.unmount();
    expect(manager.cleanup).toHaveBeenCalledOnce();
  });
});

describe('a store shared by several apps', () => {
  const Title = defineComponent({
    props: { id: { type: Number, required: true } },
    setup(props) {
      const { data, loading } = useDLE(TodoResource.get, () => ({ id: props.id }));
      return () => h('p', loading.value ? 'loading' : data.value?.title);
    },
  });
  const mountApp = (store: Store, id = 1) => {
    const root = document.createElement('div');
    const app = createApp(Title, { id }).use(createTessera({ store }));
    app.mount(root);
    return { app, root };
  };

  it('the other app still follows the store after one unmounts', async () => {
    const store = createStore();
    const first = mountApp(store);
    const second = mountApp(store);
    await flushPromises();
    expect(second.root.textContent).toBe('Todo 1');
    first.app.unmount();
    await store.controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed', completed: false });
    await flushPromises();
    expect(second.root.textContent).toBe('Renamed');
    second.app.unmount();
    expect(store.controller.isDisposed).toBe(false);
    store.dispose();
  });

  it('an app mounted again on the same store loads its data', async () => {
    const store = createStore();
    mountApp(store).app.unmount();
    const again = mountApp(store, 2);
    expect(again.root.textContent).toBe('loading');
    await flushPromises();
    expect(again.root.textContent).toBe('Todo 2');
    again.app.unmount();
    store.dispose();
  });

  it('the managers run while an app is mounted, and the store passed in is never disposed', () => {
    const manager = { ...spyManager(), stop: vi.fn() };
    const store = createStore({ start: false, managers: [manager] });
    const first = mountApp(store);
    const second = mountApp(store);
    expect(manager.init).toHaveBeenCalledOnce();
    first.app.unmount();
    expect(manager.stop).not.toHaveBeenCalled();
    second.app.unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    mountApp(store).app.unmount();
    expect(manager.init).toHaveBeenCalledTimes(2);
    expect(manager.cleanup).not.toHaveBeenCalled();
    store.dispose();
  });

  it('a createTessera() in two apps disposes its store when the last one unmounts', () => {
    const tessera = createTessera();
    const first = createApp(Title, { id: 1 }).use(tessera);
    const second = createApp(Title, { id: 1 }).use(tessera);
    first.mount(document.createElement('div'));
    second.mount(document.createElement('div'));
    first.unmount();
    expect(tessera.controller.isDisposed).toBe(false);
    second.unmount();
    expect(tessera.controller.isDisposed).toBe(true);
    expect(() => createApp(Title, { id: 1 }).use(tessera)).toThrow(/createTessera\(\{ store \}\)/);
  });

  it('provideTessera({ store }) in a component mounted twice over leaves the store running', async () => {
    const store = createStore();
    const Root = defineComponent({
      setup() {
        provideTessera({ store });
        return () => h(Title, { id: 1 });
      },
    });
    mount(Root).unmount();
    const again = mount(Root);
    await flushPromises();
    expect(again.text()).toBe('Todo 1');
    again.unmount();
    expect(store.controller.isDisposed).toBe(false);
    store.dispose();
  });
});
