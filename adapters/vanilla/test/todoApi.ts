// Test support: Todo/User entities, their endpoints, and msw handlers over an in-memory table
// that records every request, so tests can count fetches and hold responses.
import { Entity, type NetworkError, resource } from '@tessera/core';
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

/** Server errors (>= 500) are soft: keep showing stale data. */
const softOnServerError = (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined);

export const getTodoSoft = TodoResource.get.extend({ errorPolicy: softOnServerError });

export const getTodoInvalidIfStale = TodoResource.get.extend({ invalidIfStale: true });

export const getTodoPolled = TodoResource.get.extend({ pollFrequency: 1_000 });

export interface TodoRow {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
}

export const seed: readonly TodoRow[] = [
  { id: 1, userId: 1, title: 'Write tests', completed: false },
  { id: 2, userId: 1, title: 'Ship it', completed: false },
  { id: 3, userId: 2, title: 'Review', completed: true },
];

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * An in-memory todo API for msw. `requests` logs `METHOD /path` of every request; `failNext`
 * makes the next requests answer with a status; `hold` holds responses until released, and
 * `aborted` collects requests whose signal aborted while held.
 */
export function todoApi() {
  const rows = new Map(seed.map((row) => [row.id, { ...row }]));
  const requests: string[] = [];
  const failures: number[] = [];
  let gate: Deferred | undefined;
  const aborted: string[] = [];

  const before = async (request: Request) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}${url.search}`;
    requests.push(line);
    if (gate) {
      const held = gate;
      await new Promise<void>((resolve) => {
        held.promise.then(resolve);
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

  const handlers = [
    http.get(`${API}/todos`, async ({ request }) => {
      const failed = await before(request);
      if (failed) return failed;
      const userId = new URL(request.url).searchParams.get('userId');
      const list = [...rows.values()].filter(
        (row) => userId === null || row.userId === Number(userId),
      );
      return HttpResponse.json(list);
    }),
    http.get(`${API}/todos/:id`, async ({ request, params }) => {
      const failed = await before(request);
      if (failed) return failed;
      const row = rows.get(Number(params.id));
      return row ? HttpResponse.json(row) : HttpResponse.json({}, { status: 404 });
    }),
    http.patch(`${API}/todos/:id`, async ({ request, params }) => {
      const failed = await before(request);
      if (failed) return failed;
      const row = rows.get(Number(params.id));
      if (!row) return HttpResponse.json({}, { status: 404 });
      Object.assign(row, (await request.json()) as Partial<TodoRow>);
      return HttpResponse.json(row);
    }),
  ];

  return {
    handlers,
    rows,
    requests,
    aborted,
    /** The next `count` requests fail with `status`. */
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    /** Holds every response until the returned function is called. */
    hold(): () => void {
      const held = deferred();
      gate = held;
      return () => {
        if (gate === held) gate = undefined;
        held.resolve();
      };
    },
  };
}

export type TodoApi = ReturnType<typeof todoApi>;

/** A clock tests move by hand (the store reads staleness from it). */
export function manualClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Records what a listener receives; `stop` unsubscribes. */
export function record<T>(source: { listen(listener: (value: T) => void): () => void }) {
  const values: T[] = [];
  const stop = source.listen((value) => values.push(value));
  return { values, stop, last: () => values[values.length - 1] };
}
