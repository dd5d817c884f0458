// The infinite reader over one normalized Collection (docs/guide/pagination.md#infinite-lists),
// through the store and msw.
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { deferred, useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { RestEndpoint, resource } from '../rest';
import { Collection, Entity } from '../schema';
import type { Store } from '../store';
import { type InfiniteDLE, InfiniteObserver } from './InfiniteObserver';

const API = 'http://infinite.test';
const server = useMswServer();

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
}

const PER_PAGE = 2;
const TodoList = new Collection([Todo], { nonFilterArgumentKeys: ['perPage'] });
const TodoResource = resource({
  urlPrefix: API,
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number; perPage?: number },
  paginationField: 'page',
}).extend((base) => {
  const getList = base.getList.extend({ schema: TodoList });
  return { getList, create: getList.push };
});

/** Five todos per user (ids 10u+1..10u+5), PER_PAGE a page; records requests. */
function todosApi(options: { fail?: (page: number) => boolean; gate?: Promise<void> } = {}) {
  const requests: string[] = [];
  let renamed: string | undefined;
  server.use(
    http.get(`${API}/todos`, async ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      const userId = Number(url.searchParams.get('userId') ?? 1);
      if (options.gate) await options.gate;
      if (options.fail?.(page)) return HttpResponse.json({ error: 'down' }, { status: 503 });
      const all = [1, 2, 3, 4, 5].map((n) => ({
        id: userId * 10 + n,
        userId,
        title: renamed && n === 1 ? renamed : `todo ${userId * 10 + n}`,
      }));
      return HttpResponse.json(all.slice((page - 1) * PER_PAGE, page * PER_PAGE));
    }),
    http.patch(`${API}/todos/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { title: string };
      renamed = body.title;
      return HttpResponse.json({ id: Number(params.id), userId: 1, title: body.title });
    }),
    http.post(`${API}/todos`, async ({ request }) => {
      const body = (await request.json()) as { title: string; userId: number };
      return HttpResponse.json({ id: 99, ...body }, { status: 201 });
    }),
  );
  return { requests };
}

/** Page numbers until a short page (the page size is known). */
const getNextPageParam = (last: readonly Todo[], _pages: unknown, param: number | undefined) =>
  last.length < PER_PAGE ? undefined : (param ?? 1) + 1;

let store: Store;
beforeEach(() => {
  store = createStore();
});
afterEach(() => store.dispose());

function observe(
  args: [{ userId?: number; perPage: number }] | [null] = [{ perPage: PER_PAGE }],
  options: ConstructorParameters<
    typeof InfiniteObserver<typeof TodoResource.getList, number | undefined>
  >[3] = {
    getNextPageParam,
  },
) {
  const observer = new InfiniteObserver(store.controller, TodoResource.getList, args, options);
  const values: InfiniteDLE<Todo[], number | undefined>[] = [];
  const stop = observer.listen((value) => values.push(value));
  return { observer, values, stop, last: () => values[values.length - 1] };
}

const titles = (pages: readonly (readonly Todo[])[]) => pages.map((page) => page.map((t) => t.id));
const loaded = (r: { last(): InfiniteDLE<unknown> }) =>
  vi.waitFor(() => expect(r.last().loading).toBe(false));

describe('InfiniteObserver', () => {
  it('loads the first page, then each next page into one list; the last page ends it', async () => {
    const api = todosApi();
    const r = observe();
    expect(r.values[0]).toMatchObject({ pages: [], loading: true, hasNextPage: false });
    await loaded(r);
    expect(titles(r.last().pages)).toEqual([[11, 12]]);
    expect(r.last()).toMatchObject({ hasNextPage: true, isFetchingNextPage: false });
    const fetching = r.observer.fetchNextPage();
    expect(r.last().isFetchingNextPage).toBe(true);
    const after = await fetching;
    expect(titles(after.pages)).toEqual([
      [11, 12],
      [13, 14],
    ]);
    expect(after.pageParams).toEqual([undefined, 2]);
    await r.observer.fetchNextPage();
    expect(titles(r.last().pages)).toEqual([[11, 12], [13, 14], [15]]);
    expect(r.last()).toMatchObject({ hasNextPage: false, isFetchingNextPage: false });
    // `data` is what the list shows: every page's items, in order.
    expect(r.last().data.map((todo) => todo.id)).toEqual([11, 12, 13, 14, 15]);
    expect(r.last().data.every((todo, i) => todo === r.last().pages.flat()[i])).toBe(true);
    // Nothing more: no request.
    await r.observer.fetchNextPage();
    expect(api.requests).toEqual(['?perPage=2', '?page=2&perPage=2', '?page=3&perPage=2']);
    // The pages are one list in the store: the list endpoint's reader sees every page.
    const list = store.controller.getResponse(TodoResource.getList, { perPage: PER_PAGE }).data;
    expect(list?.map((todo) => todo.id)).toEqual([11, 12, 13, 14, 15]);
    r.stop();
  });

  it('a list shown again (other arguments and back, a new reader) keeps its pages: no request', async () => {
    const api = todosApi();
    const r = observe([{ perPage: PER_PAGE, userId: 1 }]);
    await loaded(r);
    await r.observer.fetchNextPage();
    await r.observer.fetchNextPage();
    r.observer.setArgs([{ perPage: PER_PAGE, userId: 2 }]);
    await loaded(r);
    const before = api.requests.length;
    r.observer.setArgs([{ perPage: PER_PAGE, userId: 1 }]);
    expect(titles(r.last().pages)).toEqual([[11, 12], [13, 14], [15]]);
    expect(r.last()).toMatchObject({ pageParams: [undefined, 2, 3], hasNextPage: false });
    // Read without a subscriber (a first render, say): the same pages.
    const unread = new InfiniteObserver(store.controller, TodoResource.getList, [
      { perPage: PER_PAGE, userId: 1 },
    ]);
    expect(titles(unread.getSnapshot().pages)).toEqual([[11, 12], [13, 14], [15]]);
    const again = observe([{ perPage: PER_PAGE, userId: 1 }]);
    expect(titles(again.last().pages)).toEqual([[11, 12], [13, 14], [15]]);
    expect(api.requests.length).toBe(before);
    r.stop();
    again.stop();
  });

  it('a second fetchNextPage while one runs joins it: one request', async () => {
    const api = todosApi();
    const r = observe();
    await loaded(r);
    const [a, b] = [r.observer.fetchNextPage(), r.observer.fetchNextPage()];
    const [first, second] = await Promise.all([a, b]);
    expect(first).toBe(second);
    expect(api.requests.filter((search) => search.includes('page=2'))).toHaveLength(1);
    expect(titles(r.last().pages)).toEqual([
      [11, 12],
      [13, 14],
    ]);
    r.stop();
  });

  it('an edit shows in every page and view: the records are the store entities', async () => {
    todosApi();
    const r = observe();
    await loaded(r);
    await r.observer.fetchNextPage();
    const other = observe();
    expect(titles(other.last().pages)).toEqual([
      [11, 12],
      [13, 14],
    ]);
    await store.controller.fetch(TodoResource.partialUpdate, { id: 13 }, { title: 'renamed' });
    expect(r.last().pages[1][0].title).toBe('renamed');
    expect(other.last().pages[1][0]).toBe(r.last().pages[1][0]);
    // The list endpoint's own readers see it too.
    const list = store.controller.getResponse(TodoResource.getList, { perPage: PER_PAGE }).data;
    expect(list?.[2]).toBe(r.last().pages[1][0]);
    r.stop();
    other.stop();
  });

  it('a record created into the list shows in its first page', async () => {
    todosApi();
    const r = observe();
    await loaded(r);
    await r.observer.fetchNextPage();
    await store.controller.fetch(TodoResource.create, { title: 'new', userId: 1 });
    expect(titles(r.last().pages)).toEqual([
      [11, 12, 99],
      [13, 14],
    ]);
    expect(r.last().data.map((todo) => todo.id)).toEqual([11, 12, 99, 13, 14]);
    r.stop();
  });

  it('new arguments start a fresh list: no page of the old arguments is mixed in', async () => {
    const api = todosApi();
    const r = observe([{ perPage: PER_PAGE, userId: 1 }]);
    await loaded(r);
    await r.observer.fetchNextPage();
    r.observer.setArgs([{ perPage: PER_PAGE, userId: 2 }]);
    // The previous list's first page stays, flagged, while the new one loads.
    expect(r.last()).toMatchObject({ loading: true, isPreviousData: true, hasNextPage: false });
    expect(r.last().pages).toHaveLength(1);
    await loaded(r);
    expect(titles(r.last().pages)).toEqual([[21, 22]]);
    expect(r.last().isPreviousData).toBe(false);
    await r.observer.fetchNextPage();
    expect(titles(r.last().pages)).toEqual([
      [21, 22],
      [23, 24],
    ]);
    expect(api.requests.at(-1)).toBe('?page=2&perPage=2&userId=2');
    r.stop();
  });

  it('a next page that fails shows its error and keeps the pages; the next try clears it', async () => {
    let down = true;
    todosApi({ fail: (page) => page === 2 && down });
    const r = observe();
    await loaded(r);
    const failed = await r.observer.fetchNextPage();
    expect(failed.error).toMatchObject({ status: 503 });
    expect(failed).toMatchObject({ isFetchingNextPage: false, loading: false, hasNextPage: true });
    expect(titles(failed.pages)).toEqual([[11, 12]]);
    down = false;
    const retried = r.observer.fetchNextPage();
    expect(r.last().error).toBeUndefined();
    expect(titles((await retried).pages)).toEqual([
      [11, 12],
      [13, 14],
    ]);
    r.stop();
  });

  it('the list fetched again starts again at its first page', async () => {
    const api = todosApi();
    const r = observe();
    await loaded(r);
    await r.observer.fetchNextPage();
    await store.controller.invalidate(TodoResource.getList, { perPage: PER_PAGE });
    await loaded(r);
    await vi.waitFor(() => expect(titles(r.last().pages)).toEqual([[11, 12]]));
    expect(api.requests.filter((search) => search === '?perPage=2')).toHaveLength(2);
    r.stop();
  });

  it('previous pages and maxPages: a window that moves both ways', async () => {
    todosApi();
    const r = observe([{ perPage: PER_PAGE }], {
      initialPageParam: 2,
      getNextPageParam,
      maxPages: 2,
    });
    await loaded(r);
    expect(r.last()).toMatchObject({ pageParams: [2], hasPreviousPage: true, hasNextPage: true });
    await r.observer.fetchPreviousPage();
    expect(titles(r.last().pages)).toEqual([
      [11, 12],
      [13, 14],
    ]);
    expect(r.last()).toMatchObject({ pageParams: [1, 2], hasPreviousPage: false });
    await r.observer.fetchNextPage();
    // Three pages, two kept: the first is dropped.
    expect(titles(r.last().pages)).toEqual([[13, 14], [15]]);
    expect(r.last()).toMatchObject({
      pageParams: [2, 3],
      hasPreviousPage: true,
      hasNextPage: false,
    });
    r.stop();
  });

  it('cursor pages: the default follows `next`', async () => {
    const getFeed = new RestEndpoint({
      urlPrefix: API,
      path: '/feed',
      paginationField: 'cursor',
      schema: { results: new Collection([Todo]), next: '' as string | null },
    });
    server.use(
      http.get(`${API}/feed`, ({ request }) => {
        const start = Number(new URL(request.url).searchParams.get('cursor') ?? 0);
        const results = [1, 2, 3].slice(start, start + 2).map((id) => ({ id, title: `t${id}` }));
        return HttpResponse.json({ results, next: start + 2 < 3 ? String(start + 2) : null });
      }),
    );
    const observer = new InfiniteObserver(store.controller, getFeed, []);
    const values: InfiniteDLE<{ results: Todo[]; next: string | null }>[] = [];
    const stop = observer.listen((value) => values.push(value));
    await vi.waitFor(() => expect(values.at(-1)?.loading).toBe(false));
    expect(values.at(-1)).toMatchObject({ hasNextPage: true });
    const after = await observer.fetchNextPage();
    expect(after.pages.map((page) => page.results.map((todo) => todo.id))).toEqual([[1, 2], [3]]);
    // The first page keeps its own cursor, though the list's `next` follows the last page.
    expect(after.pages.map((page) => page.next)).toEqual(['2', null]);
    expect(after).toMatchObject({ pageParams: [undefined, '2'], hasNextPage: false });
    // Of object pages, `data` is the items of the list the schema's Collection names.
    expect(after.data.map((todo) => todo.id)).toEqual([1, 2, 3]);
    expectTypeOf(after.data).toEqualTypeOf<readonly Todo[]>();
    stop();
  });

  it('withdrawing while a page loads settles the promise and fetches nothing more', async () => {
    const gate = deferred();
    todosApi();
    const r = observe();
    await loaded(r);
    server.use(
      http.get(`${API}/todos`, async () => {
        await gate.promise;
        return HttpResponse.json([]);
      }),
    );
    const fetching = r.observer.fetchNextPage();
    r.stop();
    gate.resolve();
    const settled = await fetching;
    expect(settled.isFetchingNextPage).toBe(false);
    expect(settled.error).toBeUndefined();
  });

  it('a disposed store settles the reader', async () => {
    const gate = deferred();
    todosApi({ gate: gate.promise });
    const r = observe();
    store.dispose();
    gate.resolve();
    await vi.waitFor(() => expect(r.last().loading).toBe(false));
    expect(r.last().error?.name).toBe('StoreDisposedError');
  });

  it('data: the same array while the pages are unchanged; empty before the first page', async () => {
    todosApi();
    const r = observe();
    expect(r.values[0].data).toEqual([]);
    await loaded(r);
    const { data } = r.last();
    expect(Object.isFrozen(data)).toBe(true);
    // A change that leaves the pages as they were (a next page loading) keeps the items array.
    const fetching = r.observer.fetchNextPage();
    expect(r.last().isFetchingNextPage).toBe(true);
    expect(r.last().data).toBe(data);
    await fetching;
    expect(r.last().data).not.toBe(data);
    expect(r.last().data).toHaveLength(4);
    r.stop();
  });

  it('previous: the deprecated name of isPreviousData, the same value in every snapshot', async () => {
    todosApi();
    const r = observe([{ perPage: PER_PAGE, userId: 1 }]);
    await loaded(r);
    r.observer.setArgs([{ perPage: PER_PAGE, userId: 2 }]);
    await loaded(r);
    expect(r.values.some((value) => value.isPreviousData)).toBe(true);
    for (const value of r.values) expect(value.previous).toBe(value.isPreviousData);
    r.stop();
  });

  it('types: pages are the list endpoint answer; the params what the functions give', () => {
    const observer = new InfiniteObserver(store.controller, TodoResource.getList, [{}], {
      initialPageParam: 1,
      getNextPageParam: (last, _pages, param) => (last.length ? param + 1 : undefined),
    });
    expectTypeOf(observer.getSnapshot().pages).toEqualTypeOf<readonly Todo[][]>();
    expectTypeOf(observer.getSnapshot().pageParams).toEqualTypeOf<readonly number[]>();
    expectTypeOf(observer.getSnapshot().data).toEqualTypeOf<readonly Todo[]>();
    expectTypeOf(observer.getSnapshot().isPreviousData).toEqualTypeOf<boolean>();
    const plain = new RestEndpoint({ urlPrefix: API, path: '/plain', schema: [Todo] });
    // @ts-expect-error an endpoint without paginationField has no pages
    new InfiniteObserver(store.controller, plain, []);
    observer.dispose();
  });
});
