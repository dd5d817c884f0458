import { GCManager, NetworkError, StoreDisposedError, TimeoutError } from '@tessera/core';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { getTodoInvalidIfStale, getTodoSoft, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { dle } from './dle';

const minute = 60_000;
const t = setupTodoTessera();

const settled = <T extends { loading: boolean }>(recorder: { last(): T | undefined }) =>
  vi.waitFor(() => expect(recorder.last()?.loading).toBe(false));

describe('dle: fetching', () => {
  it('fetches missing data: a loading snapshot first, then the data', async () => {
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([
      {
        data: undefined,
        loading: true,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    await settled(todo);
    expect(todo.values).toHaveLength(2);
    expect(todo.last().data).toMatchObject({ id: 1, title: 'Todo 1' });
    expect(t.api.requests).toEqual(['GET /todos/1']);
    todo.stop();
  });

  it('serves fresh cached data at once without a request', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toHaveLength(1);
    expect(todo.last()).toMatchObject({ loading: false, data: { title: 'Todo 1' } });
    expect(t.api.requests).toHaveLength(1);
    todo.stop();
  });

  it('keeps stale data while it refetches', async () => {
    const first = await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    t.api.rows.get(1)!.title = 'Renamed on the server';
    t.clock.advance(minute + 1);
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([
      {
        data: first,
        loading: true,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    await settled(todo);
    expect(todo.last().data).toMatchObject({ title: 'Renamed on the server' });
    expect(t.api.requests).toHaveLength(2);
    todo.stop();
  });

  it('does not return expired data of an invalidIfStale endpoint', async () => {
    await t.tessera.controller.fetch(getTodoInvalidIfStale, { id: 1 });
    t.clock.advance(minute + 1);
    const todo = record(t.tessera.dle(getTodoInvalidIfStale, { id: 1 }));
    expect(todo.values[0]).toEqual({
      data: undefined,
      loading: true,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await settled(todo);
    expect(todo.last().data).toMatchObject({ id: 1 });
    todo.stop();
  });

  it('refetches when the result is invalidated while subscribed', async () => {
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    t.api.rows.get(1)!.title = 'After invalidate';
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await vi.waitFor(() => expect(todo.last().data).toMatchObject({ title: 'After invalidate' }));
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
    todo.stop();
  });

  it('refetches when expireAll makes the result stale while subscribed', async () => {
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    await t.tessera.controller.expireAll({ testKey: (key) => key.includes('/todos/1') });
    await settled(todo);
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(2));
    todo.stop();
  });

  it('shares one request between readers of the same key', async () => {
    const a = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    const b = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(a);
    await settled(b);
    expect(a.last().data).toBe(b.last().data);
    expect(t.api.requests).toHaveLength(1);
    a.stop();
    b.stop();
  });

  it('null arguments mean "not now": no request and undefined data', async () => {
    const todo = record(t.tessera.dle(TodoResource.get, null));
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
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    expect(todo.values).toHaveLength(1);
    expect(t.api.requests).toEqual(['GET /todos/2']);
    todo.stop();
  });
});

describe('dle: errors', () => {
  it('shows a hard error as a NetworkError and does not retry in a loop', async () => {
    t.api.failNext(500);
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    const { error, data } = todo.last();
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error?.status).toBe(500);
    // Another change in the store re-emits nothing and fetches nothing for this key.
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2']);
    todo.stop();
  });

  it('a new reader fetches again once the error has expired', async () => {
    t.api.failNext(500);
    const first = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(first);
    first.stop();
    const during = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(during.last()).toMatchObject({ loading: false, error: { status: 500 } });
    during.stop();
    t.clock.advance(1_001);
    const after = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(after);
    expect(after.last()).toMatchObject({ error: undefined, data: { id: 1 } });
    expect(t.api.requests).toHaveLength(2);
    after.stop();
  });

  it('under a soft policy keeps the stale data and hides the error', async () => {
    const first = await t.tessera.controller.fetch(getTodoSoft, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(503);
    const todo = record(t.tessera.dle(getTodoSoft, { id: 1 }));
    await settled(todo);
    expect(todo.last()).toEqual({
      data: first,
      loading: false,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    expect(t.api.requests).toHaveLength(2);
    todo.stop();
  });

  it('under a hard policy shows the error beside the stale data', async () => {
    const first = await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(503);
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    expect(todo.last().data).toBe(first);
    expect(todo.last().error).toMatchObject({ status: 503 });
    todo.stop();
  });

  it('a 404 is a hard error even under the soft policy', async () => {
    await t.tessera.controller.fetch(getTodoSoft, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(404);
    const todo = record(t.tessera.dle(getTodoSoft, { id: 1 }));
    await settled(todo);
    expect(todo.last().error).toMatchObject({ status: 404 });
    todo.stop();
  });
});

describe('dle: a reader always settles', () => {
  it('invalidated while it loads: fetches again after the late answer, and shows that', async () => {
    const releaseFirst = t.api.hold();
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    const releaseSecond = t.api.hold();
    releaseFirst();
    // The answer asked for before the invalidation lands, and the reader asks again.
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(2));
    expect(todo.last().loading).toBe(true);
    t.api.rows.get(1)!.title = 'After invalidate';
    releaseSecond();
    await settled(todo);
    expect(todo.last()).toMatchObject({ data: { title: 'After invalidate' }, error: undefined });
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
    todo.stop();
  });

  it("an endpoint's own AbortController ends its loading and aborts the request", async () => {
    t.api.hold();
    const stop = new AbortController();
    const todo = record(t.tessera.dle(TodoResource.get.extend({ signal: stop.signal }), { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    stop.abort();
    await settled(todo);
    expect(todo.last()).toEqual({
      data: undefined,
      loading: false,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await vi.waitFor(() => expect(t.api.aborted).toEqual(['GET /todos/1']));
    todo.stop();
  });

  it("an endpoint's own AbortSignal.timeout gives a TimeoutError", async () => {
    t.api.hold();
    const timed = TodoResource.get.extend({ signal: AbortSignal.timeout(1) });
    const todo = record(t.tessera.dle(timed, { id: 1 }));
    await settled(todo);
    expect(todo.last().error).toBeInstanceOf(TimeoutError);
    expect(todo.last().error).toMatchObject({ status: 504 });
    todo.stop();
  });

  it('a missing path parameter is the error it shows, not an uncaught exception', async () => {
    // @ts-expect-error `id` is required by the path
    const todo = record(t.tessera.dle(TodoResource.get, {}));
    expect(todo.values).toHaveLength(1);
    expect(todo.last()).toMatchObject({
      data: undefined,
      loading: false,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    expect(todo.last().error).toBeInstanceOf(TypeError);
    expect(todo.last().error?.message).toBe(
      `URL parameter "id" of path "/todos/:id" is missing: pass it in the endpoint's arguments (a reader that must wait for it takes null instead)`,
    );
    // @ts-expect-error `id` is required by the path
    await expect(t.tessera.controller.fetch(TodoResource.get, {})).rejects.toThrow(
      todo.last().error?.message,
    );
    expect(t.api.requests).toEqual([]);
    todo.stop();
  });

  it('a store disposed while it loads: StoreDisposedError, not an endless spinner', async () => {
    t.api.hold();
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    t.tessera.dispose();
    expect(todo.last()).toMatchObject({ data: undefined, loading: false });
    expect(todo.last().error).toBeInstanceOf(StoreDisposedError);
    // A reader created afterwards settles the same way.
    const later = record(t.tessera.dle(TodoResource.get, { id: 2 }));
    expect(later.last()).toMatchObject({ loading: false, error: expect.any(StoreDisposedError) });
    expect(t.api.requests).toHaveLength(1);
    later.stop();
  });
});

describe('dle: following the store', () => {
  it('shows an entity updated by another endpoint, without refetching', async () => {
    const list = record(t.tessera.dle(TodoResource.getList, {}));
    await settled(list);
    const before = list.last().data;
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Edited' });
    const after = list.last().data;
    expect(after).not.toBe(before);
    expect(after?.map((todo) => todo.title)).toEqual(['Todo 1', 'Edited', 'Todo 3']);
    // Untouched entities keep their identity.
    expect(after?.[0]).toBe(before?.[0]);
    expect(t.api.requests).toEqual(['GET /todos', 'PATCH /todos/2']);
    list.stop();
  });

  it('emits immutable snapshots and never the same state twice in a row', async () => {
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    const count = todo.values.length;
    // Unrelated store changes: other keys, other entities.
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    await t.tessera.controller.fetch(TodoResource.getList, { userId: 2 });
    expect(todo.values).toHaveLength(count);
    for (const snapshot of todo.values) expect(Object.isFrozen(snapshot)).toBe(true);
    for (let i = 1; i < todo.values.length; i++) {
      expect(todo.values[i]).not.toEqual(todo.values[i - 1]);
    }
    todo.stop();
  });
});

describe('dle: unsubscribing', () => {
  it('never calls a listener after it unsubscribed, even mid-notification', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const source = t.tessera.dle(TodoResource.get, { id: 1 });
    const calls: string[] = [];
    let stopB = () => {};
    const stopA = source.listen((state) => {
      calls.push(`a:${state.data?.title}`);
      // A listener that removes another one while the store notifies.
      if (state.data?.title === 'Second') stopB();
    });
    stopB = source.listen((state) => calls.push(`b:${state.data?.title}`));
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Second' });
    stopA();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Third' });
    expect(calls).toEqual(['a:Todo 1', 'b:Todo 1', 'a:Second']);
  });

  it('fetches nothing for a reader that leaves while handling its first value', async () => {
    const first = await firstValueFrom(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(first).toEqual({
      data: undefined,
      loading: true,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    expect(t.api.requests).toEqual(['GET /todos/2']);
    // Not even a request that was started and aborted at once.
    expect(t.tessera.controller.getState().meta[TodoResource.get.key({ id: 1 })]).toBeUndefined();
  });

  it('aborts its fetch in flight when the last reader leaves', async () => {
    const release = t.api.hold();
    const a = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    const b = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    a.stop();
    expect(t.api.aborted).toEqual([]);
    b.stop();
    await vi.waitFor(() => expect(t.api.aborted).toEqual(['GET /todos/1']));
    release();
    expect(a.values).toHaveLength(1);
    expect(b.values).toHaveLength(1);

    // The cancelled request is no error for the next reader, which simply fetches.
    const c = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(c.values[0]).toMatchObject({ loading: true, error: undefined });
    await settled(c);
    expect(c.last()).toMatchObject({ error: undefined, data: { id: 1 } });
    expect(t.api.requests).toHaveLength(2);
    c.stop();
  });

  it('a controller.fetch or a poll sharing its request keeps it alive when the reader leaves', async () => {
    const release = t.api.hold();
    const reader = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    const fetched = t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    reader.stop();
    release();
    await expect(fetched).resolves.toMatchObject({ id: 1 });
    expect(t.api.aborted).toEqual([]);
    expect(t.api.requests).toHaveLength(1);
    // Nothing about a cancelled request is left in the store either.
    expect(t.tessera.controller.getError(TodoResource.get, { id: 1 })).toBeUndefined();
  });

  it('a cancelled request leaves no error in the store', async () => {
    t.api.hold();
    const reader = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    reader.stop();
    await vi.waitFor(() => expect(t.api.aborted).toEqual(['GET /todos/1']));
    const key = TodoResource.get.key({ id: 1 });
    await vi.waitFor(() => expect(t.tessera.controller.getState().fetching[key]).toBeUndefined());
    expect(t.tessera.controller.getError(TodoResource.get, { id: 1 })).toBeUndefined();
    expect(t.tessera.controller.getState().meta[key]).toBeUndefined();
  });

  it('reads an entity a list already loaded: no loading, no request', async () => {
    await t.tessera.controller.fetch(TodoResource.getList, {});
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([
      {
        data: expect.objectContaining({ id: 1 }),
        loading: false,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    expect(t.api.requests).toEqual(['GET /todos']);
    todo.stop();
  });

  it('a reader that joined a fetch in flight keeps it alive', async () => {
    const release = t.api.hold();
    const first = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    const joined = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(joined.values[0].loading).toBe(true);
    first.stop();
    release();
    await settled(joined);
    expect(t.api.aborted).toEqual([]);
    expect(joined.last().data).toMatchObject({ id: 1 });
    expect(t.api.requests).toHaveLength(1);
    joined.stop();
  });

  it('lets garbage collection evict the data once the last reader left', async () => {
    const gc = t.tessera.store.managers.find((manager) => manager instanceof GCManager);
    const key = TodoResource.get.key({ id: 1 });
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await settled(todo);
    t.clock.advance(minute + 1);
    await gc?.sweep();
    expect(t.tessera.controller.getState().endpoints[key]).toBe('1');
    todo.stop();
    await gc?.sweep();
    expect(t.tessera.controller.getState().endpoints[key]).toBeUndefined();
    expect(t.tessera.controller.getState().entities.Todo?.['1']).toBeUndefined();
  });
});

describe('dle as a function of a controller', () => {
  it('works with any controller, like the bound Tessera method', async () => {
    const todo = record(dle(t.tessera.controller, TodoResource.get, { id: 3 }));
    await settled(todo);
    expect(todo.last().data).toMatchObject({ id: 3, title: 'Todo 3' });
    todo.stop();
  });
});
