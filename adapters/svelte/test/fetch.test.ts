// The readers that read nothing: useFetch fetches what is due, useKeepLive keeps live; both for
// as long as the component lives.
import { screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { getTodoPolled, TodoResource } from '../../../tests/support/todoApi.js';
import { useKeepLive, useSubscription } from '../src/index.js';
import FetchTodo from './components/FetchTodo.svelte';
import { setupHarness } from './setup.js';

const text = (id: string) => screen.getByTestId(id).textContent;

describe('useFetch', () => {
  const t = setupHarness();
  const stored = (id: number) => t.tessera.controller.getResponse(TodoResource.get, { id }).data;

  it('fetches into the store, loading until the answer', async () => {
    t.mount(FetchTodo, { id: 1 });
    expect(text('state')).toBe('loading');
    await waitFor(() => expect(text('state')).toBe('idle'));
    expect(stored(1)?.title).toBe('Todo 1');
    expect(text('error')).toBe('');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('fetches while its loading and error are never read', async () => {
    t.mount(FetchTodo, { id: 2, mode: 'quiet' });
    await waitFor(() => expect(stored(2)?.title).toBe('Todo 2'));
    expect(text('state')).toBe('unread');
  });

  it('fetches nothing that is fresh, nor for null; follows the thunk', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const view = t.mount(FetchTodo, { id: 1 });
    expect(text('state')).toBe('idle');
    await view.rerender({ id: null });
    expect(text('state')).toBe('idle');
    await view.rerender({ id: 3 });
    await waitFor(() => expect(stored(3)?.title).toBe('Todo 3'));
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/3']);
  });

  it('settles with the error of a failed fetch', async () => {
    t.api.failNext(404);
    t.mount(FetchTodo, { id: 1 });
    await waitFor(() => expect(text('error')).toBe('404'));
    expect(text('state')).toBe('idle');
  });

  it('aborts its fetch when the component unmounts before the answer', () =>
    t.expectAbortOnUnmount(FetchTodo, { id: 1, mode: 'quiet' }, 'GET /todos/1'));
});

describe('useKeepLive (and useSubscription, its deprecated name)', () => {
  const t = setupHarness({ fakeTimers: true });
  const polls = () => t.api.requests.length;
  const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('fetches, polls at the pollFrequency while mounted, and stops on unmount', async () => {
    const view = t.mount(FetchTodo, { id: 1, mode: 'keepLive' });
    await vi.waitFor(() =>
      expect(t.tessera.controller.getResponse(getTodoPolled, { id: 1 }).data?.title).toBe('Todo 1'),
    );
    expect(text('state')).toBe('unread');
    const loaded = polls();
    await tick(1_000);
    expect(polls()).toBe(loaded + 1);
    await tick(1_000);
    expect(polls()).toBe(loaded + 2);
    view.unmount();
    await tick(3_000);
    expect(polls()).toBe(loaded + 2);
  });

  it('useSubscription, the deprecated name, is useKeepLive: it still polls while mounted', async () => {
    expect(useSubscription).toBe(useKeepLive);
    const view = t.mount(FetchTodo, { id: 2, mode: 'subscription' });
    await vi.waitFor(() => expect(t.api.requests).toEqual(['GET /todos/2']));
    await tick(1_000);
    expect(t.api.requests).toEqual(['GET /todos/2', 'GET /todos/2']);
    view.unmount();
    await tick(3_000);
    expect(t.api.requests).toHaveLength(2);
  });
});
