// @vitest-environment happy-dom
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  expectTypeOf,
  it,
  vi,
} from 'vitest';
import { createStore } from '../managers/createStore';
import {
  indexedDBStorage,
  localStorageStorage,
  MutationQueue,
  type MutationQueueOptions,
  type PersistStorage,
  type QueuedMutation,
  type QueueEndpoints,
} from '../persist';
import { NetworkError, RestEndpoint } from '../rest';
import { Entity } from '../schema';
import { resetEntireStore } from '../store';

const API = 'http://queue.test';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const update = new RestEndpoint({
  urlPrefix: API,
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  getOptimisticResponse: (_snap, params: { id: number }, body: { title: string }) => ({
    ...body,
    id: params.id,
  }),
});
const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
const remove = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', method: 'DELETE' });
const unregistered = new RestEndpoint({ urlPrefix: API, path: '/other/:id', method: 'PATCH' });

/** What the server does with the next PATCH of a title: answer, drop the connection, refuse, hold. */
type Reply = 'ok' | 'drop' | 422 | Promise<void>;
/** The titles the server received, in order (a dropped one too: it reached the handler). */
let received: string[] = [];
let replies = new Map<string, Reply[]>();
const server = setupServer(
  http.patch(`${API}/todos/:id`, async ({ params, request }) => {
    const { title } = (await request.json()) as { title: string };
    received.push(title);
    const reply = replies.get(title)?.shift() ?? 'ok';
    if (reply === 'drop') return HttpResponse.error();
    if (reply === 422) return HttpResponse.json({ message: 'no' }, { status: 422 });
    await reply;
    return HttpResponse.json({ id: Number(params.id), title: `${title} (saved)` });
  }),
  http.get(`${API}/todos/:id`, ({ params }) =>
    HttpResponse.json({ id: Number(params.id), title: 'as on the server' }),
  ),
  http.patch(`${API}/other/:id`, () => HttpResponse.json({ ok: true })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let onLine = true;
beforeEach(() => {
  received = [];
  replies = new Map();
  onLine = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
});
afterEach(() => vi.restoreAllMocks());

function connect(online: boolean) {
  onLine = online;
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const endpoints = { update, remove };
type Endpoints = typeof endpoints;

async function start<M extends QueueEndpoints = Endpoints>(
  storage: PersistStorage,
  options: Partial<MutationQueueOptions<M>> = {},
) {
  const queue = new MutationQueue<M>({
    storage,
    endpoints: endpoints as QueueEndpoints as M,
    retryDelayMs: 1,
    ...options,
  });
  const restored = await queue.restore();
  const store = createStore({ managers: [queue] });
  const title = (id: number) => store.controller.get(Todo, { id })?.title;
  return { ...store, queue, restored, title };
}

/** Resolves once `check` passes (the queue's requests run on their own). */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true));
}

const storedNames = async (storage: PersistStorage) =>
  [...(await storage.read()).values()].map(
    (stored) => (stored as { args: [unknown, { title: string }] }).args[1].title,
  );

describe('MutationQueue: order under failures', () => {
  it('a lost connection keeps it queued and it is sent again; a refused one rolls back and the next goes on', async () => {
    const storage = indexedDBStorage('order', new IDBFactory());
    const refused: [string, unknown][] = [];
    const app = await start(storage, {
      onRefused: (mutation, error) => refused.push([mutation.id, error]),
    });
    await app.controller.set(Todo, { id: 2 }, { id: 2, title: 'two' });
    replies.set('a', ['drop', 'ok']);
    replies.set('b', [422]);
    const a = app.controller.fetch(update, { id: 1 }, { title: 'a' });
    const b = app.controller.fetch(update, { id: 2 }, { title: 'b' });
    const c = app.controller.fetch(update, { id: 3 }, { title: 'c' });
    expect(app.queue.mutations.map((m) => m.args[1].title)).toEqual(['a', 'b', 'c']);
    expect(app.title(2)).toBe('b');
    await expect(a).resolves.toMatchObject({ title: 'a (saved)' });
    const bError = await b.catch((error: unknown) => error);
    expect(bError).toBeInstanceOf(NetworkError);
    expect((bError as NetworkError).status).toBe(422);
    await expect(c).resolves.toMatchObject({ title: 'c (saved)' });
    // In order, one at a time: a twice (its connection dropped), then b, then c.
    expect(received).toEqual(['a', 'a', 'b', 'c']);
    expect(app.title(2)).toBe('two');
    expect(refused).toHaveLength(1);
    expect(refused[0][1]).toBe(bError);
    expect(app.queue.mutations).toEqual([]);
    await app.queue.flush();
    expect(await storage.read()).toEqual(new Map());
    app.dispose();
  });

  it("a lost connection with onConnectionError 'refuse' rolls back like a refusal", async () => {
    const app = await start(indexedDBStorage('refuse', new IDBFactory()), {
      onConnectionError: 'refuse',
    });
    replies.set('a', ['drop']);
    await expect(app.controller.fetch(update, { id: 1 }, { title: 'a' })).rejects.toThrow();
    expect(received).toEqual(['a']);
    expect(app.title(1)).toBeUndefined();
    expect(app.queue.mutations).toEqual([]);
    app.dispose();
  });

  it('waits longer after each connection lost in a row, up to a ceiling, and says until when', async () => {
    // The random half of each wait at its largest: the waits are then about 40, 80 and 100 ms
    // (without the ceiling, 160).
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const app = await start(indexedDBStorage('backoff', new IDBFactory()), {
      retryDelayMs: 40,
      maxRetryDelayMs: 100,
    });
    replies.set('a', ['drop', 'drop', 'drop']);
    /** Each announced `retryAt`, with the wait it stood for when announced. */
    const announced = new Map<number, number>();
    const sentAt: number[] = [];
    app.queue.subscribe(([mutation]) => {
      if (mutation?.status === 'sending') sentAt.push(Date.now());
      const at = mutation?.retryAt;
      if (at !== undefined && !announced.has(at)) announced.set(at, at - Date.now());
    });
    const a = app.controller.fetch(update, { id: 1 }, { title: 'a' });
    await expect(a).resolves.toMatchObject({ title: 'a (saved)' });
    random.mockRestore();
    expect(received).toEqual(['a', 'a', 'a', 'a']);
    expect(app.queue.mutations).toEqual([]);
    app.dispose();
    const waits = [...announced.values()].map(Math.round);
    expect(waits).toHaveLength(3);
    for (const [i, expected] of [40, 80, 100].entries()) {
      expect(waits[i]).toBeLessThanOrEqual(expected);
      expect(waits[i]).toBeGreaterThan(expected - 5);
    }
    // Each try after a loss came no sooner than it was announced for.
    const retryAts = [...announced.keys()];
    for (let i = 0; i < 3; i++)
      expect(sentAt[i + 1]).toBeGreaterThanOrEqual(Math.floor(retryAts[i]));
  });

  it('shows a mutation that waits for the connection as queued, with its connection error', async () => {
    const app = await start(indexedDBStorage('status', new IDBFactory()), { retryDelayMs: 60_000 });
    replies.set('a', ['drop']);
    const seen: string[] = [];
    app.queue.subscribe((mutations) => seen.push(mutations.map((m) => m.status).join()));
    const a = app.controller.fetch(update, { id: 1 }, { title: 'a' });
    await until(() => app.queue.mutations[0]?.error !== undefined);
    expect(app.queue.mutations[0].status).toBe('queued');
    expect(app.title(1)).toBe('a');
    // Back online (the browser says so): it is tried again at once.
    connect(true);
    await expect(a).resolves.toMatchObject({ title: 'a (saved)' });
    expect(received).toEqual(['a', 'a']);
    expect(seen).toEqual(['', 'queued', 'sending', 'queued', 'sending', '']);
    app.dispose();
  });
});

describe('MutationQueue: offline, then a reload', () => {
  it('keeps what was made offline across a reload, shows it again at start, sends each once when online', async () => {
    const storage = indexedDBStorage('reload', new IDBFactory());
    connect(false);
    const first = await start(storage);
    const made = first.controller.fetch(update, { id: 1 }, { title: 'offline edit' });
    made.catch(() => {});
    expect(first.title(1)).toBe('offline edit');
    expect(first.queue.mutations).toMatchObject([{ name: 'update', status: 'queued' }]);
    await first.queue.flush();
    first.dispose();
    await expect(made).rejects.toMatchObject({ name: 'StoreDisposedError' });
    expect(received).toEqual([]);

    // The next page: a new store and queue on the same storage.
    const second = await start(storage);
    expect(second.restored).toBe(1);
    expect(second.title(1)).toBe('offline edit');
    expect(second.queue.mutations).toMatchObject([
      { name: 'update', args: [{ id: 1 }, { title: 'offline edit' }], status: 'queued' },
    ]);
    connect(true);
    await until(() => second.queue.mutations.length === 0);
    expect(received).toEqual(['offline edit']);
    expect(second.title(1)).toBe('offline edit (saved)');
    await second.queue.flush();
    expect(await storage.read()).toEqual(new Map());
    second.dispose();

    // And a third page sends nothing again.
    const third = await start(storage);
    expect(third.restored).toBe(0);
    third.dispose();
    expect(received).toEqual(['offline edit']);
  });

  it('a waiting update still shows over data fetched after it, and is sent once', async () => {
    const storage = indexedDBStorage('over', new IDBFactory());
    connect(false);
    const app = await start(storage);
    const made = app.controller.fetch(update, { id: 1 }, { title: 'mine' });
    expect(app.title(1)).toBe('mine');
    // Read meanwhile (the browser says offline, but this store does not wait): newer data.
    await app.controller.fetch(getTodo, { id: 1 });
    expect(app.title(1)).toBe('mine');
    await app.controller.fetch(getTodo, { id: 1 });
    expect(app.title(1)).toBe('mine');
    expect(app.queue.mutations).toHaveLength(1);
    connect(true);
    await expect(made).resolves.toMatchObject({ title: 'mine (saved)' });
    expect(received).toEqual(['mine']);
    expect(app.title(1)).toBe('mine (saved)');
    expect(app.controller.getState().optimistic).toEqual([]);
    app.dispose();
  });

  it('data written while it was being sent does not hide it once it waits again', async () => {
    const app = await start(indexedDBStorage('missed', new IDBFactory()), { retryDelayMs: 60_000 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch(
        `${API}/todos/:id`,
        async () => {
          received.push('held, then dropped');
          await held;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const made = app.controller.fetch(update, { id: 1 }, { title: 'mine' });
    await until(() => received.length === 1);
    // Read while it is under way: newer data than its update.
    await app.controller.fetch(getTodo, { id: 1 });
    release();
    await until(() => app.queue.mutations[0]?.error !== undefined);
    await until(() => app.title(1) === 'mine');
    window.dispatchEvent(new Event('online'));
    await expect(made).resolves.toMatchObject({ title: 'mine (saved)' });
    expect(received).toEqual(['held, then dropped', 'mine']);
    app.dispose();
  });

  it('resetEntireStore drops the request under way; its change stays stored for the next start', async () => {
    const storage = indexedDBStorage('reset', new IDBFactory());
    connect(false);
    const first = await start(storage);
    const made = first.controller.fetch(update, { id: 1 }, { title: 'kept' });
    await resetEntireStore(first.controller);
    await expect(made).rejects.toMatchObject({ name: 'ResetError' });
    expect(first.queue.mutations).toEqual([]);
    await first.queue.flush();
    expect(await storedNames(storage)).toEqual(['kept']);
    first.dispose();
    const second = await start(storage);
    expect(second.restored).toBe(1);
    expect(second.title(1)).toBe('kept');
    second.dispose();
  });

  it('works on localStorage too', async () => {
    localStorage.clear();
    connect(false);
    const first = await start(localStorageStorage('queue'));
    first.controller.fetch(update, { id: 4 }, { title: 'kept' }).catch(() => {});
    await first.queue.flush();
    first.dispose();
    const second = await start(localStorageStorage('queue'));
    expect(second.title(4)).toBe('kept');
    connect(true);
    await until(() => second.title(4) === 'kept (saved)');
    expect(received).toEqual(['kept']);
    second.dispose();
  });
});

describe('MutationQueue: cancel and deleted entities', () => {
  it('cancel removes a queued mutation and its optimistic update; its caller rejects', async () => {
    const storage = indexedDBStorage('cancel', new IDBFactory());
    connect(false);
    const app = await start(storage);
    await app.controller.set(Todo, { id: 1 }, { id: 1, title: 'one' });
    const a = app.controller.fetch(update, { id: 1 }, { title: 'a' });
    const b = app.controller.fetch(update, { id: 2 }, { title: 'b' });
    expect(app.title(1)).toBe('a');
    const [first] = app.queue.mutations;
    expect(app.queue.cancel(first.id)).toBe(true);
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    await until(() => app.title(1) === 'one');
    expect(app.queue.cancel(first.id)).toBe(false);
    expect(app.queue.mutations.map((m) => m.args[1].title)).toEqual(['b']);
    await app.queue.flush();
    expect(await storedNames(storage)).toEqual(['b']);
    connect(true);
    await b;
    expect(received).toEqual(['b']);
    app.dispose();
  });

  it('the optimistic update is gone when the caller’s promise rejects', async () => {
    connect(false);
    const app = await start(indexedDBStorage('cancel-order', new IDBFactory()));
    await app.controller.set(Todo, { id: 1 }, { id: 1, title: 'one' });
    const seen = app.controller
      .fetch(update, { id: 1 }, { title: 'mine' })
      .catch(() => [app.title(1), app.controller.getState().optimistic.length]);
    expect(app.title(1)).toBe('mine');
    app.queue.cancel(app.queue.mutations[0].id);
    expect(await seen).toEqual(['one', 0]);
    app.dispose();
  });

  it('at scale: 200 cancelled at once, each caller rejects after its rollback, no watch left', async () => {
    connect(false);
    const app = await start(localStorageStorage('cancel-scale'));
    const watches = vi.spyOn(app.controller, 'subscribe');
    const count = 200;
    const calls = Array.from({ length: count }, (_, id) =>
      app.controller
        .fetch(update, { id }, { title: `t${id}` })
        .catch(() =>
          app.controller.getState().optimistic.some((e) => (e.args[0] as { id: number }).id === id),
        ),
    );
    expect(app.controller.getState().optimistic).toHaveLength(count);
    expect(app.queue.cancelWhere(() => true)).toBe(count);
    expect(new Set(await Promise.all(calls))).toEqual(new Set([false]));
    expect(app.controller.getState().optimistic).toHaveLength(0);
    expect(watches.mock.results.filter((r) => !r.value.closed)).toHaveLength(0);
    app.dispose();
  });

  it('cancelWhere drops the queued updates of an entity about to be deleted', async () => {
    const storage = indexedDBStorage('deleted', new IDBFactory());
    connect(false);
    const app = await start(storage);
    const made = [
      app.controller.fetch(update, { id: 1 }, { title: 'one, renamed' }),
      app.controller.fetch(update, { id: 2 }, { title: 'two, renamed' }),
      app.controller.fetch(update, { id: 1 }, { title: 'one, again' }),
    ];
    for (const promise of made) promise.catch(() => {});
    const dropped = app.queue.cancelWhere((m) => m.name === 'update' && m.args[0].id === 1);
    expect(dropped).toBe(2);
    await until(() => app.title(1) === undefined);
    expect(app.queue.mutations.map((m) => m.args[1].title)).toEqual(['two, renamed']);
    await app.queue.flush();
    expect(await storedNames(storage)).toEqual(['two, renamed']);
    app.dispose();
  });
});

describe('MutationQueue: scopes', () => {
  it('runs the mutations of one scope one at a time, and other scopes meanwhile', async () => {
    const app = await start(indexedDBStorage('scopes', new IDBFactory()), {
      endpoints: {
        update: { endpoint: update, scope: (params: { id: number }) => `todo ${params.id}` },
        remove,
      },
    });
    let release = () => {};
    replies.set('1a', [new Promise<void>((resolve) => (release = resolve))]);
    const one = app.controller.fetch(update, { id: 1 }, { title: '1a' });
    const again = app.controller.fetch(update, { id: 1 }, { title: '1b' });
    const two = app.controller.fetch(update, { id: 2 }, { title: '2a' });
    await two;
    // 1b waits for 1a, held by the server; 2a is another scope, so it went.
    expect(received).toEqual(['1a', '2a']);
    expect(app.queue.mutations.map((m) => [m.scope, m.status])).toEqual([
      ['todo 1', 'sending'],
      ['todo 1', 'queued'],
    ]);
    release();
    await Promise.all([one, again]);
    expect(received).toEqual(['1a', '2a', '1b']);
    app.dispose();
  });

  it('by default every registered mutation is one scope, in the order made', async () => {
    const app = await start(indexedDBStorage('one-scope', new IDBFactory()));
    let release = () => {};
    replies.set('a', [new Promise<void>((resolve) => (release = resolve))]);
    const a = app.controller.fetch(update, { id: 1 }, { title: 'a' });
    const b = app.controller.fetch(update, { id: 2 }, { title: 'b' });
    await until(() => received.length === 1);
    expect(app.queue.mutations.map((m) => m.status)).toEqual(['sending', 'queued']);
    release();
    await Promise.all([a, b]);
    expect(received).toEqual(['a', 'b']);
    app.dispose();
  });
});

describe('MutationQueue: what is not queued, and damaged stored state', () => {
  it('sends an unregistered mutation as usual, with a warning, and does not keep it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = indexedDBStorage('unregistered', new IDBFactory());
    const app = await start(storage);
    await app.controller.fetch(unregistered, { id: 1 }, { title: 'x' });
    await app.controller.fetch(unregistered, { id: 2 }, { title: 'y' });
    expect(app.queue.mutations).toEqual([]);
    await app.queue.flush();
    expect(await storage.read()).toEqual(new Map());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/not a registered endpoint/);
    app.dispose();
  });

  it('drops damaged or foreign stored entries, keeps and replays the sound ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = indexedDBStorage('damaged', new IDBFactory());
    // As a page that is gone stored it.
    const sound = {
      id: '5',
      owner: 'a closed page',
      v: '',
      name: 'update',
      args: [{ id: 1 }, { title: 'sound' }],
      scope: 'queue',
      seq: 5,
    };
    const entry = (id: string, changes: object): [string, unknown] => [
      `mutation:${id}`,
      { ...sound, id, ...changes },
    ];
    await storage.write(
      new Map<string, unknown>([
        entry('5', {}),
        entry('1', { v: 'another version' }),
        entry('2', { name: 'notRegistered' }),
        entry('3', { name: 'constructor' }),
        entry('4', { args: 'not a list' }),
        entry('6', { seq: 'six' }),
        entry('7', { owner: undefined }),
        ['mutation:9', { ...sound, id: 'not its key' }],
        ['mutation:10', null],
        ['something else', sound],
        // Arguments the endpoint cannot make a request of.
        entry('8', { args: [], seq: 8 }),
      ]),
    );
    const app = await start(storage);
    expect(app.restored).toBe(2);
    await until(() => app.queue.mutations.length === 0);
    expect(received).toEqual(['sound']);
    expect(app.title(1)).toBe('sound (saved)');
    await app.queue.flush();
    expect(await storage.read()).toEqual(new Map());
    expect(warn).toHaveBeenCalled();
    app.dispose();
  });

  it('a storage that cannot be read: the queue starts empty and the app works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken: PersistStorage = {
      read: () => Promise.reject(new Error('damaged database')),
      write: () => Promise.reject(new Error('damaged database')),
      clear: () => Promise.resolve(),
    };
    const app = await start(broken);
    expect(app.restored).toBe(0);
    await expect(app.controller.fetch(update, { id: 1 }, { title: 'a' })).resolves.toMatchObject({
      title: 'a (saved)',
    });
    app.dispose();
  });
});

describe('MutationQueue types', () => {
  it('types the queue by its registration map', () => {
    const queue = new MutationQueue({
      storage: localStorageStorage('types'),
      endpoints: {
        update,
        moved: { endpoint: remove, scope: (params: { id: number }) => `${params.id}` },
      },
    });
    type Queued = (typeof queue.mutations)[number];
    expectTypeOf<Queued['name']>().toEqualTypeOf<'update' | 'moved'>();
    // The endpoint's own arguments: its path's params, then the body.
    expectTypeOf<Extract<Queued, { name: 'update' }>['args']>().toEqualTypeOf<
      Readonly<Parameters<typeof update>>
    >();
    expectTypeOf<Extract<Queued, { name: 'moved' }>['args'][0]>().toEqualTypeOf<{
      id: string | number;
    }>();
    expectTypeOf(queue.cancelWhere).parameter(0).parameter(0).toEqualTypeOf<Queued>();
    expectTypeOf(queue.cancel).parameter(0).toBeString();
    expectTypeOf<QueuedMutation>().toHaveProperty('status').toEqualTypeOf<'queued' | 'sending'>();
    // @ts-expect-error: a registration is an endpoint or { endpoint, scope }
    new MutationQueue({ storage: localStorageStorage('types'), endpoints: { update: 'update' } });
    new MutationQueue({
      storage: localStorageStorage('types'),
      // @ts-expect-error: a scope is a string or a function to one
      endpoints: { update: { endpoint: update, scope: 3 } },
    });
    // @ts-expect-error: only a registered name
    queue.cancelWhere((m) => m.name === 'unknown');
  });
});
