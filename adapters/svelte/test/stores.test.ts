import { screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { derived as derivedStore, get, writable } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi.js';
import { dleStore, mutationStore } from '../src/index.js';
import LegacyTodo from './components/LegacyTodo.svelte';
import StoreTodo from './components/StoreTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();
const text = (id: string) => screen.getByTestId(id).textContent;

describe('dleStore in a component ($todo)', () => {
  it('loads, then shows the data', async () => {
    t.mount(StoreTodo, { args: { id: 1 } });
    expect(text('state')).toBe('loading');
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('shows fresh cached data at once, without a request', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    t.mount(StoreTodo, { args: { id: 1 } });
    expect(text('title')).toBe('Todo 1');
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toHaveLength(1);
  });

  it('follows a store of arguments, flagging the previous data while the new loads', async () => {
    const args = writable<{ id: number } | null>({ id: 1 });
    t.mount(StoreTodo, { args });
    await screen.findByText('Todo 1');
    args.set({ id: 2 });
    flushSync();
    expect(text('title')).toBe('Todo 1');
    expect(text('state')).toBe('loading previous');
    expect(await screen.findByText('Todo 2')).toBeTruthy();
    expect(text('state')).toBe('idle');
    args.set(null);
    flushSync();
    expect(text('title')).toBe('');
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2']);
  });

  it('null fetches nothing', () => {
    t.mount(StoreTodo, { args: null });
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual([]);
  });

  it('refetches when the result is invalidated', async () => {
    t.mount(StoreTodo, { args: { id: 1 } });
    await screen.findByText('Todo 1');
    t.api.rows.get(1)!.title = 'Changed on the server';
    t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await waitFor(() => expect(text('state')).toBe('loading'));
    expect(await screen.findByText('Changed on the server')).toBeTruthy();
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('a missing path parameter is its error, not an exception while mounting', () => {
    t.mount(StoreTodo, { args: {} as { id: number } });
    expect(text('state')).toBe('idle');
    expect(text('message')).toMatch(/^URL parameter "id" of path "\/todos\/:id" is missing/);
    expect(t.api.requests).toEqual([]);
  });

  it('shows a hard error', async () => {
    t.api.failNext(404);
    t.mount(StoreTodo, { args: { id: 1 } });
    await waitFor(() => expect(text('error')).toBe('404'));
    expect(text('state')).toBe('idle');
  });

  it('aborts its fetch when the component unmounts before the answer', () =>
    t.expectAbortOnUnmount(StoreTodo, { args: { id: 1 } }, 'GET /todos/1'));
});

describe('dleStore in a legacy (non-runes) component', () => {
  it('loads, then shows the data through $todo and $:', async () => {
    t.mount(LegacyTodo, { id: 3 });
    expect(text('state')).toBe('loading');
    expect(await screen.findByText('Todo 3')).toBeTruthy();
    expect(text('state')).toBe('idle');
  });
});

describe('dleStore as a plain Svelte store', () => {
  it('has a synchronous first value', () => {
    const todo = inComponent(() => dleStore(TodoResource.get, { id: 1 }));
    expect(get(todo)).toEqual({
      data: undefined,
      loading: true,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
  });

  it('get() then a subscription in the same tick still fetches', async () => {
    const todo = inComponent(() => dleStore(TodoResource.get, { id: 1 }));
    get(todo);
    const values: unknown[] = [];
    const stop = todo.subscribe((value) => values.push(value));
    await waitFor(() => expect(values.at(-1)).toMatchObject({ data: { title: 'Todo 1' } }));
    stop();
  });

  it('works with derived', async () => {
    const todo = inComponent(() => dleStore(TodoResource.get, { id: 2 }));
    const title = derivedStore(todo, ($todo) => $todo.data?.title ?? '…');
    const values: string[] = [];
    const stop = title.subscribe((value) => values.push(value));
    await waitFor(() => expect(values).toEqual(['…', 'Todo 2']));
    stop();
  });
});

/** Accessors read the store from context; a throwaway component provides it. */
function inComponent<T>(create: () => T): T {
  let created!: T;
  t.mount(Capture, { create: () => (created = create()) });
  return created;
}

import Capture from './components/Capture.svelte';

describe('mutationStore', () => {
  it('as a plain store: runAsync resolves with the result, subscribers see loading then not', async () => {
    const count = inComponent(() => mutationStore(async (title: string) => title.length));
    const seen: boolean[] = [];
    const stop = count.subscribe((state) => seen.push(state.loading));
    await expect(count.runAsync('four')).resolves.toBe(4);
    stop();
    expect(seen).toEqual([false, true, false]);
  });
});
