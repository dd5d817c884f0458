// An infinite list after a mutation that changes its membership (docs/guide/pagination.md,
// "After a create or a delete"): the next page asked for refetches the loaded pages in order
// first, so the list equals the server's, in the server's order, also once persisted and
// restored; until then nothing is asked. Through msw, with a server whose pages shift when a
// record is created or deleted.
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { indexedDBStorage, PersistManager, type PersistStorage } from '../persist';
import { RestEndpoint, resource } from '../rest';
import { Collection, Entity } from '../schema';
import type { Store } from '../store';
import { type InfiniteDLE, InfiniteObserver, type InfiniteOptions } from './InfiniteObserver';

const API = 'http://shifting.test';
const server = useMswServer();

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'ShiftTodo';
}

const PER_PAGE = 5;
const TodoList = new Collection([Todo], { nonFilterArgumentKeys: ['perPage'] });
const TodoResource = resource({
  urlPrefix: API,
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { perPage?: number },
  paginationField: 'page',
}).extend((base) => {
  const getList = base.getList.extend({ schema: TodoList });
  return { getList, create: getList.push };
});

/**
 * 25 todos in id order, PER_PAGE a page: a created todo goes last (or first, `newestFirst`),
 * a deleted one leaves, and every later page shifts. Records each GET's search.
 */
function shiftingApi({ newestFirst = false } = {}) {
  let todos = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}` }));
  let nextId = 26;
  const requests: string[] = [];
  server.use(
    http.get(`${API}/todos`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('perPage') ?? PER_PAGE);
      return HttpResponse.json(todos.slice((page - 1) * perPage, page * perPage));
    }),
    http.post(`${API}/todos`, async ({ request }) => {
      const body = (await request.json()) as { title: string };
      const created = { id: nextId++, title: body.title };
      todos = newestFirst ? [created, ...todos] : [...todos, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${API}/todos/:id`, ({ params }) => {
      todos = todos.filter((todo) => todo.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { requests, ids: () => todos.map((todo) => todo.id) };
}

/** The pagination guide's own: page numbers until a short page. */
const guideNext = (last: readonly Todo[], _pages: unknown, page: number | undefined) =>
  last.length < PER_PAGE ? undefined : (page ?? 1) + 1;

let stores: Store[] = [];
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
});

function observe(
  store: Store,
  options: InfiniteOptions<Todo[], number | undefined> = { getNextPageParam: guideNext },
) {
  const observer = new InfiniteObserver(
    store.controller,
    TodoResource.getList,
    [{ perPage: PER_PAGE }],
    options,
  );
  const values: InfiniteDLE<Todo[], number | undefined>[] = [];
  const stop = observer.listen((value) => values.push(value));
  const last = () => values[values.length - 1];
  return {
    observer,
    stop,
    last,
    ids: () =>
      last()
        .pages.flat()
        .map((todo) => todo.id),
  };
}

type Reader = ReturnType<typeof observe>;

function newStore(): Store {
  const store = createStore();
  stores.push(store);
  return store;
}

/** A reader of the list with `pages` pages loaded. */
async function reading(store: Store, pages: number): Promise<Reader> {
  const r = observe(store);
  await settled(r);
  for (let page = 1; page < pages; page++) await r.observer.fetchNextPage();
  await settled(r);
  return r;
}

/** Settled: the first page loaded, and no page (nor a refetch of them) in flight. */
const settled = (r: Reader) =>
  vi.waitFor(() =>
    expect(r.last()).toMatchObject({
      loading: false,
      isFetchingNextPage: false,
      isFetchingPreviousPage: false,
    }),
  );

async function loadAll(r: Reader) {
  for (let i = 0; i < 20 && r.last().hasNextPage; i++) await r.observer.fetchNextPage();
  await settled(r);
  expect(r.last().hasNextPage).toBe(false);
}

describe('InfiniteObserver after a mutation that changes the list', () => {
  it('a create and a delete on page 1, then Load more: the server list, in order, nothing skipped', async () => {
    const api = shiftingApi();
    const store = newStore();
    const r = await reading(store, 1);
    expect(r.ids()).toEqual([1, 2, 3, 4, 5]);
    api.requests.length = 0;
    await store.controller.fetch(TodoResource.create, { title: 'new' });
    await store.controller.fetch(TodoResource.delete, { id: 3 });
    // Nothing is asked until the next page is.
    expect(api.requests).toEqual([]);
    expect(r.ids()).toEqual([1, 2, 4, 5, 26]);
    await r.observer.fetchNextPage();
    await settled(r);
    // Before: [1, 2, 4, 5, 26, 7, 8, 9, 10, 11] (6 never shown, the new one in the middle).
    expect(r.ids()).toEqual(api.ids().slice(0, 10));
    expect(r.ids()).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(api.requests).toEqual(['?perPage=5', '?page=2&perPage=5']);
    await loadAll(r);
    expect(r.ids()).toEqual(api.ids());
    // Every reader of the list sees the same list.
    const list = store.controller.getResponse(TodoResource.getList, { perPage: PER_PAGE }).data;
    expect(list?.map((todo) => todo.id)).toEqual(api.ids());
    r.stop();
  });

  it("with the guide's getNextPageParam, a delete on the only page leaves the next pages reachable", async () => {
    const api = shiftingApi();
    const store = newStore();
    const r = await reading(store, 1);
    const seen: boolean[] = [];
    const watching = r.observer.listen((value) => seen.push(value.hasNextPage));
    await store.controller.fetch(TodoResource.delete, { id: 2 });
    expect(r.ids()).toEqual([1, 3, 4, 5]);
    // Before: the page was short (4 of 5): hasNextPage false, items 6 to 25 out of reach.
    expect(r.last().hasNextPage).toBe(true);
    await r.observer.fetchNextPage();
    await settled(r);
    expect(r.ids()).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // "Load more" stayed while the page was short and while it was fetched again.
    expect(seen).toEqual(seen.map(() => true));
    watching();
    await loadAll(r);
    expect(r.ids()).toEqual(api.ids());
    expect(r.ids()).toHaveLength(24);
    r.stop();
  });

  it('the loaded pages are refetched in order, one request each; a newest-first server puts the new one first', async () => {
    const api = shiftingApi({ newestFirst: true });
    const store = newStore();
    const r = await reading(store, 3);
    api.requests.length = 0;
    await store.controller.fetch(TodoResource.create, { title: 'new' });
    // An edit changes no membership: it asks for nothing either.
    await store.controller.set(Todo, { id: 7, title: 'renamed' });
    expect(r.last().pages[1].find((todo) => todo.id === 7)?.title).toBe('renamed');
    expect(api.requests).toEqual([]);
    await r.observer.fetchNextPage();
    await settled(r);
    expect(api.requests).toEqual([
      '?perPage=5',
      '?page=2&perPage=5',
      '?page=3&perPage=5',
      '?page=4&perPage=5',
    ]);
    expect(r.ids()).toEqual(api.ids().slice(0, 20));
    expect(r.ids()[0]).toBe(26);
    expect(r.last().pageParams).toEqual([undefined, 2, 3, 4]);
    // Nothing changed since: the next page is one request.
    api.requests.length = 0;
    await r.observer.fetchNextPage();
    expect(api.requests).toEqual(['?page=5&perPage=5']);
    r.stop();
  });

  it('two readers of one list: one refetches, the other takes its pages without a request', async () => {
    const api = shiftingApi();
    const store = newStore();
    const a = await reading(store, 2);
    const b = observe(store);
    await settled(b);
    expect(b.ids()).toEqual(a.ids());
    api.requests.length = 0;
    await store.controller.fetch(TodoResource.delete, { id: 4 });
    await a.observer.fetchNextPage();
    await settled(a);
    await settled(b);
    expect(a.ids()).toEqual(api.ids().slice(0, 15));
    expect(b.ids()).toEqual(a.ids());
    expect(api.requests).toEqual(['?perPage=5', '?page=2&perPage=5', '?page=3&perPage=5']);
    // b's next page is the one after them.
    await b.observer.fetchNextPage();
    expect(api.requests.at(-1)).toBe('?page=4&perPage=5');
    expect(b.ids()).toEqual(api.ids().slice(0, 20));
    a.stop();
    b.stop();
  });

  it('a reader that nobody listened to meanwhile refetches at its next page too', async () => {
    const api = shiftingApi();
    const store = newStore();
    const r = await reading(store, 2);
    r.stop();
    await store.controller.fetch(TodoResource.delete, { id: 1 });
    const values: InfiniteDLE<Todo[], number | undefined>[] = [];
    const stop = r.observer.listen((value) => values.push(value));
    expect(values.at(-1)?.hasNextPage).toBe(true);
    const after = await r.observer.fetchNextPage();
    expect(after.pages.flat().map((todo) => todo.id)).toEqual(api.ids().slice(0, 15));
    stop();
  });

  it('persisted: after a reload the list is the server list, its pages restored without a request', async () => {
    const api = shiftingApi();
    const storage: PersistStorage = indexedDBStorage('shifting', new IDBFactory());
    const start = async () => {
      const persist = new PersistManager({ storage });
      const store = createStore({ initialState: await persist.restore(), managers: [persist] });
      stores.push(store);
      return { store, persist };
    };
    const first = await start();
    const r = await reading(first.store, 1);
    await first.store.controller.fetch(TodoResource.create, { title: 'new' });
    await first.store.controller.fetch(TodoResource.delete, { id: 3 });
    await r.observer.fetchNextPage();
    await settled(r);
    expect(r.ids()).toEqual(api.ids().slice(0, 10));
    r.stop();
    await first.persist.flush();
    first.store.dispose();

    api.requests.length = 0;
    const second = await start();
    const again = observe(second.store);
    expect(again.ids()).toEqual(api.ids().slice(0, 10));
    expect(again.last().pageParams).toEqual([undefined, 2]);
    expect(api.requests).toEqual([]);
    await loadAll(again);
    expect(again.ids()).toEqual(api.ids());
    again.stop();
  });

  it('an optimistic delete: shown at once, nothing asked; Load more before its answer refetches once, after it again', async () => {
    const api = shiftingApi();
    const Optimistic = resource({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      optimistic: true,
    });
    const answer = deferred();
    server.use(
      http.delete(`${API}/todos/:id`, async () => {
        await answer.promise;
        // Falls through to the API, which deletes it.
        return undefined;
      }),
    );
    const store = newStore();
    const r = await reading(store, 2);
    api.requests.length = 0;
    const deleting = store.controller.fetch(Optimistic.delete, { id: 2 });
    expect(r.ids()).not.toContain(2);
    expect(r.last().hasNextPage).toBe(true);
    expect(api.requests).toEqual([]);
    // The server still holds it: the pages come back with it (hidden), once, then page 3.
    await r.observer.fetchNextPage();
    await settled(r);
    expect(api.requests).toEqual(['?perPage=5', '?page=2&perPage=5', '?page=3&perPage=5']);
    expect(r.ids()).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    answer.resolve();
    await deleting;
    // Answered: the next page refetches the pages the delete shifted, and nothing is skipped.
    api.requests.length = 0;
    await r.observer.fetchNextPage();
    await settled(r);
    expect(api.requests).toHaveLength(4);
    expect(r.ids()).toEqual(api.ids().slice(0, 20));
    r.stop();
  });

  it('a refetch that fails shows its error and keeps the pages; the next call tries again', async () => {
    const api = shiftingApi();
    const store = newStore();
    const r = await reading(store, 2);
    await store.controller.fetch(TodoResource.delete, { id: 7 });
    let down = true;
    server.use(
      // Falls through to the API once it is back.
      http.get(`${API}/todos`, () =>
        down ? HttpResponse.json({ down: true }, { status: 503 }) : undefined,
      ),
    );
    api.requests.length = 0;
    const failed = await r.observer.fetchNextPage();
    expect(failed.error).toMatchObject({ status: 503 });
    expect(failed.pages.flat().map((todo) => todo.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(failed).toMatchObject({ loading: false, hasNextPage: true });
    down = false;
    const retried = await r.observer.fetchNextPage();
    expect(retried.error).toBeUndefined();
    expect(retried.pages.flat().map((todo) => todo.id)).toEqual(api.ids().slice(0, 15));
    r.stop();
  });

  it('at scale: 1,000 readers that come and go around mutations leave no subscription', async () => {
    const api = shiftingApi();
    const store = newStore();
    const changes = store.controller.changes$;
    let live = 0;
    const subscribe = changes.subscribe.bind(changes);
    vi.spyOn(changes, 'subscribe').mockImplementation(((...args: Parameters<typeof subscribe>) => {
      const subscription = subscribe(...args);
      live++;
      subscription.add(() => live--);
      return subscription;
    }) as typeof changes.subscribe);
    for (let round = 0; round < 10; round++) {
      const readers = await Promise.all(Array.from({ length: 100 }, () => reading(store, 1)));
      await store.controller.fetch(TodoResource.delete, { id: round + 1 });
      const loading = readers.map((reader) => reader.observer.fetchNextPage());
      // Half leave while their pages are fetched again, half once they are.
      for (const reader of readers.slice(0, 50)) reader.stop();
      await Promise.all(loading);
      for (const reader of readers.slice(50)) reader.stop();
    }
    expect(live).toBe(0);
    // A new reader takes the pages the store holds: the server's first ones.
    const last = await reading(store, 1);
    expect(last.ids().length).toBeGreaterThanOrEqual(10);
    expect(last.ids()).toEqual(api.ids().slice(0, last.ids().length));
    last.stop();
  });

  it('cursor pages: the list refetched from its first page follows the new cursors', async () => {
    let ids = [1, 2, 3, 4, 5, 6];
    const requests: string[] = [];
    const getFeed = new RestEndpoint({
      urlPrefix: API,
      path: '/feed',
      paginationField: 'cursor',
      schema: { results: new Collection([Todo]), next: '' as string | null },
    });
    const removeTodo = new RestEndpoint({
      urlPrefix: API,
      path: '/feed/:id',
      method: 'DELETE',
      schema: TodoResource.delete.schema,
      process: (_value: unknown, params: { id: number }) => params,
    });
    server.use(
      // The cursor is an offset: a delete shifts every later page.
      http.get(`${API}/feed`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url.search);
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const results = ids.slice(start, start + 2).map((id) => ({ id, title: `t${id}` }));
        return HttpResponse.json({
          results,
          next: start + 2 < ids.length ? String(start + 2) : null,
        });
      }),
      http.delete(`${API}/feed/:id`, ({ params }) => {
        ids = ids.filter((id) => id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = newStore();
    const observer = new InfiniteObserver(store.controller, getFeed, []);
    const values: InfiniteDLE<{ results: Todo[]; next: string | null }>[] = [];
    const stop = observer.listen((value) => values.push(value));
    const shown = () => values.at(-1)?.pages.flatMap((page) => page.results.map((t) => t.id));
    await vi.waitFor(() => expect(values.at(-1)?.loading).toBe(false));
    await observer.fetchNextPage();
    expect(shown()).toEqual([1, 2, 3, 4]);
    requests.length = 0;
    await store.controller.fetch(removeTodo, { id: 1 });
    expect(shown()).toEqual([2, 3, 4]);
    await observer.fetchNextPage();
    // Before: the cursor 4 of the old page 2 skipped todo 5.
    expect(shown()).toEqual([2, 3, 4, 5, 6]);
    expect(requests).toEqual(['', '?cursor=2', '?cursor=4']);
    expect(values.at(-1)?.hasNextPage).toBe(false);
    stop();
  });
});
