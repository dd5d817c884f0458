import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastModified, startHttpServer, type TestServer } from '../../test/httpServer';
import { HttpSemanticsManager, RetryAfterError } from '../http';
import { PersistManager, type PersistStorage, TabSyncManager } from '../persist';
import { NetworkError, RestEndpoint } from '../rest';
import { Collection, Entity } from '../schema';
import type { Manager } from '../store';
import { setResponse } from '../store';
import { gcAction } from '../store/writeCache';
import { createStore } from './createStore';
import { RetryManager } from './RetryManager';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
class Note extends Entity {
  id = 0;
  text = '';
  static override key = 'Note';
}

let processed = 0;

function endpoints(urlPrefix: string) {
  return {
    getTodos: new RestEndpoint({
      urlPrefix,
      path: '/todos',
      schema: [Todo],
      process(value: Todo[]) {
        processed++;
        return value;
      },
    }),
    getNote: new RestEndpoint({ urlPrefix, path: '/notes/:id', schema: Note }),
    getTodoList: new RestEndpoint({
      urlPrefix,
      path: '/todos',
      searchParams: {} as { cursor?: string },
      schema: new Collection([Todo]),
      paginationField: 'cursor',
    }),
    getLimited: new RestEndpoint({ urlPrefix, path: '/limited' }),
    createTodo: new RestEndpoint({
      urlPrefix,
      path: '/todos',
      method: 'POST',
      body: { title: '' },
    }),
  };
}

let server: TestServer;
let getTodos: ReturnType<typeof endpoints>['getTodos'];
let getNote: ReturnType<typeof endpoints>['getNote'];
let getTodoList: ReturnType<typeof endpoints>['getTodoList'];
let getLimited: ReturnType<typeof endpoints>['getLimited'];
let createTodo: ReturnType<typeof endpoints>['createTodo'];

beforeAll(async () => {
  server = await startHttpServer();
  ({ getTodos, getNote, getTodoList, getLimited, createTodo } = endpoints(server.url));
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  server.todos = [{ id: 1, title: 'one' }];
  server.version = 1;
  server.cacheControl = undefined;
  server.etags = true;
  server.limit = { remaining: 0, status: 429, retryAfter: '1' };
  processed = 0;
});

const stores: { dispose(): void }[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

function storeWith(...managers: Manager[]) {
  const store = createStore({ managers: [...managers, new HttpSemanticsManager()] });
  stores.push(store);
  return store;
}

const sent = (path: string) => server.seen.filter((each) => each.path === path);

/** Counts the timers set for longer than `ms` from now on: `made()` of them, `alive()` not cleared. */
function longTimers(ms: number) {
  const created = vi.spyOn(globalThis, 'setTimeout');
  const cleared = vi.spyOn(globalThis, 'clearTimeout');
  const made = () =>
    created.mock.results
      .filter((_, call) => (created.mock.calls[call][1] ?? 0) > ms)
      .map(({ value }) => value);
  return {
    made,
    alive: () => made().filter((timer) => !cleared.mock.calls.some(([each]) => each === timer)),
    restore() {
      created.mockRestore();
      cleared.mockRestore();
    },
  };
}

describe('conditional requests', () => {
  it('a refetch asks with If-None-Match; the 304 keeps the stored result as it is and renews its expiry', async () => {
    const { controller } = storeWith();
    const first = await controller.fetch(getTodos);
    const before = controller.getResponse(getTodos);
    const emitted: unknown[] = [];
    const reading = controller.select(getTodos).subscribe((selection) => {
      emitted.push(selection.data);
    });
    const written: number[] = [];
    const changes = controller.changes$.subscribe(({ changes }) => {
      written.push(changes.entities.size);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await controller.fetch(getTodos);

    expect(sent('/todos').map((each) => [each.headers['if-none-match'], each.status])).toEqual([
      [undefined, 200],
      ['"v1"', 304],
    ]);
    // The same object for the caller and for readers: nothing parsed, nothing normalized.
    expect(second).toBe(first);
    expect(new Set(emitted)).toEqual(new Set([first]));
    expect(processed).toBe(1);
    expect(written.every((size) => size === 0)).toBe(true);
    expect(controller.getResponse(getTodos).expiresAt).toBeGreaterThan(before.expiresAt);
    reading.unsubscribe();
    changes.unsubscribe();
  });

  it('a changed resource answers 200 with its new ETag, which the next refetch sends', async () => {
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    server.todos = [...server.todos, { id: 2, title: 'two' }];
    server.version = 2;
    const changed = await controller.fetch(getTodos);
    const again = await controller.fetch(getTodos);
    expect(changed.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(again).toBe(changed);
    expect(sent('/todos').map((each) => [each.headers['if-none-match'], each.status])).toEqual([
      [undefined, 200],
      ['"v1"', 200],
      ['"v2"', 304],
    ]);
  });

  it('a 200 without an ETag leaves nothing to ask with: the next refetch is a plain one', async () => {
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    server.etags = false;
    server.version = 2;
    await controller.fetch(getTodos);
    server.etags = true;
    await controller.fetch(getTodos);
    expect(sent('/todos').map((each) => each.headers['if-none-match'])).toEqual([
      undefined,
      '"v1"',
      undefined,
    ]);
  });

  it('Last-Modified: a refetch asks with If-Modified-Since', async () => {
    const { controller } = storeWith();
    const first = await controller.fetch(getNote, { id: 7 });
    const second = await controller.fetch(getNote, { id: 7 });
    expect(second).toBe(first);
    expect(
      sent('/notes/7').map((each) => [each.headers['if-modified-since'], each.status]),
    ).toEqual([
      [undefined, 200],
      [lastModified(1), 304],
    ]);
  });

  it('asks unconditionally when the store no longer holds what the validator stands for', async () => {
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    await controller.invalidate(getTodos);
    await controller.fetch(getTodos);
    // Written by something else since (a setResponse): its validator is not that result's.
    await setResponse(controller, getTodos, [{ id: 9, title: 'local' }]);
    const fetched = await controller.fetch(getTodos);
    expect(fetched.map((todo) => todo.id)).toEqual([1]);
    expect(sent('/todos').map((each) => each.headers['if-none-match'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('asks unconditionally when an entity of the stored result was evicted since: a 304 could not restore it', async () => {
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    await controller.dispatch(gcAction([], [{ key: 'Todo', pk: '1' }]));
    const fetched = await controller.fetch(getTodos);
    expect(fetched.map((todo) => todo.title)).toEqual(['one']);
    expect(sent('/todos').map((each) => [each.headers['if-none-match'], each.status])).toEqual([
      [undefined, 200],
      [undefined, 200],
    ]);
  });

  it('a page (appended to its list) is fetched again in full: a 304 would not append it again', async () => {
    const { controller } = storeWith();
    await controller.fetch(getTodoList);
    await controller.fetch(getTodoList.getPage, { cursor: '2' });
    await controller.fetch(getTodoList.getPage, { cursor: '2' });
    // The list itself is conditional; its pages are not.
    await controller.fetch(getTodoList);
    expect(sent('/todos?cursor=2').map((each) => each.headers['if-none-match'])).toEqual([
      undefined,
      undefined,
    ]);
    expect(sent('/todos').map((each) => each.headers['if-none-match'])).toEqual([
      undefined,
      '"v1"',
    ]);
  });

  it('without the manager, no request is conditional', async () => {
    const store = createStore();
    stores.push(store);
    await store.controller.fetch(getTodos);
    await store.controller.fetch(getTodos);
    expect(sent('/todos').map((each) => each.headers['if-none-match'])).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('Cache-Control and Expires', () => {
  it('max-age sets how long the result is fresh (less its Age); a 304 renews it by the same', async () => {
    server.cacheControl = 'public, max-age=120';
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    const { date } = controller.getState().meta[getTodos.key()];
    expect(controller.getResponse(getTodos).expiresAt).toBe(date + 120_000);
    server.cacheControl = undefined;
    await controller.fetch(getTodos);
    const renewed = controller.getState().meta[getTodos.key()];
    expect(sent('/todos').at(-1)?.status).toBe(304);
    expect(renewed.expiresAt).toBe(renewed.date + 120_000);
  });

  it('no-cache makes the result stale at once; the endpoint’s own dataExpiryLength wins', async () => {
    server.cacheControl = 'no-cache';
    const { controller } = storeWith();
    await controller.fetch(getTodos);
    const meta = controller.getState().meta[getTodos.key()];
    expect(meta.expiresAt).toBe(meta.date);
    const ownLifetime = getTodos.extend({ dataExpiryLength: 5_000 });
    await controller.fetch(ownLifetime);
    const own = controller.getState().meta[getTodos.key()];
    expect(own.expiresAt).toBe(own.date + 5_000);
  });

  it('no-store keeps the result out of persistence, other results stay', async () => {
    const stored = new Map<string, unknown>();
    const storage: PersistStorage = {
      read: async () => new Map(stored),
      write: async (entries) => {
        for (const [key, value] of entries) {
          if (value === undefined) stored.delete(key);
          else stored.set(key, value);
        }
      },
      clear: async () => stored.clear(),
    };
    const persist = new PersistManager({ storage, throttleMs: 0 });
    const { controller } = storeWith(persist);
    server.cacheControl = 'no-store';
    await controller.fetch(getTodos);
    server.cacheControl = undefined;
    await controller.fetch(getNote, { id: 1 });
    await persist.flush();
    const names = [...stored.keys()];
    expect(names).toContain(JSON.stringify(['endpoints', getNote.key({ id: 1 })]));
    expect(names).not.toContain(JSON.stringify(['endpoints', getTodos.key()]));
  });

  it('no-store keeps the result out of other tabs, other results reach them', async () => {
    const here = storeWith(new TabSyncManager({ channel: 'http-no-store' }));
    const there = createStore({ managers: [new TabSyncManager({ channel: 'http-no-store' })] });
    stores.push(there);
    server.cacheControl = 'no-store';
    await here.controller.fetch(getTodos);
    server.cacheControl = undefined;
    await here.controller.fetch(getNote, { id: 1 });
    while (there.controller.getResponse(getNote, { id: 1 }).data === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Object.keys(there.controller.getState().endpoints)).toEqual([getNote.key({ id: 1 })]);
  });
});

describe('stale-while-revalidate', () => {
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('a stale result is shown within the window; past it the next reader waits, and the refetch is still conditional', async () => {
    server.cacheControl = 'max-age=0, stale-while-revalidate=1';
    const { controller } = storeWith();
    const first = await controller.fetch(getTodos);
    // Stale at once, still shown (and fetched again) within the window.
    const within = controller.getSelection(getTodos);
    expect(within.data).toBe(first);
    expect(within.expiresAt).toBe(controller.getState().meta[getTodos.key()].date);
    // Past the window: dropped, a reader shows nothing until the refetch lands.
    await until(() => controller.getSelection(getTodos).data === undefined);
    const past = await controller.fetch(getTodos);
    expect(sent('/todos').map((each) => [each.headers['if-none-match'], each.status])).toEqual([
      [undefined, 200],
      ['"v1"', 304],
    ]);
    expect(past).toBe(first);
    expect(processed).toBe(1);
  });

  it('a result on screen is left as it is shown; one nobody reads is dropped', async () => {
    server.cacheControl = 'max-age=0, stale-while-revalidate=1';
    const { controller } = storeWith();
    const shown = await controller.fetch(getTodos);
    await controller.fetch(getNote, { id: 3 });
    const reading = controller.select(getTodos).subscribe(() => {});
    await until(() => controller.getSelection(getNote, { id: 3 }).data === undefined);
    expect(controller.getSelection(getTodos).data).toBe(shown);
    reading.unsubscribe();
  });

  // A hang guard (2,000 real requests), not a speed limit.
  it('2,000 results in their window hold one timer, none after dispose', {
    timeout: 120_000,
  }, async () => {
    server.cacheControl = 'max-age=60, stale-while-revalidate=60';
    const timers = longTimers(60_000);
    const store = createStore({ managers: [new HttpSemanticsManager()] });
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          store.controller.fetch(getNote, { id: batch * 100 + i }),
        ),
      );
    }
    expect(timers.made()).toHaveLength(1);
    store.dispose();
    const alive = timers.alive();
    timers.restore();
    expect(alive).toEqual([]);
  });
});

describe('Retry-After', () => {
  it('a 429 fails with a RetryAfterError naming retryAt; the origin waits until then, and the refused read is fetched again', async () => {
    server.limit = { remaining: 1, status: 429, retryAfter: '1' };
    const http = new HttpSemanticsManager();
    const store = createStore({ managers: [http] });
    stores.push(store);
    const { controller } = store;
    const refused = await controller.fetch(getLimited).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryAfterError);
    expect(refused).toBeInstanceOf(NetworkError);
    const { retryAt, status } = refused as RetryAfterError;
    expect(status).toBe(429);
    expect(http.retryAt).toEqual(new Map([[new URL(server.url).origin, retryAt]]));
    expect((refused as Error).message).toContain(new Date(retryAt).toISOString());
    // Readers see it, and it stays until the origin opens (no refetch before).
    expect(controller.getSelection(getLimited).error).toBe(refused);
    expect(controller.getSelection(getLimited).expiresAt).toBe(retryAt);
    // A request to that origin meanwhile waits, then goes with the refused read, once each.
    const later = controller.fetch(getTodos);
    const refetched = new Promise<void>((resolve) => {
      const watching = controller.select(getLimited).subscribe(({ data }) => {
        if (data === undefined) return;
        resolve();
        queueMicrotask(() => watching.unsubscribe());
      });
    });
    expect(sent('/todos')).toEqual([]);
    await later;
    await refetched;
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
    expect(sent('/limited').map((each) => each.status)).toEqual([429, 200]);
    expect(sent('/todos').map((each) => each.status)).toEqual([200]);
    expect(http.retryAt.size).toBe(0);
  });

  it('a 503 with a RetryManager: its retry waits for the origin instead of its own backoff', async () => {
    server.limit = { remaining: 1, status: 503, retryAfter: '1' };
    const { controller } = storeWith(
      new RetryManager({ retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }),
    );
    const started = Date.now();
    await expect(controller.fetch(getLimited)).resolves.toEqual({ ok: true });
    const [first, second] = sent('/limited');
    expect([first.status, second.status]).toEqual([503, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('a mutation sees the RetryAfterError too, and one made while the origin waits is sent after', async () => {
    server.limit = { remaining: 1, status: 429, retryAfter: '1', path: '/todos' };
    const { controller } = storeWith();
    const refused = await controller
      .fetch(createTodo, { title: 'first' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryAfterError);
    const { retryAt } = refused as RetryAfterError;
    await expect(controller.fetch(createTodo, { title: 'second' })).resolves.toMatchObject({
      title: 'second',
    });
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
    expect(sent('/todos').map((each) => each.status)).toEqual([429, 201]);
  });

  // A hang guard (10,000 calls), not a speed limit.
  it('10,000 calls waiting for one origin hold one timer, none after dispose', {
    timeout: 120_000,
  }, async () => {
    server.limit = { remaining: 1, status: 429, retryAfter: '60' };
    const timers = longTimers(30_000);
    const http = new HttpSemanticsManager();
    const store = createStore({ managers: [http] });
    const { controller } = store;
    await controller.fetch(getLimited).catch(() => {});
    // Mutations: each its own request (reads of 10,000 keys would time the store's in-flight
    // record, not this wait).
    const waiting = Array.from({ length: 10_000 }, (_, id) =>
      controller.fetch(createTodo, { title: `${id}` }).catch((error: unknown) => error),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // The origin's wait (a minute) is the only long timer, whatever waits for it.
    expect(timers.made()).toHaveLength(1);
    expect(http.retryAt.size).toBe(1);
    expect(sent('/todos')).toEqual([]);
    store.dispose();
    const alive = timers.alive();
    timers.restore();
    expect(alive).toEqual([]);
    expect(http.retryAt.size).toBe(0);
    const outcomes = await Promise.all(waiting);
    expect(outcomes.every((outcome) => (outcome as Error).name === 'StoreDisposedError')).toBe(
      true,
    );
    expect(sent('/todos')).toEqual([]);
  });
});
