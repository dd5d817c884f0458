import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { manualClock, TodoResource } from '../../../tests/support/todoApi.js';
import Boundary from './components/Boundary.async.svelte';
import ErrorHandler from './components/ErrorHandler.async.svelte';
import { setupHarness } from './setup.js';

// A clock that never moves: a cached error stays fresh for the whole test.
const clock = manualClock();
const t = setupHarness({ store: { now: clock.now } });
const text = (id: string) => screen.getByTestId(id).textContent;

describe('retryBoundary(error, reset) under <svelte:boundary>', () => {
  it('retries a first fetch that failed: a new request, then the data', async () => {
    t.api.failNext(500);
    t.mount(Boundary, { id: 1 });
    await waitFor(() => expect(text('failed')).toBe('failed 500'));
    await fireEvent.click(screen.getByText('retry'));
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('retries a refetch that failed after the first render', async () => {
    t.mount(Boundary, { id: 1 });
    await screen.findByText('Todo 1');
    t.api.failNext(500);
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await waitFor(() => expect(text('failed')).toBe('failed 500'));
    await fireEvent.click(screen.getByText('retry'));
    expect(await screen.findByText('Todo 1')).toBeTruthy();
    expect(t.api.requests).toHaveLength(3);
  });

  it('works with the reset an onerror handler received', async () => {
    t.api.failNext(404);
    t.mount(ErrorHandler, { id: 2 });
    await fireEvent.click(await screen.findByText('retry'));
    expect(await screen.findByText('Todo 2')).toBeTruthy();
    expect(t.api.requests).toEqual(['GET /todos/2', 'GET /todos/2']);
  });
});
