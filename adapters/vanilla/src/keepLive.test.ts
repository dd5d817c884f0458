import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { getTodoPolled, TodoResource } from '../../../tests/support/todoApi';
import { setupTodoTessera } from '../test/setup';
import { keepLive, subscription } from './dle';

const t = setupTodoTessera({ fakeTimers: true });

describe('keepLive', () => {
  it('fetches, then polls at pollFrequency until unsubscribed', async () => {
    const stop = t.tessera.keepLive(getTodoPolled, { id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    t.api.rows.get(1)!.title = 'Polled';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toHaveLength(2);
    expect(t.tessera.controller.getResponse(getTodoPolled, { id: 1 }).data?.title).toBe('Polled');
    stop();
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(2);
  });

  it('shares the timer with other subscribers, and keeps polling while one remains', async () => {
    const a = t.tessera.keepLive(getTodoPolled, { id: 2 });
    const b = keepLive(t.tessera.controller, getTodoPolled, { id: 2 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toEqual(['GET /todos/2', 'GET /todos/2']);
    a();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toHaveLength(3);
    b();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(3);
  });

  it('fetches once for an endpoint without pollFrequency, and nothing for null', async () => {
    const stop = t.tessera.keepLive(TodoResource.get, { id: 1 });
    const none = t.tessera.keepLive(getTodoPolled, null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    stop();
    none();
  });

  it('returns an unsubscribe function', () => {
    const stop = t.tessera.keepLive(TodoResource.get, null);
    expectTypeOf(stop).toEqualTypeOf<() => void>();
    stop();
  });

  it('subscription, the deprecated name of keepLive, still keeps the key live', async () => {
    expect(subscription).toBe(keepLive);
    expect(t.tessera.subscription).toBe(t.tessera.keepLive);
    expectTypeOf(t.tessera.subscription).toEqualTypeOf(t.tessera.keepLive);
    expectTypeOf(subscription).toEqualTypeOf(keepLive);
    const stop = t.tessera.subscription(getTodoPolled, { id: 3 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.api.requests).toEqual(['GET /todos/3', 'GET /todos/3']);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.api.requests).toHaveLength(2);
  });
});
