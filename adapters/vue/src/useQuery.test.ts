import { All } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { setupTodoApi, withSetup } from '../test/setup';
import { useQuery } from './useQuery';

const t = setupTodoApi();

describe('useQuery', () => {
  it('reads a schema query as the store changes, never fetching; null args mean not now', async () => {
    const id = ref<number | null>(1);
    const { result: todo } = withSetup(t.tessera, () =>
      useQuery(Todo, () => (id.value === null ? null : { id: id.value })),
    );
    const { result: all } = withSetup(t.tessera, () => useQuery(new All(Todo)));
    expect(todo.value).toBeUndefined();
    await t.tessera.controller.fetch(TodoResource.getList);
    expect(todo.value?.title).toBe('Todo 1');
    expect(all.value?.map((row) => row.id)).toEqual([1, 2, 3]);
    id.value = 2;
    await nextTick();
    expect(todo.value?.title).toBe('Todo 2');
    id.value = null;
    await nextTick();
    expect(todo.value).toBeUndefined();
    expect(t.api.requests).toEqual(['GET /todos']);
  });
});
