import { createStore, type Dispatch, type Manager } from '@tessera/core';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { writable } from 'svelte/store';
import { describe, expect, it, vi } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera, type Tessera } from '../src/index.js';
import Capture from './components/Capture.svelte';
import Provider from './components/Provider.svelte';
import QueryTodo from './components/QueryTodo.svelte';
import Root from './components/Root.svelte';
import RuneTodo from './components/RuneTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();

describe('context', () => {
  it('setTessera provides the Tessera to getTessera, and leaves it to its owner', async () => {
    const tessera = createTessera();
    expect(tessera.controller).toBe(tessera.store.controller);
    let seen: Tessera | undefined;
    const view = render(Provider, {
      props: { tessera, seen: (given: Tessera) => (seen = given) },
    });
    expect(seen).toBe(tessera);
    view.unmount();
    expect(tessera.controller.isDisposed).toBe(false);
    await expect(tessera.controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({
      title: 'Todo 1',
    });
    tessera.dispose();
    expect(tessera.controller.isDisposed).toBe(true);
  });

  it('createTessera({ store }) wraps a store it never disposes', () => {
    const store = createStore();
    const tessera = createTessera({ store });
    expect(tessera.store).toBe(store);
    expect(tessera.controller).toBe(store.controller);
    render(Provider, { props: { tessera, seen: () => {} } }).unmount();
    tessera.dispose();
    expect(store.controller.isDisposed).toBe(false);
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
    await t.tessera.controller.fetch(TodoResource.getList);
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
  const root = (tessera: Tessera, id = 1) => {
    const view = render(Root, { props: { tessera, id } });
    return {
      unmount: view.unmount,
      text: (id: string) => within(view.container).getByTestId(id).textContent,
    };
  };

  it('the other root still follows the store after one is destroyed', async () => {
    const tessera = createTessera();
    const first = root(tessera);
    const second = root(tessera);
    await waitFor(() => expect(second.text('title')).toBe('Todo 1'));
    first.unmount();
    await tessera.controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed', completed: false });
    await waitFor(() => expect(second.text('title')).toBe('Renamed'));
    second.unmount();
    expect(tessera.controller.isDisposed).toBe(false);
    tessera.dispose();
  });

  it('a root mounted again on the same store loads its data', async () => {
    const tessera = createTessera();
    root(tessera).unmount();
    const again = root(tessera, 2);
    expect(again.text('state')).toBe('loading');
    await waitFor(() => expect(again.text('title')).toBe('Todo 2'));
    expect(again.text('state')).toBe('idle');
    tessera.dispose();
  });

  it('the managers run while a root is mounted: they stop with the last one, start with the next', () => {
    const manager = {
      middleware: () => (next: Dispatch) => next,
      init: vi.fn(),
      stop: vi.fn(),
      cleanup: vi.fn(),
    } satisfies Manager;
    const tessera = createTessera({ start: false, managers: [manager] });
    const first = root(tessera);
    const second = root(tessera);
    expect(manager.init).toHaveBeenCalledOnce();
    first.unmount();
    expect(manager.stop).not.toHaveBeenCalled();
    second.unmount();
    expect(manager.stop).toHaveBeenCalledOnce();
    root(tessera).unmount();
    expect(manager.init).toHaveBeenCalledTimes(2);
    expect(manager.cleanup).not.toHaveBeenCalled();
    tessera.dispose();
  });
});
