import type { InfiniteDLE } from '@tessera/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ComputedRef, defineComponent, h, nextTick, ref } from 'vue';
import { getTodoPages, type Todo, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, mountWith, setupTodoApi, withSetup } from '../test/setup';
import { useInfinite } from './useInfinite';

const t = setupTodoApi({ rows: 7 });

/** Page numbers until a page shorter than `perPage` (2). */
const byTwo = {
  getNextPageParam: (last: readonly Todo[], _pages: unknown, param: number | undefined) =>
    last.length < 2 ? undefined : (param ?? 1) + 1,
};

describe('useInfinite', () => {
  it('pages as refs: the first page, then the next on fetchNextPage, until the last', async () => {
    const { result } = withSetup(t.tessera, () => useInfinite(getTodoPages, { perPage: 2 }, byTwo));
    expect(result.loading.value).toBe(true);
    await flushPromises();
    expect(result.pages.value.map((page) => page.map((todo) => todo.id))).toEqual([[1, 2]]);
    expect(result.hasNextPage.value).toBe(true);
    const next = result.fetchNextPage();
    // A double click: one request.
    void result.fetchNextPage();
    expect(result.isFetchingNextPage.value).toBe(true);
    await next;
    await result.fetchNextPage();
    await result.fetchNextPage();
    expect(result.pages.value.map((page) => page.map((todo) => todo.id))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7],
    ]);
    expect(result.hasNextPage.value).toBe(false);
    expect(t.api.requests).toEqual([
      'GET /todos?perPage=2',
      'GET /todos?page=2&perPage=2',
      'GET /todos?page=3&perPage=2',
      'GET /todos?page=4&perPage=2',
    ]);
  });

  it('a renamed todo shows in its page and in another view of the same list', async () => {
    const List = defineComponent({
      setup() {
        const todos = useInfinite(getTodoPages, { perPage: 2 }, byTwo);
        return () =>
          h('div', [
            h(
              'ul',
              todos.pages.value.flat().map((todo) => h('li', { key: todo.id }, todo.title)),
            ),
            todos.hasNextPage.value
              ? h(
                  'button',
                  { disabled: todos.isFetchingNextPage.value, onClick: todos.fetchNextPage },
                  'Load more',
                )
              : null,
          ]);
      },
    });
    const one = mountWith(t.tessera, List);
    const two = mountWith(t.tessera, List);
    await flushPromises();
    await one.get('button').trigger('click');
    await flushPromises();
    expect(one.findAll('li').map((li) => li.text())).toEqual([
      'Todo 1',
      'Todo 2',
      'Todo 3',
      'Todo 4',
    ]);
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 3 }, { title: 'Renamed' });
    await nextTick();
    expect(one.findAll('li')[2].text()).toBe('Renamed');
    // The second view reads the same list: its first page holds every record loaded.
    expect(two.findAll('li').map((li) => li.text())).toContain('Renamed');
  });

  it('a changed argument starts a fresh list; a failed next page keeps the pages', async () => {
    const userId = ref(1);
    const { result } = withSetup(t.tessera, () =>
      useInfinite(getTodoPages, () => ({ perPage: 1, userId: userId.value }), {}),
    );
    await flushPromises();
    await result.fetchNextPage();
    expect(result.pages.value.map((page) => page.map((todo) => todo.id))).toEqual([[1], [2]]);
    expect(result.data.value.map((todo) => todo.id)).toEqual([1, 2]);
    userId.value = 2;
    await nextTick();
    expect(result.isPreviousData.value).toBe(true);
    expect(result.previous.value).toBe(true);
    await flushPromises();
    expect(result.pages.value.map((page) => page.map((todo) => todo.id))).toEqual([[3]]);
    expect(result.data.value.map((todo) => todo.id)).toEqual([3]);
    t.api.failNext(503);
    const failed = await result.fetchNextPage();
    expect(failed.error).toMatchObject({ status: 503 });
    expect(result.error.value).toMatchObject({ status: 503 });
    expect(result.pages.value.map((page) => page.map((todo) => todo.id))).toEqual([[3]]);
    expect(result.isFetchingNextPage.value).toBe(false);
  });

  it('types: refs of the pages the endpoint answers', () => {
    const { result } = withSetup(t.tessera, () => useInfinite(getTodoPages, { perPage: 2 }));
    expectTypeOf(result.pages).toEqualTypeOf<ComputedRef<readonly Todo[][]>>();
    expectTypeOf(result.fetchNextPage).returns.resolves.toEqualTypeOf<
      InfiniteDLE<Todo[], unknown>
    >();
    // @ts-expect-error a list endpoint without paginationField has no pages
    withSetup(t.tessera, () => useInfinite(TodoResource.getList));
  });
});
