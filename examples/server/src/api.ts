import type { IncomingMessage, ServerResponse } from 'node:http';
import { match } from 'path-to-regexp';
import { Database, type TodoDraft } from './database';
import { HttpError, readJsonObject, sendEmpty, sendError, sendJson } from './http';
import { createLiveHub, type LiveHub } from './live';
import { defaultSeed, type Seed } from './records';
import { parseId, readTodoFields } from './validation';

export interface ApiOptions {
  /** Data the tables start with (and return to on `reset()`). */
  seed?: Seed;
  /**
   * Artificial delay before each API response: ms, or a function of the request returning ms or
   * a promise that holds the response until it settles.
   */
  latency?: number | ((req: IncomingMessage) => number | Promise<unknown>);
  /** Adds permissive CORS headers and answers preflight requests (for a page on another origin). */
  cors?: boolean;
}

/** Connect-style middleware: answers `/api/*`, hands anything else to `next` (or a 404). */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface Api {
  handle: ApiHandler;
  db: Database;
  /** Pushes todo changes (`/api/events` streams, `/api/live` sockets): hand it HTTP upgrades. */
  live: LiveHub;
}

type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  params: { id?: number; query: URLSearchParams },
) => Promise<void> | void;

const apiPrefix = '/api';

export function createApi(options: ApiOptions = {}): Api {
  const db = new Database(options.seed ?? defaultSeed);
  const live = createLiveHub();
  /** Every page reading todos live hears of a creation, a change or a deletion (topic `todos`). */
  const changed = (todo: unknown) => {
    live.publish('todos', { updated: todo });
    return todo;
  };

  const todoOrThrow = (id: number | undefined) => {
    const todo = id === undefined ? undefined : db.getTodo(id);
    if (!todo) throw new HttpError(404, `Todo ${id} not found`);
    return todo;
  };
  const checkUser = (fields: Partial<TodoDraft>) => {
    if (fields.userId !== undefined && !db.getUser(fields.userId)) {
      throw new HttpError(400, `User ${fields.userId} does not exist`);
    }
  };

  const routes: { path: string; methods: Record<string, Route> }[] = [
    {
      path: '/api/todos',
      methods: {
        GET: (_req, res, { query }) => {
          const positive = (name: string) => {
            const text = query.get(name);
            if (text === null) return undefined;
            const value = parseId(text);
            if (value === undefined)
              throw new HttpError(400, `\`${name}\` must be a positive integer`);
            return value;
          };
          const userId = positive('userId');
          const todos = db.listTodos(userId === undefined ? {} : { userId });
          // Pages only when `perPage` is given (`page` counts from 1), so plain lists stay whole.
          const perPage = positive('perPage');
          const page = positive('page') ?? 1;
          if (perPage === undefined) return sendJson(res, 200, todos);
          sendJson(res, 200, todos.slice((page - 1) * perPage, page * perPage));
        },
        POST: async (req, res) => {
          const fields = readTodoFields(await readJsonObject(req), { partial: false });
          checkUser(fields);
          const todo = db.createTodo({ completed: false, ...fields } as TodoDraft);
          res.setHeader('Location', `${apiPrefix}/todos/${todo.id}`);
          // Every page hears of it, the one that made it too (its list takes the todo once):
          // once the answer is sent, so that the maker usually has its own answer first.
          res.once('finish', () => live.publish('todos', { created: todo }));
          sendJson(res, 201, todo);
        },
      },
    },
    {
      path: '/api/todos/:id',
      methods: {
        GET: (_req, res, { id }) => sendJson(res, 200, todoOrThrow(id)),
        PUT: async (req, res, { id }) => {
          todoOrThrow(id);
          const body = await readJsonObject(req);
          const fields = readTodoFields(body, { partial: false, pathId: id });
          checkUser(fields);
          sendJson(res, 200, changed(db.updateTodo(id!, { completed: false, ...fields })));
        },
        PATCH: async (req, res, { id }) => {
          todoOrThrow(id);
          const fields = readTodoFields(await readJsonObject(req), { partial: true, pathId: id });
          checkUser(fields);
          sendJson(res, 200, changed(db.updateTodo(id!, fields)));
        },
        DELETE: (_req, res, { id }) => {
          todoOrThrow(id);
          db.deleteTodo(id!);
          live.publish('todos', { deleted: id });
          sendEmpty(res, 204);
        },
      },
    },
    {
      path: '/api/events',
      methods: { GET: (req, res, { query }) => live.stream(req, res, query.get('topic') ?? '') },
    },
    {
      path: '/api/counter',
      methods: {
        GET: (_req, res) => sendJson(res, 200, db.getCounter()),
        POST: (_req, res) => sendJson(res, 200, db.incrementCounter()),
      },
    },
    {
      path: '/api/users',
      methods: { GET: (_req, res) => sendJson(res, 200, db.listUsers()) },
    },
    {
      path: '/api/users/:id',
      methods: {
        GET: (_req, res, { id }) => {
          const user = id === undefined ? undefined : db.getUser(id);
          if (!user) throw new HttpError(404, `User ${id} not found`);
          sendJson(res, 200, user);
        },
      },
    },
  ];
  const matchers = routes.map((route) => ({
    ...route,
    match: match<{ id?: string }>(route.path, { decode: (value) => value }),
  }));

  const wait = async (req: IncomingMessage) => {
    const latency =
      typeof options.latency === 'function' ? await options.latency(req) : options.latency;
    if (typeof latency === 'number' && latency > 0) {
      await new Promise((resolve) => setTimeout(resolve, latency));
    }
  };

  const respond = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      if (req.method === 'OPTIONS') return sendEmpty(res, 204);
    }
    await wait(req);

    // A trailing slash names the same resource.
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    for (const route of matchers) {
      const found = route.match(pathname);
      if (!found) continue;
      const handler = route.methods[req.method ?? 'GET'];
      if (!handler) {
        const allow = Object.keys(route.methods).join(', ');
        throw new HttpError(405, `${req.method} is not allowed on ${pathname}`, { Allow: allow });
      }
      const idText = found.params.id;
      const id = idText === undefined ? undefined : parseId(idText);
      if (idText !== undefined && id === undefined) {
        throw new HttpError(404, `No resource at ${pathname}`);
      }
      return handler(req, res, { id, query: url.searchParams });
    }
    throw new HttpError(404, `No route for ${req.method} ${pathname}`);
  };

  const handle: ApiHandler = (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const isApi = url.pathname === apiPrefix || url.pathname.startsWith(`${apiPrefix}/`);
    if (!isApi && next) return next();
    respond(req, res, url).catch((error: unknown) => {
      if (res.headersSent) return res.destroy(error instanceof Error ? error : undefined);
      if (error instanceof HttpError) return sendError(res, error);
      console.error('[tessera api]', error);
      sendError(res, new HttpError(500, 'Internal server error'));
    });
  };

  return { handle, db, live };
}
