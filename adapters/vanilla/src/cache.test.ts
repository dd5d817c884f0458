import { describe, expect, expectTypeOf, it } from 'vitest';
import { getTodoInvalidIfStale, type Todo, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { cache } from './cache';

const t = setupTodoTessera();

describe('cache', () => {
  it('never fetches: undefined until someone else loads the data', async () => {
    const todo = record(t.tessera.cache(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([undefined]);
    expect(t.api.requests).toEqual([]);
    const fetched = await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    expect(todo.values).toEqual([undefined, fetched]);
    todo.stop();
  });

  it('keeps serving stale data without refetching it', async () => {
    const fetched = await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    t.clock.advance(10 * 60_000);
    const todo = record(t.tessera.cache(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([fetched]);
    expect(t.api.requests).toHaveLength(1);
    todo.stop();
  });

  it('treats expired data of an invalidIfStale endpoint as missing, and still does not fetch', async () => {
    await t.tessera.controller.fetch(getTodoInvalidIfStale, { id: 1 });
    t.clock.advance(60_001);
    const todo = record(t.tessera.cache(getTodoInvalidIfStale, { id: 1 }));
    expect(todo.values).toEqual([undefined]);
    expect(t.api.requests).toHaveLength(1);
    todo.stop();
  });

  it('reads an invalidated result as missing, and does not refetch it', async () => {
    const fetched = await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const todo = record(t.tessera.cache(TodoResource.get, { id: 1 }));
    await t.tessera.controller.invalidate(TodoResource.get, { id: 1 });
    expect(todo.values).toEqual([fetched, undefined]);
    expect(t.api.requests).toHaveLength(1);
    todo.stop();
  });

  it('follows an entity updated by another endpoint, and nothing else', async () => {
    await t.tessera.controller.fetch(TodoResource.getList, {});
    const list = record(t.tessera.cache(TodoResource.getList, {}));
    await t.tessera.controller.fetch(TodoResource.get, { id: 9 }).catch(() => {});
    expect(list.values).toHaveLength(1);
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 3 }, { completed: false });
    expect(list.values).toHaveLength(2);
    expect(list.last()?.[2]).toMatchObject({ id: 3, completed: false });
    list.stop();
  });

  it('emits undefined for null arguments', () => {
    const todo = record(cache(t.tessera.controller, TodoResource.get, null));
    expect(todo.values).toEqual([undefined]);
    todo.stop();
  });

  it('is typed by the schema, possibly undefined', () => {
    expectTypeOf(t.tessera.cache(TodoResource.get, { id: 1 }).listen)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<Todo | undefined>();
    expectTypeOf(t.tessera.cache(TodoResource.getList, {}).listen)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<Todo[] | undefined>();
  });
});
