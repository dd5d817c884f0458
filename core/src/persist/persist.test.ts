// @vitest-environment happy-dom
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import {
  indexedDBStorage,
  localStorageStorage,
  PersistManager,
  type PersistOptions,
  type PersistStorage,
} from '../persist';
import { RestEndpoint } from '../rest';
import { Entity } from '../schema';
import { resetEntireStore } from '../store';

const API = 'http://persist.test';
let served = 0;
const server = setupServer(
  http.get(`${API}/todos`, () => {
    served++;
    return HttpResponse.json([
      { id: 1, title: 'one', done: false },
      { id: 2, title: 'two', done: true },
    ]);
  }),
  http.get(`${API}/tags`, () => HttpResponse.json([{ id: 't', name: 'tag' }])),
  http.get(`${API}/broken`, () => HttpResponse.json({ message: 'down' }, { status: 500 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  served = 0;
});

class Todo extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Todo';
}
class Tag extends Entity {
  id = '';
  name = '';
  static override key = 'Tag';
}
const getTodos = new RestEndpoint({ urlPrefix: API, path: '/todos', schema: [Todo] });
const getTags = new RestEndpoint({ urlPrefix: API, path: '/tags', schema: [Tag] });
const getBroken = new RestEndpoint({ urlPrefix: API, path: '/broken' });

/** A storage that records what each write put, around a real one. */
function recorded(storage: PersistStorage) {
  const writes: string[][] = [];
  return {
    writes,
    storage: {
      ...storage,
      write(entries) {
        writes.push([...entries.keys()]);
        return storage.write(entries);
      },
    } satisfies PersistStorage,
  };
}

async function startWith(options: PersistOptions) {
  const persist = new PersistManager(options);
  const initialState = await persist.restore();
  const store = createStore({ initialState, managers: [persist] });
  return { ...store, persist, restored: initialState !== undefined };
}

describe('PersistManager with IndexedDB', () => {
  it('restores what a previous page fetched: readers show it with no request', async () => {
    const storage = indexedDBStorage('app', new IDBFactory());
    const first = await startWith({ storage });
    expect(first.restored).toBe(false);
    await first.controller.fetch(getTodos);
    await first.persist.flush();
    first.dispose();
    expect(served).toBe(1);

    const second = await startWith({ storage });
    expect(second.restored).toBe(true);
    expect(second.controller.getResponse(getTodos).data).toEqual([
      { id: 1, title: 'one', done: false },
      { id: 2, title: 'two', done: true },
    ]);
    await second.controller.fetchIfStale(getTodos);
    expect(served).toBe(1);
    second.dispose();
  });

  it('follows the change log: one entity changed writes that entity, not the store', async () => {
    const { storage, writes } = recorded(indexedDBStorage('log', new IDBFactory()));
    const store = await startWith({ storage });
    await store.controller.fetch(getTodos);
    await store.persist.flush();
    writes.length = 0;
    await store.controller.set(Todo, { id: 2, title: 'two, renamed', done: true });
    await store.persist.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0].filter((key) => key.startsWith('["entities"'))).toEqual([
      '["entities","Todo","2"]',
    ]);
    expect(writes[0].some((key) => key.startsWith('["endpoints"'))).toBe(false);
    store.dispose();
    const again = await startWith({ storage });
    expect(again.controller.get(Todo, { id: 2 })?.title).toBe('two, renamed');
    again.dispose();
  });

  it('a burst of changes is one write', async () => {
    const { storage, writes } = recorded(indexedDBStorage('burst', new IDBFactory()));
    const store = await startWith({ storage, throttleMs: 50 });
    await store.persist.flush();
    writes.length = 0;
    for (let i = 0; i < 20; i++) await store.controller.set(Todo, { id: i, title: `${i}` });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(writes).toHaveLength(1);
    store.dispose();
  });

  it('drops a state of another version or older than maxAge, and clears it', async () => {
    const storage = indexedDBStorage('versions', new IDBFactory());
    const first = await startWith({ storage, buster: 'v1' });
    await first.controller.fetch(getTodos);
    await first.persist.flush();
    first.dispose();
    expect((await startWith({ storage, buster: 'v2' })).restored).toBe(false);
    expect(await storage.read()).toEqual(new Map());

    const again = await startWith({ storage, buster: 'v2' });
    await again.controller.fetch(getTodos);
    await again.persist.flush();
    again.dispose();
    expect((await startWith({ storage, buster: 'v2', maxAge: -1 })).restored).toBe(false);
  });

  it('keeps only the entities and results asked for, and never errors', async () => {
    const storage = indexedDBStorage('some', new IDBFactory());
    const store = await startWith({
      storage,
      entities: (key) => key !== 'Tag',
      results: (key) => !key.includes('/tags'),
    });
    await store.controller.fetch(getTodos);
    await store.controller.fetch(getTags);
    await store.controller.fetch(getBroken).catch(() => {});
    await store.persist.flush();
    store.dispose();
    const keys = [...(await storage.read()).keys()];
    expect(keys.some((key) => key.includes('Tag') || key.includes('/tags'))).toBe(false);
    expect(keys.some((key) => key.includes('/broken'))).toBe(false);
    expect(keys).toContain('["entities","Todo","1"]');
  });

  it('a reset clears what is stored', async () => {
    const storage = indexedDBStorage('reset', new IDBFactory());
    const store = await startWith({ storage });
    await store.controller.fetch(getTodos);
    await store.persist.flush();
    await resetEntireStore(store.controller);
    await store.persist.flush();
    store.dispose();
    expect([...(await storage.read()).keys()]).toEqual(['tessera']);
  });
});

describe('PersistManager: a damaged or foreign stored state never breaks the app', () => {
  it('an entry of another shape drops the stored state: the store starts empty', async () => {
    const storage = indexedDBStorage('foreign', new IDBFactory());
    await storage.write(
      new Map<string, unknown>([
        ['tessera', { buster: '', savedAt: Date.now() }],
        ['not json', 1],
      ]),
    );
    const store = await startWith({ storage });
    expect(store.restored).toBe(false);
    expect(await storage.read()).toEqual(new Map());
    await store.controller.fetch(getTodos);
    expect(store.controller.getResponse(getTodos).data).toHaveLength(2);
    store.dispose();
  });

  it('parts of the wrong kind are left out and fetched again; prototypes stay as they are', async () => {
    const storage = localStorageStorage('damaged');
    await storage.write(
      new Map<string, unknown>([
        ['tessera', { buster: '', savedAt: Date.now() }],
        ['["entities","Todo","1"]', 'not an entity'],
        ['["entities","__proto__","polluted"]', { id: 1 }],
        ['["endpoints","GET http://persist.test/todos"]', ['1']],
        ['["meta","GET http://persist.test/todos"]', { fetchedAt: 1, date: 1, expiresAt: null }],
      ]),
    );
    localStorage.setItem('damaged:["entities","Todo","2"]', '{ not json');
    const store = await startWith({ storage });
    expect(store.restored).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The list named an entity that was left out: it is fetched again.
    await store.controller.fetchIfStale(getTodos);
    expect(served).toBe(1);
    expect(store.controller.getResponse(getTodos).data).toHaveLength(2);
    store.dispose();
  });
});

describe('PersistManager with localStorage', () => {
  it('round-trips, an endless expiry included', async () => {
    const storage = localStorageStorage('round');
    const first = await startWith({ storage });
    await first.controller.fetch(getTodos.extend({ dataExpiryLength: Number.POSITIVE_INFINITY }));
    await first.persist.flush();
    first.dispose();
    const second = await startWith({ storage });
    expect(second.controller.getResponse(getTodos).expiresAt).toBe(Number.POSITIVE_INFINITY);
    expect(second.controller.getResponse(getTodos).data).toHaveLength(2);
    second.dispose();
  });
});
