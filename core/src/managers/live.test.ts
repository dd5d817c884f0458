// Live data against real servers: Server-Sent Events on node:http and a `ws` WebSocket server,
// read through `controller.keepLive` (what live readers call). Node 20 has neither EventSource nor
// WebSocket: the transports take the `eventsource` and `ws` clients.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  type LiveServer,
  startLiveServer,
  type TodoRow,
  trackManagerTimers,
} from '../../../tests/support/liveServer';
import { RestEndpoint } from '../rest/RestEndpoint';
import { Collection } from '../schema/Collection';
import { Entity } from '../schema/Entity';
import { Invalidate } from '../schema/Invalidate';
import { SchemaError } from '../schema/SchemaError';
import { createStore } from './createStore';
import { LiveManager, type LiveStatus } from './LiveManager';
import type { LiveTransport } from './liveTransport';
import { olderBy } from './olderBy';
import { type SseTransportOptions, sseTransport } from './sseTransport';
import { webSocketTransport } from './webSocketTransport';

// Imported by a name TypeScript does not follow: the package's `source` export is TypeScript
// that does not check under this repo's settings.
const eventsource = 'eventsource';
const { EventSource } = (await import(/* @vite-ignore */ eventsource)) as {
  EventSource: NonNullable<SseTransportOptions['EventSource']>;
};

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  version = 0;
  static override shouldReorder = olderBy('version');
}

const seed: TodoRow[] = [
  { id: 1, title: 'one', completed: false, version: 1 },
  { id: 2, title: 'two', completed: false, version: 1 },
];

let server: LiveServer;
/** Stores a test made: disposed after it, also when it failed half way. */
const stores: { dispose(): void }[] = [];
/** Retries `check` until it passes (servers and sockets need a moment). */
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
beforeEach(async () => {
  server = await startLiveServer(seed);
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.dispose();
  await server.stop();
});

function endpoints(url: string) {
  const getTodos = new RestEndpoint({
    urlPrefix: url,
    path: '/todos',
    schema: [Todo],
    // Messages on `todos` carry one changed todo, or the id of a deleted one.
    live: { topic: 'todos', schema: { updated: Todo, deleted: new Invalidate(Todo) } },
  });
  const getTodo = new RestEndpoint({
    urlPrefix: url,
    path: '/todos/:id',
    schema: Todo,
    // Messages on `todo/1` are the whole todo: the endpoint's result.
    live: { topic: ({ id }) => `todo/${id}` },
  });
  const update = new RestEndpoint({
    urlPrefix: url,
    path: '/todos/:id',
    method: 'PATCH',
    body: {} as Partial<TodoRow>,
    schema: Todo,
    getOptimisticResponse: (_snap, { id }, body) => ({ id, ...body }),
  });
  return { getTodos, getTodo, update };
}

const sse = (url: string) =>
  sseTransport({
    url: (topic) => `${url}/events?topic=${encodeURIComponent(topic)}`,
    EventSource,
  });
const ws = (url: string) => webSocketTransport({ url, WebSocket });

function liveStore(transport: LiveTransport, options: { onError?: (e: unknown) => void } = {}) {
  const live = new LiveManager({
    transport,
    reconnect: { baseDelayMs: 5, maxDelayMs: 40 },
    ...options,
  });
  const store = createStore({ managers: [live] });
  stores.push(store);
  const statuses: LiveStatus[] = [];
  live.subscribe((status) => statuses.push(status));
  return { ...store, live, statuses };
}

describe('LiveManager over Server-Sent Events (node:http)', () => {
  it('the first reader opens the stream, pushes update every reader, the last reader closes it', async () => {
    const timers = trackManagerTimers();
    try {
      const { controller, live, statuses, dispose } = liveStore(sse(server.url));
      const { getTodos, getTodo } = endpoints(server.url);
      await controller.fetch(getTodos);
      const releaseA = controller.keepLive(getTodos);
      const releaseB = controller.keepLive(getTodos);
      const releaseOne = controller.keepLive(getTodo, { id: 1 });
      await eventually(() => expect(live.status).toBe('open'));
      // One stream per topic, however many readers.
      expect(server.streams('todos')).toBe(1);
      expect(server.streams('todo/1')).toBe(1);
      expect(live.topics().sort()).toEqual(['todo/1', 'todos']);

      server.push('todos', { updated: { id: 2, title: 'two, pushed', version: 2 } });
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[1].title).toBe('two, pushed'),
      );
      // A whole result for its key.
      server.push('todo/1', { id: 1, title: 'one, pushed', completed: true, version: 2 });
      await eventually(() =>
        expect(controller.getResponse(getTodo, { id: 1 }).data?.title).toBe('one, pushed'),
      );
      // The entity is shared: the list shows it too.
      expect(controller.getResponse(getTodos).data?.[0].completed).toBe(true);
      server.push('todos', { deleted: 2 });
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.map((todo) => todo.id)).toEqual([1]),
      );
      expect(server.requests).toEqual(['GET /todos']);

      releaseA();
      expect(server.streams('todos')).toBe(1);
      releaseB();
      releaseOne();
      await eventually(() => expect(server.streams()).toBe(0));
      expect(live.topics()).toEqual([]);
      expect(live.status).toBe('idle');
      expect(statuses).toEqual(['idle', 'connecting', 'open', 'idle']);
      expect(timers.pending()).toBe(0);
      dispose();
    } finally {
      timers.restore();
    }
  });

  it('reconnects with backoff when the server drops streams or restarts, and refetches what it missed', async () => {
    const timers = trackManagerTimers();
    try {
      const { controller, live, statuses, dispose } = liveStore(sse(server.url));
      const { getTodos } = endpoints(server.url);
      await controller.fetch(getTodos);
      const release = controller.keepLive(getTodos);
      await eventually(() => expect(server.streams('todos')).toBe(1));

      // Dropped: reconnects, and fetches the list again (a change may have been missed).
      server.todos.set(1, { id: 1, title: 'changed while away', completed: false, version: 2 });
      server.drop();
      await eventually(() => expect(statuses).toContain('reconnecting'));
      await eventually(() => expect(server.streams('todos')).toBe(1));
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[0].title).toBe('changed while away'),
      );
      expect(server.requests).toEqual(['GET /todos', 'GET /todos']);

      // Stopped: attempts fail (a growing delay) until it listens again on the same port.
      await server.stop();
      await eventually(() => expect(timers.created()).toBeGreaterThan(3));
      expect(live.status).toBe('reconnecting');
      server.todos.set(2, { id: 2, title: 'changed while down', completed: true, version: 2 });
      await server.start();
      await eventually(() => expect(live.status).toBe('open'));
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[1].title).toBe('changed while down'),
      );
      server.push('todos', { updated: { id: 2, title: 'pushed after restart', version: 3 } });
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[1].title).toBe('pushed after restart'),
      );
      expect(statuses).toContain('reconnecting');

      // Leaving while a reconnection waits cancels it.
      await server.stop();
      await eventually(() => expect(timers.pending()).toBe(1));
      release();
      expect(timers.pending()).toBe(0);
      expect(live.status).toBe('idle');
      await server.start();
      dispose();
    } finally {
      timers.restore();
    }
  });

  it('a push older than the stored data (by version) does not overwrite it', async () => {
    const { controller, dispose } = liveStore(sse(server.url));
    const { getTodos } = endpoints(server.url);
    await controller.fetch(getTodos);
    const release = controller.keepLive(getTodos);
    await eventually(() => expect(server.streams('todos')).toBe(1));
    server.push('todos', { updated: { id: 1, title: 'version 3', version: 3 } });
    server.push('todos', { updated: { id: 1, title: 'version 2, late', version: 2 } });
    server.push('todos', { updated: { id: 2, title: 'marker', version: 2 } });
    await eventually(() => expect(controller.getResponse(getTodos).data?.[1].title).toBe('marker'));
    expect(controller.getResponse(getTodos).data?.[0]).toMatchObject({
      title: 'version 3',
      version: 3,
    });
    // A response fetched after the push, but holding older data, does not undo it either.
    await controller.fetch(getTodos);
    expect(controller.getResponse(getTodos).data?.[0].title).toBe('version 3');
    release();
    dispose();
  });

  it('a push during an optimistic update composes with it as a server response does', async () => {
    // Two stores: in one the change comes as a push, in the other as a GET response.
    const pushed = liveStore(sse(server.url));
    const fetched = liveStore(sse(server.url));
    const { getTodos, getTodo, update } = endpoints(server.url);
    await pushed.controller.fetch(getTodos);
    await fetched.controller.fetch(getTodos);
    const release = pushed.controller.keepLive(getTodos);
    await eventually(() => expect(server.streams('todos')).toBe(1));
    // Both stores save through the one server: their responses' versions differ.
    const todo = (store: typeof pushed) => {
      const first = store.controller.getResponse(getTodos).data?.[0];
      return first && { title: first.title, completed: first.completed };
    };
    const renamed = (version: number, title: string) => {
      server.todos.set(1, { ...(server.todos.get(1) as TodoRow), title, version });
      server.push('todos', { updated: server.todos.get(1) });
      return fetched.controller.fetch(getTodo, { id: 1 });
    };

    // Saved: the update is shown at once, the change made meanwhile lands as a response does,
    // and the update's own response (the newest version) ends it.
    let settle = server.holdPatches();
    const saves = [pushed, fetched].map((store) =>
      store.controller.fetch(update, { id: 1 }, { completed: true }),
    );
    expect(todo(pushed)?.completed).toBe(true);
    await renamed(2, 'renamed');
    await eventually(() => expect(todo(pushed)?.title).toBe('renamed'));
    expect(todo(pushed)).toEqual(todo(fetched));
    settle('save');
    await Promise.all(saves);
    expect(todo(pushed)).toMatchObject({ title: 'renamed', completed: true });
    expect(todo(pushed)).toEqual(todo(fetched));

    // Failed: the update rolls back to the pushed data, not to what was there before the push.
    settle = server.holdPatches();
    const failures = [pushed, fetched].map((store) =>
      store.controller.fetch(update, { id: 1 }, { completed: false }),
    );
    await renamed(9, 'renamed again');
    await eventually(() => expect(todo(pushed)?.title).toBe('renamed again'));
    expect(todo(pushed)).toEqual(todo(fetched));
    settle('fail');
    for (const failure of failures) await expect(failure).rejects.toThrow();
    expect(todo(pushed)).toEqual({ title: 'renamed again', completed: true });
    expect(todo(pushed)).toEqual(todo(fetched));
    release();
    pushed.dispose();
    fetched.dispose();
  });

  it('a message that is not JSON, or does not fit its schema, is reported and dropped', async () => {
    const errors: unknown[] = [];
    const { controller, dispose } = liveStore(sse(server.url), {
      onError: (error) => errors.push(error),
    });
    const { getTodos } = endpoints(server.url);
    await controller.fetch(getTodos);
    const release = controller.keepLive(getTodos);
    await eventually(() => expect(server.streams('todos')).toBe(1));
    const before = controller.getResponse(getTodos).data;
    server.pushRaw('todos', '{not json');
    server.push('todos', { updated: { title: 'no id' } });
    await eventually(() => expect(errors).toHaveLength(2));
    expect(errors[0]).toBeInstanceOf(SyntaxError);
    expect(controller.getResponse(getTodos).data).toBe(before);
    release();
    dispose();
  });
  it('a pushed creation joins the list once, also when the list holds it already', async () => {
    const list = new Collection([Todo]);
    const getList = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos',
      schema: list,
      live: {
        topic: 'todos',
        schema: { updated: Todo, deleted: new Invalidate(Todo), created: list.push },
      },
    });
    const { controller } = liveStore(sse(server.url));
    await controller.fetch(getList);
    const release = controller.keepLive(getList);
    await eventually(() => expect(server.streams('todos')).toBe(1));
    const titles = () => controller.getResponse(getList).data?.map(({ id, title }) => [id, title]);
    server.push('todos', { created: { id: 3, title: 'three', version: 1 } });
    await eventually(() => expect(titles()).toHaveLength(3));
    // This page made 4 (its POST's answer came first), then hears of it from the server.
    await controller.set(list.push, {}, { id: 4, title: 'four', version: 1 });
    server.push('todos', { created: { id: 4, title: 'four', version: 1 } });
    server.push('todos', { created: { id: 3, title: 'three, again', version: 2 } });
    await eventually(() => expect(titles()?.[2]).toEqual([3, 'three, again']));
    expect(titles()).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three, again'],
      [4, 'four'],
    ]);
    expect(server.requests).toEqual(['GET /todos']);
    release();
  });

  it('data that is null, or not an object, is reported and dropped; the next message is written', async () => {
    const errors: unknown[] = [];
    const { controller } = liveStore(sse(server.url), { onError: (error) => errors.push(error) });
    const { getTodos } = endpoints(server.url);
    await controller.fetch(getTodos);
    const release = controller.keepLive(getTodos);
    await eventually(() => expect(server.streams('todos')).toBe(1));
    const before = controller.getResponse(getTodos).data;
    for (const text of ['null', '42', '[1,2,3]', '"text"']) server.pushRaw('todos', text);
    server.push('todos', { updated: { id: 1, title: 'after the bad ones', version: 2 } });
    await eventually(() =>
      expect(controller.getResponse(getTodos).data?.[0].title).toBe('after the bad ones'),
    );
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toBeInstanceOf(SchemaError);
    expect((errors[0] as SchemaError).message).toMatch(/^\{updated, deleted\}: expected an object/);
    expect(controller.getResponse(getTodos).data?.[1]).toBe(before?.[1]);
    release();
  });
});

describe('LiveManager over WebSocket (ws)', () => {
  it('a frame that is not a message (null, a number, a list, text) is reported and dropped; live data goes on', async () => {
    const errors: unknown[] = [];
    const { controller, live } = liveStore(ws(server.wsUrl), {
      onError: (error) => errors.push(error),
    });
    const { getTodos } = endpoints(server.url);
    await controller.fetch(getTodos);
    const release = controller.keepLive(getTodos);
    await eventually(() => expect(server.received).toHaveLength(1));
    for (const text of ['null', '[1,2,3]', '42', '"text"', '{"data":{}}', '{"topic":"todos"}']) {
      server.pushRaw('todos', text);
    }
    server.push('todos', { updated: { id: 2, title: 'after the bad frames', version: 2 } });
    await eventually(() =>
      expect(controller.getResponse(getTodos).data?.[1].title).toBe('after the bad frames'),
    );
    expect(errors).toHaveLength(6);
    for (const error of errors) {
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(
        /^A live message must be an object \{ topic, data \}/,
      );
    }
    expect((errors[0] as Error).message).toMatch(/\(got null\)$/);
    expect(live.status).toBe('open');
    // The same socket: nothing dropped it.
    expect(server.sockets()).toBe(1);
    release();
  });

  it('a throwing onMessage is reported, and the next message still reaches it', async () => {
    const errors: unknown[] = [];
    const seen: unknown[] = [];
    const live = new LiveManager({
      transport: ws(server.wsUrl),
      onError: (error) => errors.push(error),
      onMessage(message) {
        seen.push(message.data);
        if (seen.length === 1) throw new RangeError('mapping failed');
        return false;
      },
    });
    const store = createStore({ managers: [live] });
    stores.push(store);
    const { getTodos } = endpoints(server.url);
    await store.controller.fetch(getTodos);
    const release = store.controller.keepLive(getTodos);
    await eventually(() => expect(server.received).toHaveLength(1));
    server.push('todos', { updated: { id: 1, title: 'first', version: 2 } });
    // A topic alone reaches onMessage (a "something changed" ping); unmapped, it is no message.
    server.pushRaw('todos', '{"topic":"todos"}');
    server.push('todos', { updated: { id: 1, title: 'second', version: 3 } });
    await eventually(() =>
      expect(store.controller.getResponse(getTodos).data?.[0].title).toBe('second'),
    );
    expect(seen).toEqual([
      { updated: { id: 1, title: 'first', version: 2 } },
      undefined,
      { updated: { id: 1, title: 'second', version: 3 } },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toEqual(new RangeError('mapping failed'));
    expect((errors[1] as Error).message).toMatch(/^A live message must be an object/);
    release();
  });

  it('one socket carries every topic: subscribe and unsubscribe messages follow the readers', async () => {
    const timers = trackManagerTimers();
    try {
      const { controller, live, dispose } = liveStore(ws(server.wsUrl));
      const { getTodos, getTodo } = endpoints(server.url);
      await controller.fetch(getTodos);
      const releaseList = controller.keepLive(getTodos);
      const releaseOne = controller.keepLive(getTodo, { id: 1 });
      const releaseOneAgain = controller.keepLive(getTodo, { id: 1 });
      await eventually(() => expect(server.received).toHaveLength(2));
      expect(server.sockets()).toBe(1);
      expect(server.received).toEqual([
        { type: 'subscribe', topic: 'todos' },
        { type: 'subscribe', topic: 'todo/1' },
      ]);
      server.push('todos', { updated: { id: 1, title: 'over ws', version: 2 } });
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[0].title).toBe('over ws'),
      );

      releaseOne();
      releaseOneAgain();
      await eventually(() => expect(server.received).toHaveLength(3));
      expect(server.received[2]).toEqual({ type: 'unsubscribe', topic: 'todo/1' });
      expect(server.sockets()).toBe(1);
      releaseList();
      await eventually(() => expect(server.sockets()).toBe(0));
      expect(live.status).toBe('idle');
      expect(timers.pending()).toBe(0);
      dispose();
    } finally {
      timers.restore();
    }
  });

  it('after a drop or a restart, subscribes to every topic again and refetches them', async () => {
    const { controller, live, dispose } = liveStore(ws(server.wsUrl));
    const { getTodos, getTodo } = endpoints(server.url);
    await controller.fetch(getTodos);
    await controller.fetch(getTodo, { id: 2 });
    const releaseList = controller.keepLive(getTodos);
    const releaseTwo = controller.keepLive(getTodo, { id: 2 });
    await eventually(() => expect(server.received).toHaveLength(2));

    server.drop();
    await eventually(() => expect(server.received).toHaveLength(4));
    expect(
      server.received
        .slice(2)
        .map(({ topic }) => topic)
        .sort(),
    ).toEqual(['todo/2', 'todos']);
    await eventually(() => expect(server.requests).toHaveLength(4));
    expect(server.requests.slice(2).sort()).toEqual(['GET /todos', 'GET /todos/2']);

    await server.stop();
    await eventually(() => expect(live.status).toBe('reconnecting'));
    await server.start();
    await eventually(() => expect(server.received).toHaveLength(6));
    await eventually(() => expect(live.status).toBe('open'));
    server.push('todo/2', { id: 2, title: 'whole result', completed: true, version: 5 });
    await eventually(() =>
      expect(controller.getResponse(getTodo, { id: 2 }).data?.title).toBe('whole result'),
    );
    releaseList();
    releaseTwo();
    await eventually(() => expect(server.sockets()).toBe(0));
    dispose();
  });

  it('messages arriving out of order keep the newest version', async () => {
    const { controller, dispose } = liveStore(ws(server.wsUrl));
    const { getTodos } = endpoints(server.url);
    await controller.fetch(getTodos);
    const release = controller.keepLive(getTodos);
    await eventually(() => expect(server.received).toHaveLength(1));
    for (const version of [4, 2, 3]) {
      server.push('todos', { updated: { id: 2, title: `v${version}`, version } });
    }
    server.push('todos', { updated: { id: 1, title: 'marker', version: 2 } });
    await eventually(() => expect(controller.getResponse(getTodos).data?.[0].title).toBe('marker'));
    expect(controller.getResponse(getTodos).data?.[1].title).toBe('v4');
    release();
    dispose();
  });

  it('a socket that cannot even start is reported and tried again, until nobody reads', async () => {
    const timers = trackManagerTimers();
    try {
      const errors: unknown[] = [];
      const { controller, live } = liveStore(ws('not a url'), {
        onError: (error) => errors.push(error),
      });
      const release = controller.keepLive(endpoints(server.url).getTodos);
      expect(live.status).toBe('reconnecting');
      await eventually(() => expect(errors.length).toBeGreaterThan(1));
      expect(errors[0]).toBeInstanceOf(SyntaxError);
      release();
      expect(timers.pending()).toBe(0);
      expect(live.status).toBe('idle');
    } finally {
      timers.restore();
    }
  });

  it('dispose closes the socket and cancels a pending reconnection', async () => {
    const timers = trackManagerTimers();
    try {
      const { controller, live, dispose } = liveStore(ws(server.wsUrl));
      const { getTodos } = endpoints(server.url);
      controller.keepLive(getTodos);
      await eventually(() => expect(server.sockets()).toBe(1));
      await server.stop();
      await eventually(() => expect(timers.pending()).toBe(1));
      dispose();
      expect(timers.pending()).toBe(0);
      expect(live.topics()).toEqual([]);
      await server.start();
    } finally {
      timers.restore();
    }
  });
});

describe('LiveManager pauseWhen (offline, hidden)', () => {
  /** The browser globals the manager follows, as real event targets. */
  function browser() {
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const navigator = { onLine: true };
    let listeners = 0;
    const count = (target: EventTarget) => {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      return {
        addEventListener: (...args: Parameters<typeof add>) => {
          listeners += 1;
          add(...args);
        },
        removeEventListener: (...args: Parameters<typeof remove>) => {
          listeners -= 1;
          remove(...args);
        },
      };
    };
    const windowMethods = count(window);
    vi.stubGlobal('addEventListener', windowMethods.addEventListener);
    vi.stubGlobal('removeEventListener', windowMethods.removeEventListener);
    vi.stubGlobal('navigator', navigator);
    vi.stubGlobal('document', Object.assign(document, count(document)));
    return {
      listeners: () => listeners,
      offline(off: boolean) {
        navigator.onLine = !off;
        window.dispatchEvent(new Event(off ? 'offline' : 'online'));
      },
      hidden(hide: boolean) {
        document.visibilityState = hide ? 'hidden' : 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      },
    };
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('closes the connection while offline or hidden, then reconnects and refetches', async () => {
    const page = browser();
    const timers = trackManagerTimers();
    try {
      const live = new LiveManager({
        transport: ws(server.wsUrl),
        pauseWhen: { offline: true, hidden: true },
      });
      const { controller } = createStore({ managers: [live] });
      stores.push({ dispose: () => controller.dispose() });
      const { getTodos } = endpoints(server.url);
      await controller.fetch(getTodos);
      expect(page.listeners()).toBe(0);
      const release = controller.keepLive(getTodos);
      expect(page.listeners()).toBe(3);
      await eventually(() => expect(server.received).toHaveLength(1));

      page.offline(true);
      expect(live.status).toBe('paused');
      await eventually(() => expect(server.sockets()).toBe(0));
      expect(timers.pending()).toBe(0);
      server.todos.set(1, { id: 1, title: 'changed while offline', completed: false, version: 2 });
      page.offline(false);
      await eventually(() => expect(live.status).toBe('open'));
      await eventually(() =>
        expect(controller.getResponse(getTodos).data?.[0].title).toBe('changed while offline'),
      );
      expect(server.received.map(({ type }) => type)).toEqual(['subscribe', 'subscribe']);

      page.hidden(true);
      expect(live.status).toBe('paused');
      await eventually(() => expect(server.sockets()).toBe(0));
      page.hidden(false);
      await eventually(() => expect(server.received).toHaveLength(3));
      expect(server.requests).toEqual(['GET /todos', 'GET /todos', 'GET /todos']);

      // The last reader leaving stops following the page.
      release();
      expect(page.listeners()).toBe(0);
      expect(live.status).toBe('idle');
      expect(timers.pending()).toBe(0);
    } finally {
      timers.restore();
    }
  });

  it('starts paused when the first reader comes while offline', async () => {
    const page = browser();
    page.offline(true);
    const live = new LiveManager({ transport: ws(server.wsUrl), pauseWhen: { offline: true } });
    const { controller } = createStore({ managers: [live] });
    stores.push({ dispose: () => controller.dispose() });
    const release = controller.keepLive(endpoints(server.url).getTodos);
    expect(live.status).toBe('paused');
    expect(server.sockets()).toBe(0);
    page.offline(false);
    await eventually(() => expect(server.received).toHaveLength(1));
    expect(live.status).toBe('open');
    release();
  });
});

describe('LiveManager types', () => {
  it('a topic function takes the endpoint arguments', () => {
    new RestEndpoint({
      path: '/todos/:id',
      live: {
        topic: (params) => {
          expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
          return `todo/${params.id}`;
        },
      },
    });
    new RestEndpoint({
      path: '/todos',
      // @ts-expect-error a topic is a string or a function returning one
      live: { topic: 3 },
    });
    expectTypeOf(new LiveManager({ transport: sseTransport() }).status).toEqualTypeOf<LiveStatus>();
  });
});
