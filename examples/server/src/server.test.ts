import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { maxBodyBytes } from './http';
import { defaultSeed } from './records';
import { type RunningServer, startServer } from './server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => server.db.reset());

const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
const send = (method: string, path: string, body: unknown) =>
  api(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('GET /api/todos', () => {
  it('lists every todo as JSON', async () => {
    const res = await api('/api/todos');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(defaultSeed.todos);
  });

  it('filters by ?userId=', async () => {
    const res = await api('/api/todos?userId=2');
    const todos = await res.json();
    expect(todos.map((todo: { id: number }) => todo.id)).toEqual([3, 4]);
  });

  it('pages with ?perPage= and ?page= (from 1), with or without a userId filter', async () => {
    const ids = async (path: string) =>
      ((await (await api(path)).json()) as { id: number }[]).map((todo) => todo.id);
    expect(await ids('/api/todos?perPage=4')).toEqual([1, 2, 3, 4]);
    expect(await ids('/api/todos?perPage=4&page=2')).toEqual([5, 6]);
    expect(await ids('/api/todos?perPage=4&page=3')).toEqual([]);
    expect(await ids('/api/todos?userId=3&perPage=1&page=2')).toEqual([6]);
    expect((await api('/api/todos?perPage=0')).status).toBe(400);
  });

  it('rejects a userId filter that is not a positive integer with 400', async () => {
    const res = await api('/api/todos?userId=two');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { status: 400, message: '`userId` must be a positive integer' },
    });
  });

  it('accepts a trailing slash', async () => {
    expect((await api('/api/todos/')).status).toBe(200);
  });
});

describe('GET /api/todos/:id', () => {
  it('returns one todo', async () => {
    const res = await api('/api/todos/3');
    expect(await res.json()).toEqual(defaultSeed.todos[2]);
  });

  it.each(['999', 'abc', '0', '1.5', '01'])('answers 404 for id %s', async (id) => {
    const res = await api(`/api/todos/${id}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.status).toBe(404);
  });
});

describe('POST /api/todos', () => {
  it('creates a todo with 201, a Location header and a fresh id', async () => {
    const res = await send('POST', '/api/todos', { title: '  Plan  ', userId: 2 });
    expect(res.status).toBe(201);
    const todo = await res.json();
    expect(todo).toEqual({ id: 7, title: 'Plan', userId: 2, completed: false });
    expect(res.headers.get('location')).toBe('/api/todos/7');
    expect(await (await api('/api/todos/7')).json()).toEqual(todo);
  });

  it('ignores a client id and unknown keys, including __proto__', async () => {
    const res = await send(
      'POST',
      '/api/todos',
      '{"id": 1, "title": "x", "userId": 1, "completed": true, "__proto__": {"admin": true}, "extra": 1}',
    );
    const todo = await res.json();
    expect(todo).toEqual({ id: 7, title: 'x', userId: 1, completed: true });
    expect(Object.getPrototypeOf(todo)).toBe(Object.prototype);
  });

  it('answers 400 on malformed JSON and leaves the data as it was', async () => {
    const res = await send('POST', '/api/todos', '{"title": ');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Malformed JSON body');
    expect(await (await api('/api/todos')).json()).toEqual(defaultSeed.todos);
  });

  it.each([
    [[1, 2], 'Request body must be a JSON object'],
    ['null', 'Request body must be a JSON object'],
    [{ userId: 1 }, '`title` is required'],
    [{ title: '   ', userId: 1 }, '`title` must be a non-empty string'],
    [{ title: 'x'.repeat(201), userId: 1 }, '`title` must be at most 200 characters'],
    [{ title: 'x' }, '`userId` is required'],
    [{ title: 'x', userId: '1' }, '`userId` must be a positive integer'],
    [{ title: 'x', userId: 42 }, 'User 42 does not exist'],
    [{ title: 'x', userId: 1, completed: 'yes' }, '`completed` must be a boolean'],
  ])('answers 400 for body %j', async (body, message) => {
    const res = await send('POST', '/api/todos', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { status: 400, message } });
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const res = await api('/api/todos', { method: 'POST', body: 'title=x' });
    expect(res.status).toBe(415);
  });

  it('answers 413 when the body is too large', async () => {
    const title = 'x'.repeat(maxBodyBytes);
    const res = await send('POST', '/api/todos', { title, userId: 1 });
    expect(res.status).toBe(413);
  });
});

describe('PUT and PATCH /api/todos/:id', () => {
  it('PUT replaces the todo (completed defaults to false)', async () => {
    const res = await send('PUT', '/api/todos/1', { id: 1, title: 'New', userId: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 1, title: 'New', userId: 3, completed: false });
  });

  it('PUT without required fields is a 400', async () => {
    const res = await send('PUT', '/api/todos/1', { completed: true });
    expect(res.status).toBe(400);
  });

  it('PATCH changes only the fields sent', async () => {
    const res = await send('PATCH', '/api/todos/2', { completed: true });
    expect(await res.json()).toEqual({ ...defaultSeed.todos[1], completed: true });
  });

  it('rejects a body id that differs from the URL', async () => {
    const res = await send('PATCH', '/api/todos/2', { id: 3, completed: true });
    expect(res.status).toBe(400);
    expect(await (await api('/api/todos/2')).json()).toEqual(defaultSeed.todos[1]);
  });

  it('answers 404 for a missing todo before reading the body', async () => {
    expect((await send('PUT', '/api/todos/99', { title: 'x', userId: 1 })).status).toBe(404);
    expect((await send('PATCH', '/api/todos/99', '{oops')).status).toBe(404);
  });
});

describe('DELETE /api/todos/:id', () => {
  it('answers 204 with no body, then 404', async () => {
    const res = await api('/api/todos/1', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await api('/api/todos/1')).status).toBe(404);
    expect((await api('/api/todos/1', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('/api/counter', () => {
  it('GET reads the counter, POST increments it; reset() returns it to 0', async () => {
    expect(await (await api('/api/counter')).json()).toEqual({ id: 'counter', value: 0 });
    const res = await api('/api/counter', { method: 'POST' });
    expect(await res.json()).toEqual({ id: 'counter', value: 1 });
    expect(await (await api('/api/counter')).json()).toEqual({ id: 'counter', value: 1 });
    server.db.reset();
    expect(await (await api('/api/counter')).json()).toEqual({ id: 'counter', value: 0 });
  });
});

describe('users', () => {
  it('lists users and returns one by id', async () => {
    expect(await (await api('/api/users')).json()).toEqual(defaultSeed.users);
    expect(await (await api('/api/users/2')).json()).toEqual(defaultSeed.users[1]);
    expect((await api('/api/users/9')).status).toBe(404);
  });
});

describe('routing', () => {
  it('answers 405 with an Allow header for an unsupported method', async () => {
    const res = await api('/api/users', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers 404 for an unknown path', async () => {
    expect((await api('/api/nothing')).status).toBe(404);
    expect((await api('/elsewhere')).status).toBe(404);
  });

  it('passes non-API requests to next() when used as middleware', async () => {
    const { handle } = createApi();
    const host = createServer((req, res) => handle(req, res, () => res.end('page')));
    const origin = await listen(host);
    try {
      expect(await (await fetch(`${origin}/index.html`)).text()).toBe('page');
      expect((await fetch(`${origin}/api/users`)).status).toBe(200);
    } finally {
      await new Promise((done) => host.close(done));
    }
  });

  it('answers CORS preflight requests when cors is on', async () => {
    const open = await startServer({ cors: true });
    try {
      const res = await fetch(`${open.url}/api/todos`, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await open.close();
    }
  });
});

describe('latency', () => {
  it('holds each response for the configured number of ms', async () => {
    const latency = vi.fn(() => 500);
    const slow = await startServer({ latency });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let settled = false;
      const response = fetch(`${slow.url}/api/users/1`).finally(() => {
        settled = true;
      });
      await vi.waitUntil(() => latency.mock.calls.length === 1, { interval: 5 });
      await vi.advanceTimersByTimeAsync(250);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(300);
      expect((await response).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await slow.close();
    }
  });

  it('holds a response until the promise a latency function returns settles', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const latency = vi.fn((_req: IncomingMessage) => gate);
    const gated = await startServer({ latency });
    try {
      let settled = false;
      const response = fetch(`${gated.url}/api/todos?userId=1`).finally(() => {
        settled = true;
      });
      await vi.waitUntil(() => latency.mock.calls.length === 1, { interval: 5 });
      expect(latency.mock.calls[0][0].url).toBe('/api/todos?userId=1');
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      open();
      expect((await response).status).toBe(200);
    } finally {
      await gated.close();
    }
  });
});

function listen(host: Server): Promise<string> {
  return new Promise((resolve) =>
    host.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(host.address() as AddressInfo).port}`),
    ),
  );
}

describe('live: todo changes pushed to /api/events streams and /api/live sockets', () => {
  it('a creation, a save and a deletion reach an event stream of topic todos', async () => {
    const abort = new AbortController();
    const res = await api('/api/events?topic=todos', { signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (part: string) => {
      while (!text.includes(part)) text += (await reader.read()).value ?? '';
    };
    await until(': open');
    const created = await send('POST', '/api/todos', { title: 'Pushed to everyone', userId: 1 });
    await send('PATCH', '/api/todos/2', { completed: true });
    await send('DELETE', '/api/todos/3', undefined);
    await until('"deleted":3');
    const messages = [...text.matchAll(/^data: (.*)$/gm)].map(([, data]) => JSON.parse(data));
    expect(messages).toEqual([
      { created: await created.json() },
      { updated: { ...defaultSeed.todos[1], completed: true } },
      { deleted: 3 },
    ]);
    abort.abort();
  });

  it('a socket hears the topics it subscribed to, until it unsubscribes', async () => {
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`);
    const received: unknown[] = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic: 'todos' }));
    // The subscription has arrived once a message sent after it is answered: a save.
    await vi.waitFor(async () => {
      await send('PATCH', '/api/todos/1', { title: 'Pushed' });
      expect(received.length).toBeGreaterThan(0);
    });
    expect(received.at(-1)).toEqual({
      topic: 'todos',
      data: { updated: { ...defaultSeed.todos[0], title: 'Pushed' } },
    });
    socket.send(JSON.stringify({ type: 'unsubscribe', topic: 'todos' }));
    socket.send('not json');
    const count = received.length;
    await send('PATCH', '/api/todos/1', { title: 'Not pushed' });
    // A ping answered after the PATCH: anything pushed for it would have come first.
    await new Promise((resolve) => {
      socket.once('pong', resolve);
      socket.ping();
    });
    expect(received).toHaveLength(count);
    socket.close();
  });
});
