// Test support shared by the adapters' tests: a Todo entity, its endpoints, and an in-memory
// todo API for msw that logs every request, can fail the next ones and can hold answers
// (recording the requests aborted meanwhile). `serveTodoApi` (./serveTodoApi) runs it per test.
import { Collection, Entity, type NetworkError, RestEndpoint, resource } from '@tessera/core';
import { HttpResponse, http } from 'msw';

export const API = 'http://api.test';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  pk() {
    return this.id;
  }
}

export const TodoResource = resource({
  urlPrefix: API,
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number },
});

/** Server errors (>= 500) are soft: stale data keeps showing. */
export const getTodoSoft = TodoResource.get.extend({
  errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
});

export const getTodoInvalidIfStale = TodoResource.get.extend({ invalidIfStale: true });

export const getTodoPolled = TodoResource.get.extend({ pollFrequency: 1_000 });

/**
 * The todo list `perPage` at a time (`page` from 1): one Collection, which `getPage` appends
 * pages to (`perPage` names a list without filtering it).
 */
export const getTodoPages = new RestEndpoint({
  urlPrefix: API,
  path: '/todos',
  searchParams: {} as { userId?: number; perPage?: number },
  schema: new Collection([Todo], { nonFilterArgumentKeys: ['perPage'] }),
  paginationField: 'page',
});

export interface TodoRow {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
}

/**
 * `Todo 1` … `Todo N`: two per user (1, 1, 2, 2, …), every third one done. Filtering by user
 * and toggling `completed` both have something to show from the first three rows on.
 */
export function todoRows(count = 3): TodoRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    userId: Math.floor(i / 2) + 1,
    title: `Todo ${i + 1}`,
    completed: (i + 1) % 3 === 0,
  }));
}

/**
 * An in-memory todo API of `rowCount` rows. `requests` logs `METHOD /path?query` of every
 * request; `failNext` makes the next ones answer with a status; `hold` holds every answer until
 * released, and `aborted` logs the requests whose signal aborted while held.
 */
export function todoApi(rowCount = 3) {
  const rows = new Map(todoRows(rowCount).map((row) => [row.id, row]));
  const requests: string[] = [];
  const aborted: string[] = [];
  const failures: number[] = [];
  let gate: Promise<void> | undefined;

  /** Logs the request, waits while held, then answers a planned failure, if any. */
  const before = async (request: Request) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}${url.search}`;
    requests.push(line);
    if (gate) {
      const held = gate;
      await new Promise<void>((resolve) => {
        held.then(resolve);
        request.signal.addEventListener('abort', () => {
          aborted.push(line);
          resolve();
        });
      });
    }
    const status = failures.shift();
    return status === undefined
      ? undefined
      : HttpResponse.json({ error: 'failed on purpose' }, { status });
  };
  const notFound = () => HttpResponse.json({}, { status: 404 });

  const handlers = [
    http.get(`${API}/todos`, async ({ request }) => {
      const failed = await before(request);
      if (failed) return failed;
      const search = new URL(request.url).searchParams;
      const userId = search.get('userId');
      const list = [...rows.values()].filter(
        (row) => userId === null || row.userId === Number(userId),
      );
      // `perPage` rows of `page` (from 1) when asked for pages.
      const perPage = Number(search.get('perPage') ?? list.length);
      const page = Number(search.get('page') ?? 1);
      return HttpResponse.json(list.slice((page - 1) * perPage, page * perPage));
    }),
    http.get(`${API}/todos/:id`, async ({ request, params }) => {
      const failed = await before(request);
      if (failed) return failed;
      const row = rows.get(Number(params.id));
      return row ? HttpResponse.json(row) : notFound();
    }),
    http.patch(`${API}/todos/:id`, async ({ request, params }) => {
      const failed = await before(request);
      if (failed) return failed;
      const row = rows.get(Number(params.id));
      if (!row) return notFound();
      Object.assign(row, (await request.json()) as Partial<TodoRow>);
      return HttpResponse.json(row);
    }),
  ];

  return {
    handlers,
    rows,
    requests,
    aborted,
    /** The next `count` requests answer with `status`. */
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    /** Holds every answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      gate = held;
      return () => {
        if (gate === held) gate = undefined;
        release();
      };
    },
  };
}

export type TodoApi = ReturnType<typeof todoApi>;

/** A store clock moved by hand (the store reads staleness from it). */
export function manualClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
