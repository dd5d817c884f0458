import { describe, expect, it, vi } from 'vitest';
import { getTodoPolled, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { live } from './dle';

const t = setupTodoTessera({ fakeTimers: true });

describe('live', () => {
  it('polls at pollFrequency while someone listens, and stops when nobody does', async () => {
    const a = record(t.tessera.live(getTodoPolled, { id: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    expect(a.last()).toMatchObject({ loading: false, data: { title: 'Todo 1' } });

    t.api.rows.get(1)!.title = 'Polled';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toHaveLength(2);
    expect(a.last().data).toMatchObject({ title: 'Polled' });

    // A second listener shares the one timer.
    const b = record(live(t.tessera.controller, getTodoPolled, { id: 1 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toHaveLength(3);

    a.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toHaveLength(4);

    b.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(4);
  });

  it('behaves like dle for an endpoint without pollFrequency', async () => {
    const todo = record(t.tessera.live(TodoResource.get, { id: 1 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    todo.stop();
  });

  it('neither polls nor fetches for null arguments', async () => {
    const todo = record(t.tessera.live(getTodoPolled, null));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toEqual([]);
    expect(todo.values).toEqual([
      {
        data: undefined,
        loading: false,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    todo.stop();
  });

  it('stops polling when the Tessera is disposed', async () => {
    const todo = record(t.tessera.live(getTodoPolled, { id: 1 }));
    await vi.advanceTimersByTimeAsync(1_000);
    const count = t.api.requests.length;
    t.tessera.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(count);
    todo.stop();
  });
});
