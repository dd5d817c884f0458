import { screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi.js';
import CachedTodo from './components/CachedTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();
const text = (id: string) => screen.getByTestId(id).textContent;

describe('useCache and cacheStore', () => {
  it('give the data only, never fetch, and show what another reader loads', async () => {
    t.mount(CachedTodo, { id: 1 });
    expect([text('rune'), text('store')]).toEqual(['none', 'none']);
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    await waitFor(() => expect([text('rune'), text('store')]).toEqual(['Todo 1', 'Todo 1']));
    t.tessera.controller.set(Todo, { id: 1 }, { id: 1, title: 'Set locally', completed: false });
    await waitFor(() =>
      expect([text('rune'), text('store')]).toEqual(['Set locally', 'Set locally']),
    );
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('follow the arguments; null reads nothing', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    const view = t.mount(CachedTodo, { id: 2 });
    expect([text('rune'), text('store')]).toEqual(['Todo 2', 'Todo 2']);
    await view.rerender({ id: 3 });
    expect([text('rune'), text('store')]).toEqual(['none', 'none']);
    await view.rerender({ id: null });
    expect([text('rune'), text('store')]).toEqual(['none', 'none']);
    await view.rerender({ id: 2 });
    expect([text('rune'), text('store')]).toEqual(['Todo 2', 'Todo 2']);
    expect(t.api.requests).toEqual(['GET /todos/2']);
  });
});
