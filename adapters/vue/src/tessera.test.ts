import type { Dispatch, Manager } from '@tessera/core';
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h, ref } from 'vue';
import { TodoResource } from '../../../tests/support/todoApi';
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

  it('keeps garbage collection on by default', () => {
    const tessera = createTessera();
    const gcTimer = vi.spyOn(globalThis, 'setInterval');
    createApp({ render: () => null })
      .use(tessera)
      .mount(document.createElement('div'));
    expect(gcTimer).toHaveBeenCalledOnce();
    gcTimer.mockRestore();
    tessera.store.dispose();
  });

  it('useController() outside a Tessera app says how to install it', () => {
    const Orphan = defineComponent({
      setup() {
        useController();
        return () => null;
      },
    });
    expect(() => mount(Orphan)).toThrow(/app\.use\(createTessera\(\)\)/);
  });
});

describe('garbage collection', () => {
  it('evicts expired data once no mounted component reads it', async () => {
    vi.useFakeTimers();
    try {
      const tessera = createTessera({ gc: { intervalMs: 1_000 }, dataExpiryLength: 1_000 });
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
