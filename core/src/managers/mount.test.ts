import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Manager, Store } from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';

function probe(withStop = true) {
  const manager = {
    middleware: () => (next) => next,
    init: vi.fn(),
    cleanup: vi.fn(),
    ...(withStop ? { stop: vi.fn() } : {}),
  } satisfies Manager;
  return manager as typeof manager & { stop?: ReturnType<typeof vi.fn> };
}

const getCount = Object.assign(async () => 1, { key: () => 'GET /count' });

describe('store.mount() / store.unmount(): the managers run while a root is mounted', () => {
  it('is a pair of plain functions on the store, and an optional stop() on a manager', () => {
    expectTypeOf<Store['mount']>().toEqualTypeOf<() => void>();
    expectTypeOf<Store['unmount']>().toEqualTypeOf<() => void>();
    expectTypeOf<Manager['stop']>().toEqualTypeOf<(() => void) | undefined>();
  });

  it('two roots share one start; the managers stop when the last one unmounts', () => {
    const manager = probe();
    const { mount, unmount, dispose } = createStore({ start: false, managers: [manager] });
    mount();
    mount();
    expect(manager.init).toHaveBeenCalledOnce();
    unmount();
    expect(manager.stop).not.toHaveBeenCalled();
    unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    expect(manager.cleanup).not.toHaveBeenCalled();
    dispose();
    expect(manager.cleanup).toHaveBeenCalledOnce();
  });

  it('a root mounted again starts the managers again', () => {
    const manager = probe();
    const store = createStore({ start: false, managers: [manager] });
    store.mount();
    store.unmount();
    store.mount();
    expect(manager.init).toHaveBeenCalledTimes(2);
    expect(manager.stop).toHaveBeenCalledOnce();
    store.dispose();
  });

  it('a started store stops when the last root that mounted it unmounts', () => {
    const manager = probe();
    const store = createStore({ managers: [manager] });
    expect(manager.init).toHaveBeenCalledOnce();
    store.mount();
    expect(manager.init).toHaveBeenCalledOnce();
    store.unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    store.dispose();
  });

  it('a manager without stop() keeps running and is never started twice', () => {
    const manager = probe(false);
    const store = createStore({ start: false, managers: [manager] });
    store.mount();
    store.unmount();
    store.mount();
    expect(manager.init).toHaveBeenCalledOnce();
    store.dispose();
  });

  it('an unmount without a mount is ignored: it does not cancel a later mount', () => {
    const manager = probe();
    const store = createStore({ start: false, managers: [manager] });
    store.unmount();
    store.mount();
    store.mount();
    store.unmount();
    expect(manager.stop).not.toHaveBeenCalled();
    store.unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    store.dispose();
  });

  it('the store keeps its data and keeps working with no root mounted', async () => {
    const store = createStore({ start: false });
    store.mount();
    await store.controller.fetch(getCount);
    store.unmount();
    expect(store.controller.getResponse(getCount).data).toBe(1);
    await expect(store.controller.fetch(getCount)).resolves.toBe(1);
    store.dispose();
  });

  it('a disposed store is never started by a mount', () => {
    const manager = probe();
    const store = createStore({ start: false, managers: [manager] });
    store.dispose();
    store.mount();
    expect(manager.init).not.toHaveBeenCalled();
  });

  it('garbage collection stops its timer with the last root, and starts it again', () => {
    const set = vi.spyOn(globalThis, 'setInterval');
    const clear = vi.spyOn(globalThis, 'clearInterval');
    try {
      const gc = new GCManager();
      const store = createStore({ start: false, managers: () => [gc] });
      store.mount();
      expect(set).toHaveBeenCalledOnce();
      const timer = set.mock.results[0]?.value;
      store.unmount();
      expect(clear).toHaveBeenLastCalledWith(timer);
      store.mount();
      expect(set).toHaveBeenCalledTimes(2);
      store.dispose();
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });
});
