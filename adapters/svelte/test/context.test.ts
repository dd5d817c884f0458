import type { Dispatch, Manager, Store } from '@tessera/core';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { writable } from 'svelte/store';
import { describe, expect, it, vi } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera } from '../src/index.js';
import Capture from './components/Capture.svelte';
import Provider from './components/Provider.svelte';
import QueryTodo from './components/QueryTodo.svelte';
import Root from './components/Root.svelte';
import RuneTodo from './components/RuneTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();

describe('context', () => {
  it('setTessera provides the store to getTessera, and leaves it to its owner', async () => {
    const store = createTessera();
    let seen: Store | undefined;
    const view = render(Provider, { props: { store, seen: (given: Store) => (seen = given) } });
    expect(seen).toBe(store);
    view.unmount();
    expect(store.controller.isDisposed).toBe(false);
    await expect(store.controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({
      title: 'Todo 1',
    });
    store.dispose();
  });

  it('an accessor without a store in context says how to set one up', () => {
    expect(() => render(RuneTodo, { props: { id: 1 } })).toThrow(/setTessera\(createTessera\(\)\)/);
    expect(() => render(Capture, { props: { create: () => {} } })).not.toThrow();
  });
});

describe('queryStore', () => {
  it('reads an entity by pk as the store changes, never fetching', async () => {
    const id = writable<{ id: number } | null>({ id: 2 });
    t.mount(QueryTodo, { id });
    expect(screen.getByTestId('title').textContent).toBe('none');
    await t.store.controller.fetch(TodoResource.getList);
    await waitFor(() => expect(screen.getByTestId('title').textContent).toBe('Todo 2'));
    id.set({ id: 3 });
    flushSync();
    expect(screen.getByTestId('title').textContent).toBe('Todo 3');
    id.set(null);
    flushSync();
    expect(screen.getByTestId('title').textContent).toBe('none');
    expect(t.api.requests).toEqual(['GET /todos']);
  });
});

describe('a store shared by several roots (setTessera)', () => {
  // Each root renders into its own element; queries stay inside it.
  const root = (store: Store, id = 1) => {
    const view = render(Root, { props: { store, id } });
    return {
      unmount: view.unmount,
      text: (id: string) => within(view.container).getByTestId(id).textContent,
    };
  };

  it('the other root still follows the store after one is destroyed', async () => {
    const store = createTessera();
    const first = root(store);
    const second = root(store);
    await waitFor(() => expect(second.text('title')).toBe('Todo 1'));
    first.unmount();
    await store.controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed', completed: false });
    await waitFor(() => expect(second.text('title')).toBe('Renamed'));
    second.unmount();
    expect(store.controller.isDisposed).toBe(false);
    store.dispose();
  });

  it('a root mounted again on the same store loads its data', async () => {
    const store = createTessera();
    root(store).unmount();
    const again = root(store, 2);
    expect(again.text('state')).toBe('loading');
    await waitFor(() => expect(again.text('title')).toBe('Todo 2'));
    expect(again.text('state')).toBe('idle');
    store.dispose();
  });

  it('the managers run while a root is mounted: they stop with the last one, start with the next', () => {
    const manager = {
      middleware: () => (next: Dispatch) => next,
      init: vi.fn(),
      stop: vi.fn(),
      cleanup: vi.fn(),
    } satisfies Manager;
    const store = createTessera({ start: false, managers: [manager] });
    const first = root(store);
    const second = root(store);
    expect(manager.init).toHaveBeenCalledOnce();
    first.unmount();
    expect(manager.stop).not.toHaveBeenCalled();
    second.unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    root(store).unmount();
    expect(manager.init).toHaveBeenCalledTimes(2);
    expect(manager.cleanup).not.toHaveBeenCalled();
    store.dispose();
  });
});
