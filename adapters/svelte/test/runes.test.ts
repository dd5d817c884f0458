import { screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { getTodoSoft, Todo, TodoResource } from '../../../tests/support/todoApi.js';
import RuneQuery from './components/RuneQuery.svelte';
import RuneTodo from './components/RuneTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();
const text = (id: string) => screen.getByTestId(id).textContent;

describe('useDLE', () => {
  it('loads, then shows the data', async () => {
    t.mount(RuneTodo, { id: 1 });
    expect(text('state')).toBe('loading');
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('re-runs the thunk when a prop it reads changes, flagging the previous data', async () => {
    const view = t.mount(RuneTodo, { id: 1 });
    await screen.findByText('Todo 1');
    await view.rerender({ id: 2 });
    expect(text('title')).toBe('Todo 1');
    expect(text('state')).toBe('loading previous');
    expect(await screen.findByText('Todo 2')).toBeTruthy();
    // Back to cached, fresh arguments: shown at once, no request.
    await view.rerender({ id: 1 });
    expect(text('title')).toBe('Todo 1');
    expect(text('state')).toBe('idle');
    await view.rerender({ id: null });
    expect(text('title')).toBe('');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2']);
  });

  it('shows stale data while it refetches', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    await t.tessera.controller.expireAll({ testKey: () => true });
    t.api.rows.get(1)!.title = 'Fresh';
    t.mount(RuneTodo, { id: 1 });
    expect(text('title')).toBe('Todo 1');
    expect(text('state')).toBe('loading');
    expect(await screen.findByText('Fresh')).toBeTruthy();
    expect(text('state')).toBe('idle');
  });

  it('a missing path parameter is its error, until the argument arrives', async () => {
    const view = t.mount(RuneTodo, { id: undefined as unknown as number });
    expect(text('state')).toBe('idle');
    expect(text('message')).toMatch(/^URL parameter "id" of path "\/todos\/:id" is missing/);
    expect(t.api.requests).toEqual([]);
    await view.rerender({ id: 1 });
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(text('message')).toBe('');
  });

  it('null fetches nothing', () => {
    t.mount(RuneTodo, { id: null });
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual([]);
  });

  it('follows entity changes made elsewhere', async () => {
    t.mount(RuneTodo, { id: 1 });
    await screen.findByText('Todo 1');
    t.tessera.controller.set(Todo, { id: 1 }, { id: 1, title: 'Set locally', completed: false });
    expect(await screen.findByText('Set locally')).toBeTruthy();
  });

  it('keeps stale data on screen with a soft error, and shows a hard one', async () => {
    t.mount(RuneTodo, { id: 1, mode: 'soft' });
    await screen.findByText('Todo 1');
    t.api.failNext(500);
    t.tessera.controller.fetch(getTodoSoft, { id: 1 }).catch(() => {});
    await waitFor(() => expect(t.api.requests).toHaveLength(2));
    await waitFor(() => expect(text('state')).toBe('idle'));
    expect(text('title')).toBe('Todo 1');
    expect(text('error')).toBe('');

    t.api.failNext(404);
    await t.tessera.controller.fetch(getTodoSoft, { id: 1 }).catch(() => {});
    await waitFor(() => expect(text('error')).toBe('404'));
  });

  it('aborts its fetch when the component unmounts before the answer', () =>
    t.expectAbortOnUnmount(RuneTodo, { id: 1 }, 'GET /todos/1'));
});

describe('useQuery', () => {
  it('reads a schema query, follows the store and the thunk, and never fetches', async () => {
    const view = t.mount(RuneQuery, { id: 2 });
    expect(text('title')).toBe('none');
    await t.tessera.controller.fetch(TodoResource.getList);
    await waitFor(() => expect(text('title')).toBe('Todo 2'));
    await view.rerender({ id: 3 });
    expect(text('title')).toBe('Todo 3');
    await view.rerender({ id: null });
    expect(text('title')).toBe('none');
    expect(t.api.requests).toEqual(['GET /todos']);
  });
});
