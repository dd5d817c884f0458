import { All, NetworkError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, setupTodoApi, withSetup } from '../test/setup';
import { useLoading } from './useLoading';
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

describe('useLoading', () => {
  it('loading while any call runs (concurrent calls counted); error of the latest call', async () => {
    const { result } = withSetup(t.tessera, () =>
      useLoading((id: number, title: string) =>
        t.tessera.controller.fetch(TodoResource.partialUpdate, { id }, { title }),
      ),
    );
    const release = t.api.hold();
    const first = result.run(1, 'A');
    const second = result.run(2, 'B');
    expect(result.loading.value).toBe(true);
    release();
    await Promise.all([first, second]);
    await flushPromises();
    expect(result.loading.value).toBe(false);
    expect(result.error.value).toBeUndefined();

    t.api.failNext(500);
    await expect(result.run(1, 'C')).rejects.toBeInstanceOf(NetworkError);
    await flushPromises();
    expect(result.error.value?.status).toBe(500);
    await result.run(1, 'D');
    expect(result.error.value).toBeUndefined();
  });
});
