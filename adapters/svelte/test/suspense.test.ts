import { screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { getTodoSoft, Todo, TodoResource } from '../../../tests/support/todoApi.js';
import AwaitTodo from './components/AwaitTodo.svelte';
import Boundary from './components/Boundary.async.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();
const text = (id: string) => screen.getByTestId(id).textContent;

describe('{#await} on useSuspense and suspenseStore', () => {
  it('is pending while it loads, then shows the data (one shared request)', async () => {
    t.mount(AwaitTodo, { id: 1 });
    await waitFor(() => expect(text('rune')).toBe('pending'));
    await waitFor(() => expect(text('rune')).toBe('Todo 1'));
    await waitFor(() => expect(text('store')).toBe('Todo 1'));
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('resolves from fresh cached data without a request', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    t.mount(AwaitTodo, { id: 1 });
    await waitFor(() => expect(text('rune')).toBe('Todo 1'));
    expect(text('store')).toBe('Todo 1');
    expect(t.api.requests).toHaveLength(1);
  });

  it('reaches {:catch} with a hard error', async () => {
    t.api.failNext(404, 2);
    t.mount(AwaitTodo, { id: 1 });
    await waitFor(() => expect(text('rune')).toBe('failed 404'));
    expect(text('store')).toBe('failed 404');
  });

  it('the resolved rune result follows the store afterwards', async () => {
    t.mount(AwaitTodo, { id: 1 });
    await waitFor(() => expect(text('rune')).toBe('Todo 1'));
    await t.tessera.controller.set(Todo, { id: 1 }, { id: 1, title: 'Later', completed: false });
    await waitFor(() => expect(text('rune')).toBe('Later'));
  });
});

describe('await in markup under <svelte:boundary> (Svelte async mode)', () => {
  it('shows pending, then the data', async () => {
    t.mount(Boundary, { id: 1 });
    expect(text('pending')).toBe('pending');
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('unmounted while pending, it withdraws: the request nobody else wants is aborted', () =>
    t.expectAbortOnUnmount(Boundary, { id: 4 }, 'GET /todos/4'));

  it('a soft error with stale data renders the data', async () => {
    await t.tessera.controller.fetch(getTodoSoft, { id: 1 });
    await t.tessera.controller.expireAll({ testKey: () => true });
    t.api.failNext(500);
    t.mount(Boundary, { id: 1, soft: true });
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    await waitFor(() => expect(t.api.requests).toHaveLength(2));
    expect(screen.queryByTestId('failed')).toBeNull();
  });

  it('keeps showing its data while an invalidated result refetches', async () => {
    t.mount(Boundary, { id: 1 });
    await screen.findByText('Todo 1');
    const release = t.api.hold();
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await waitFor(() => expect(text('state')).toBe('loading'));
    expect(text('title')).toBe('Todo 1');
    expect(screen.queryByTestId('failed')).toBeNull();
    release();
    await waitFor(() => expect(text('state')).toBe('idle'));
    expect(text('title')).toBe('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('a hard error after the first render reaches the boundary too', async () => {
    t.mount(Boundary, { id: 1 });
    await screen.findByText('Todo 1');
    t.api.failNext(404);
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 }).catch(() => {});
    await waitFor(() => expect(text('failed')).toBe('failed 404'));
  });
});
