import { NetworkError, suspense } from '@tessera/core';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  getTodoInvalidIfStale,
  getTodoSoft,
  type Todo,
  TodoResource,
} from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';

const minute = 60_000;
const t = setupTodoTessera();

describe('suspense', () => {
  it('fetches missing data and resolves with what the store holds', async () => {
    const todo = await t.tessera.suspense(TodoResource.get, { id: 1 });
    expect(todo).toMatchObject({ id: 1, title: 'Todo 1' });
    expect(todo).toBe(t.tessera.controller.getResponse(TodoResource.get, { id: 1 }).data);
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('resolves fresh cached data without a request', async () => {
    const first = await t.tessera.suspense(TodoResource.get, { id: 1 });
    t.clock.advance(minute - 1);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).resolves.toBe(first);
    expect(t.api.requests).toHaveLength(1);
  });

  it('refetches stale data and resolves with the new data', async () => {
    await t.tessera.suspense(TodoResource.get, { id: 1 });
    t.api.rows.get(1)!.title = 'Newer';
    t.clock.advance(minute + 1);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).resolves.toMatchObject({
      title: 'Newer',
    });
    expect(t.api.requests).toHaveLength(2);
  });

  it('refetches expired data of an invalidIfStale endpoint', async () => {
    await t.tessera.suspense(getTodoInvalidIfStale, { id: 1 });
    t.clock.advance(minute + 1);
    await expect(t.tessera.suspense(getTodoInvalidIfStale, { id: 1 })).resolves.toMatchObject({
      id: 1,
    });
    expect(t.api.requests).toHaveLength(2);
  });

  it('refetches invalidated data', async () => {
    await t.tessera.suspense(TodoResource.get, { id: 1 });
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    await t.tessera.suspense(TodoResource.get, { id: 1 });
    expect(t.api.requests).toHaveLength(2);
  });

  it('rejects with the NetworkError when missing data fails to load', async () => {
    t.api.failNext(500);
    const error = await t.tessera.suspense(TodoResource.get, { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(500);
  });

  it('rejects at once with a fresh cached error, then fetches once it expired', async () => {
    t.api.failNext(500);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).rejects.toBeInstanceOf(
      NetworkError,
    );
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).rejects.toMatchObject({
      status: 500,
    });
    expect(t.api.requests).toHaveLength(1);
    t.clock.advance(1_001);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1 });
    expect(t.api.requests).toHaveLength(2);
  });

  it('resolves stale data when the refetch fails under a soft error policy', async () => {
    const stale = await t.tessera.suspense(getTodoSoft, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(503);
    await expect(t.tessera.suspense(getTodoSoft, { id: 1 })).resolves.toBe(stale);
    expect(t.api.requests).toHaveLength(2);
  });

  it('rejects when the refetch fails with a hard error, even with stale data', async () => {
    await t.tessera.suspense(TodoResource.get, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(503);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).rejects.toMatchObject({
      status: 503,
    });
  });

  it('rejects under a soft policy when there is no data to fall back on', async () => {
    t.api.failNext(503);
    await expect(t.tessera.suspense(getTodoSoft, { id: 1 })).rejects.toMatchObject({ status: 503 });
  });

  it('rejects a hard error (404) under the soft policy', async () => {
    await t.tessera.suspense(getTodoSoft, { id: 1 });
    t.clock.advance(minute + 1);
    t.api.failNext(404);
    await expect(t.tessera.suspense(getTodoSoft, { id: 1 })).rejects.toMatchObject({ status: 404 });
  });

  it('resolves an entity a list already loaded without a request, until it is stale', async () => {
    const list = await t.tessera.suspense(TodoResource.getList, {});
    expect(t.api.requests).toEqual(['GET /todos']);
    const todo = await t.tessera.suspense(TodoResource.get, { id: 1 });
    expect(todo).toBe(list.find((item) => item.id === 1));
    expect(t.api.requests).toEqual(['GET /todos']);
    t.clock.advance(minute + 1);
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1 });
    expect(t.api.requests).toEqual(['GET /todos', 'GET /todos/1']);
  });

  it('resolves undefined for null arguments without a request', async () => {
    await expect(t.tessera.suspense(TodoResource.get, null)).resolves.toBeUndefined();
    expect(t.api.requests).toEqual([]);
  });

  it('shares a fetch in flight and keeps it alive when the DLE that started it leaves', async () => {
    const release = t.api.hold();
    const todo = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    const promise = t.tessera.suspense(TodoResource.get, { id: 1 });
    todo.stop();
    release();
    await expect(promise).resolves.toMatchObject({ id: 1 });
    expect(t.api.aborted).toEqual([]);
    expect(t.api.requests).toHaveLength(1);
  });

  it('is typed by the endpoint schema, and undefined for null arguments', async () => {
    const todo = suspense(t.tessera.controller, TodoResource.get, { id: 1 });
    expectTypeOf(todo).toEqualTypeOf<Promise<Todo>>();
    const none = t.tessera.suspense(TodoResource.get, null);
    expectTypeOf(none).toEqualTypeOf<Promise<undefined>>();
    const maybe = t.tessera.suspense(TodoResource.get, { id: 1 } as { id: number } | null);
    expectTypeOf(maybe).toEqualTypeOf<Promise<Todo | undefined>>();
    // @ts-expect-error the path needs an id
    const missingId = t.tessera.suspense(TodoResource.get, {});
    await expect(Promise.all([todo, none, maybe])).resolves.toEqual([
      expect.objectContaining({ id: 1 }),
      undefined,
      expect.objectContaining({ id: 1 }),
    ]);
    await missingId.catch(() => {});
  });
});
