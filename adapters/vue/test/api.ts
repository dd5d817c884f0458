// Test support: Todo/User entities, their endpoints, and an in-memory API for msw that logs
// every request, can fail the next ones, and can hold responses (recording aborts).
import { Entity, type NetworkError, resource } from '@tessera/core';
import { HttpResponse, http } from 'msw';

export const API = 'http://api.test';

export class User extends Entity {
  id = 0;
  name = '';
  pk() {
    return this.id;
  }
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  pk() {
    return this.id;
  }
}

export const UserResource = resource({ urlPrefix: API, path: '/users/:id', schema: User });

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

export const getTodoPolled = TodoResource.get.extend({ pollFrequency: 1_000 });

export interface TodoRow {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
}

export const users = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Alan' },
];

export function todoRows(count = 3): TodoRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    userId: (i % 2) + 1,
    title: `Todo ${i + 1}`,
    completed: false,
  }));
}

/** An in-memory API: `requests` logs `METHOD /path?query`; see `failNext` and `hold`. */
export function todoApi(rowCount = 3) {
  const rows = new Map(todoRows(rowCount).map((row) => [row.id, row]));
  const requests: string[] = [];
  const aborted: string[] = [];
  const failures: number[] = [];
  let gate: Promise<void> | undefined;

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
    return status === undefined ? undefined : HttpResponse.json({}, { status });
  };

  const handlers = [
    http.get(`${API}/todos`, async ({ request }) => {
      const failed = await before(request);
      if (failed) return failed;
      const userId = new URL(request.url).searchParams.get('userId');
      return HttpResponse.json(
        [...rows.values()].filter((row) => userId === null || row.userId === Number(userId)),
      );
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
    http.get(`${API}/users/:id`, async ({ request, params }) => {
      const failed = await before(request);
      if (failed) return failed;
      const user = users.find((row) => row.id === Number(params.id));
      return user ? HttpResponse.json(user) : HttpResponse.json({}, { status: 404 });
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
    /** Holds every response until the returned function is called. */
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
