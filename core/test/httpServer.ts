// A real node:http server that speaks the headers HttpSemanticsManager reads: ETag and
// Last-Modified with their 304s, Cache-Control, Retry-After, Idempotency-Key. Used by the core
// tests and by the browser test (tests/httpSemantics.browser.test.ts), where msw could not show
// what a browser's HTTP cache does.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  status: number;
}

export interface Todo {
  id: number;
  title: string;
}

export interface TestServer {
  readonly url: string;
  /** Every request, in order, with the status it got. */
  readonly seen: Seen[];
  todos: Todo[];
  /** Bumped by every change of `todos`: the ETag is `"v<version>"`. */
  version: number;
  /** Sent with `/todos` and `/notes/:id` (and their 304s). */
  cacheControl: string | undefined;
  /** `/todos` sends an ETag and answers If-None-Match (default true). */
  etags: boolean;
  /** `path` (default `/limited`) answers this status with `Retry-After` while `remaining` > 0. */
  limit: { remaining: number; status: 429 | 503; retryAfter: string; path?: string };
  /** While set, a POST is processed, then its answer waits for `release()`. */
  holdPosts: boolean;
  release(): void;
  /** Files served as they are (the browser test's page and script). */
  files: Map<string, { type: string; body: string }>;
  close(): Promise<void>;
}

/** The date `/notes/:id` says it last changed, for `version`. */
export function lastModified(version: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, 0, version)).toUTCString();
}

export async function startHttpServer(): Promise<TestServer> {
  const seen: Seen[] = [];
  /** Answers given per Idempotency-Key: a call made again gets the first answer. */
  const answered = new Map<string, { status: number; body: string }>();
  let releases: (() => void)[] = [];
  const state: Omit<TestServer, 'url' | 'close' | 'release'> = {
    seen,
    todos: [{ id: 1, title: 'one' }],
    version: 1,
    cacheControl: undefined,
    etags: true,
    limit: { remaining: 0, status: 429, retryAfter: '1' },
    holdPosts: false,
    files: new Map(),
  };
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const route = path.replace(/\?.*$/, '');
    const entry: Seen = {
      method: request.method ?? 'GET',
      path,
      headers: request.headers,
      status: 0,
    };
    seen.push(entry);
    const send = (status: number, body?: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      response.writeHead(status, headers);
      response.end(body);
    };
    const caching = (): Record<string, string> =>
      state.cacheControl === undefined ? {} : { 'Cache-Control': state.cacheControl };
    const file = state.files.get(path);
    if (file) return send(200, file.body, { 'Content-Type': file.type });
    const json = { 'Content-Type': 'application/json' };
    if (request.method === 'GET' && route === '/todos') {
      const etag = `"v${state.version}"`;
      if (state.etags && request.headers['if-none-match'] === etag) {
        return send(304, undefined, { ETag: etag, ...caching() });
      }
      const validator = state.etags ? { ETag: etag } : undefined;
      return send(200, JSON.stringify(state.todos), { ...json, ...validator, ...caching() });
    }
    const note = /^\/notes\/(\d+)$/.exec(path);
    if (request.method === 'GET' && note) {
      const modified = lastModified(state.version);
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && since >= Date.parse(modified)) {
        return send(304, undefined, { 'Last-Modified': modified, ...caching() });
      }
      const body = JSON.stringify({ id: Number(note[1]), text: `note v${state.version}` });
      return send(200, body, { ...json, 'Last-Modified': modified, ...caching() });
    }
    if (path === (state.limit.path ?? '/limited') && state.limit.remaining > 0) {
      state.limit.remaining -= 1;
      return send(state.limit.status, JSON.stringify({ message: 'slow down' }), {
        ...json,
        'Retry-After': state.limit.retryAfter,
      });
    }
    if (request.method === 'GET' && path === '/limited') {
      return send(200, JSON.stringify({ ok: true }), json);
    }
    if (request.method === 'POST' && path === '/todos') {
      let text = '';
      for await (const chunk of request) text += chunk;
      const key = request.headers['idempotency-key'];
      const key1 = Array.isArray(key) ? key[0] : key;
      const earlier = key1 === undefined ? undefined : answered.get(key1);
      if (earlier)
        return send(earlier.status, earlier.body, { ...json, 'Idempotent-Replayed': 'true' });
      const { title } = JSON.parse(text) as { title: string };
      const todo = { id: Math.max(0, ...state.todos.map((each) => each.id)) + 1, title };
      state.todos = [...state.todos, todo];
      state.version += 1;
      const body = JSON.stringify(todo);
      if (key1 !== undefined) answered.set(key1, { status: 201, body });
      if (state.holdPosts) await new Promise<void>((resolve) => releases.push(resolve));
      return send(201, body, json);
    }
    send(404, JSON.stringify({ message: `no route ${path}` }), json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result: TestServer = Object.assign(state as TestServer, {
    url: `http://127.0.0.1:${port}`,
    release: () => {
      const waiting = releases;
      releases = [];
      for (const resolve of waiting) resolve();
    },
    close: () =>
      new Promise<void>((resolve) => {
        result.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return result;
}
