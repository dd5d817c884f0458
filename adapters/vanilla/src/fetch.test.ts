import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Todo, TodoResource } from '../../../tests/support/todoApi';
import { setupTodoTessera } from '../test/setup';

const t = setupTodoTessera();

describe('tessera.fetchIfStale', () => {
  it('fetches missing data, then not again while it is fresh, and again once stale', async () => {
    const todo = await t.tessera.fetchIfStale(TodoResource.get, { id: 1 });
    expect(todo?.title).toBe('Todo 1');
    expect(t.tessera.controller.getResponse(TodoResource.get, { id: 1 }).data).toBe(todo);
    await expect(t.tessera.fetchIfStale(TodoResource.get, { id: 1 })).resolves.toBe(todo);
    expect(t.api.requests).toEqual(['GET /todos/1']);
    t.clock.advance(TodoResource.get.dataExpiryLength ?? 60_000);
    t.clock.advance(1);
    await t.tessera.fetchIfStale(TodoResource.get, { id: 1 });
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/1']);
  });

  it('joins a request in flight, fetches invalidated data, and does nothing for null', async () => {
    await Promise.all([
      t.tessera.fetchIfStale(TodoResource.get, { id: 2 }),
      t.tessera.fetchIfStale(TodoResource.get, { id: 2 }),
    ]);
    expect(t.api.requests).toEqual(['GET /todos/2']);
    await t.tessera.controller.invalidate(TodoResource.get, { id: 2 });
    await t.tessera.fetchIfStale(TodoResource.get, { id: 2 });
    await expect(t.tessera.fetchIfStale(TodoResource.get, null)).resolves.toBeUndefined();
    expect(t.api.requests).toEqual(['GET /todos/2', 'GET /todos/2']);
  });

  it('rejects with the error, which the store keeps until it expires', async () => {
    t.api.failNext(500);
    await expect(t.tessera.fetchIfStale(TodoResource.get, { id: 3 })).rejects.toMatchObject({
      status: 500,
    });
    expect(t.tessera.controller.getError(TodoResource.get, { id: 3 })).toMatchObject({
      status: 500,
    });
  });

  it("is the controller's own fetchIfStale, and takes the endpoint arguments", () => {
    expect(t.tessera.fetchIfStale).toBe(t.tessera.controller.fetchIfStale);
    expectTypeOf(t.tessera.fetchIfStale<typeof TodoResource.get>).returns.toEqualTypeOf<
      Promise<Todo | undefined>
    >();
    const wrong = () => {
      // @ts-expect-error get takes an id
      void t.tessera.fetchIfStale(TodoResource.get, { userId: 1 });
    };
    expectTypeOf(wrong).toBeFunction();
  });
});

describe('tessera.fetch (deprecated for fetchIfStale, one release)', () => {
  it('still fetches when due, and resolves to nothing', async () => {
    await expect(t.tessera.fetch(TodoResource.get, { id: 1 })).resolves.toBeUndefined();
    await t.tessera.fetch(TodoResource.get, { id: 1 });
    expect(t.api.requests).toEqual(['GET /todos/1']);
    expectTypeOf(t.tessera.fetch<typeof TodoResource.get>).returns.toEqualTypeOf<Promise<void>>();
    const wrong = () => {
      // @ts-expect-error get takes an id
      void t.tessera.fetch(TodoResource.get, { userId: 1 });
    };
    expectTypeOf(wrong).toBeFunction();
  });
});
