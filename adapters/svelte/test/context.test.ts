import type { Store } from '@tessera/core';
import { render, screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { writable } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera } from '../src/index.js';
import Capture from './components/Capture.svelte';
import Provider from './components/Provider.svelte';
import QueryTodo from './components/QueryTodo.svelte';
import RuneTodo from './components/RuneTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();

describe('context', () => {
  it('setTessera provides the store to getTessera, and disposes it with the component', async () => {
    const store = createTessera();
    let seen: Store | undefined;
    const view = render(Provider, { props: { store, seen: (given: Store) => (seen = given) } });
    expect(seen).toBe(store);
    view.unmount();
    await expect(store.controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(/disposed/);
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
