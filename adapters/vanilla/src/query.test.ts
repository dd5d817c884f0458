import { All } from '@tessera/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { query } from './query';

const t = setupTodoTessera();

describe('query', () => {
  it('reads an entity by pk from what fetches stored, and follows its changes', async () => {
    const todo = record(t.tessera.query(Todo, { id: 2 }));
    expect(todo.values).toEqual([undefined]);
    await t.tessera.controller.fetch(TodoResource.getList);
    expect(todo.last()).toBeInstanceOf(Todo);
    expect(todo.last()?.title).toBe('Todo 2');
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Renamed' });
    expect(todo.last()?.title).toBe('Renamed');
    // Another entity's change leaves this value as it is (same object, no new value).
    const count = todo.values.length;
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Other' });
    expect(todo.values).toHaveLength(count);
    todo.stop();
    // Never fetches: only the list and the two updates went out.
    expect(t.api.requests).toEqual(['GET /todos', 'PATCH /todos/2', 'PATCH /todos/1']);
  });

  it('reads every entity of a type with All, and undefined for null arguments', async () => {
    await t.tessera.controller.fetch(TodoResource.getList);
    const all = record(query(t.tessera.controller, new All(Todo)));
    expect(
      all
        .last()
        ?.map((todo) => todo.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    all.stop();
    const none = record(t.tessera.query(Todo, null));
    expect(none.values).toEqual([undefined]);
    none.stop();
  });

  it('stops following the store once unsubscribed', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const todo = record(t.tessera.query(Todo, { id: 1 }));
    todo.stop();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Later' });
    expect(todo.values.map((value) => value?.title)).toEqual(['Todo 1']);
  });

  it('is typed by the schema', () => {
    expectTypeOf(t.tessera.query(Todo, { id: 1 }).listen)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<Todo | undefined>();
    expectTypeOf(t.tessera.query(new All(Todo)).listen)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<Todo[] | undefined>();
  });
});
