import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { getTodoPages, type Todo, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { infinite } from './infinite';

const t = setupTodoTessera({ rows: 5 });
const ids = (pages: readonly (readonly Todo[])[] | undefined) =>
  pages?.map((page) => page.map((todo) => todo.id));

describe('infinite', () => {
  it('a list a page at a time: the next page by number, until an empty page', async () => {
    const todos = infinite(t.tessera.controller, getTodoPages, { perPage: 2 });
    const seen = record(todos);
    await vi.waitFor(() => expect(seen.last()?.loading).toBe(false));
    expect(ids(seen.last()?.pages)).toEqual([[1, 2]]);
    // Clicked twice: the second call joins the first.
    const [a, b] = [todos.fetchNextPage(), todos.fetchNextPage()];
    expect(await a).toBe(await b);
    await todos.fetchNextPage();
    expect(ids(seen.last()?.pages)).toEqual([[1, 2], [3, 4], [5]]);
    // `data`: what the list shows, every page's items in one list.
    expect(seen.last()?.data.map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5]);
    // The default needs an empty page to know the end.
    expect(seen.last()?.hasNextPage).toBe(true);
    await todos.fetchNextPage();
    expect(seen.last()).toMatchObject({ hasNextPage: false, pageParams: [undefined, 2, 3, 4] });
    expect(t.api.requests).toEqual([
      'GET /todos?perPage=2',
      'GET /todos?page=2&perPage=2',
      'GET /todos?page=3&perPage=2',
      'GET /todos?page=4&perPage=2',
    ]);
    seen.stop();
  });

  it('an edit shows in the pages; other parameters start a fresh list', async () => {
    const todos = infinite(t.tessera.controller, getTodoPages, { perPage: 1, userId: 1 });
    const seen = record(todos);
    await vi.waitFor(() => expect(seen.last()?.loading).toBe(false));
    await todos.fetchNextPage();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'Renamed' });
    expect(seen.last()?.pages[1][0].title).toBe('Renamed');
    todos.setArgs([{ perPage: 1, userId: 2 }]);
    await vi.waitFor(() => expect(ids(seen.last()?.pages)).toEqual([[3]]));
    seen.stop();
  });

  it('types: the pages are the endpoint answer', () => {
    const todos = infinite(t.tessera.controller, getTodoPages, { perPage: 1 });
    expectTypeOf(todos.getSnapshot().pages).toEqualTypeOf<readonly Todo[][]>();
    expectTypeOf(todos.getSnapshot().data).toEqualTypeOf<readonly Todo[]>();
    // @ts-expect-error a list endpoint without paginationField has no pages
    infinite(t.tessera.controller, TodoResource.getList);
    todos.dispose();
  });
});
