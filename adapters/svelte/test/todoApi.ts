// Test support: a Todo entity, its endpoints and msw handlers over an in-memory table that logs
// every request, so tests can count fetches, fail them or hold them.
import { Entity, type NetworkError, resource } from '@tessera/core';
import { HttpResponse, http } from 'msw';

export const API = 'http://api.test';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  pk() {
    return this.id;
  }
}

export const TodoResource = resource({ urlPrefix: API, path: '/todos/:id', schema: Todo });

/** Server errors are soft: stale data stays on screen. */
export const getTodoSoft = TodoResource.get.extend({
  errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
});
export const getTodoPolled = TodoResource.get.extend({ pollFrequency: 1_000 });

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
}

export function todoApi(count = 3) {
  const rows = new Map<number, TodoRow>();
  for (let id = 1; id <= count; id++) rows.set(id, { id, title: `Todo ${id}`, completed: false });
  const requests: string[] = [];
  const aborted: string[] = [];
  const failures: number[] = [];
  let release: Promise<void> | undefined;

  const answer = async (request: Request, body: () => unknown) => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}`;
    requests.push(line);
    if (release) {
      const gate = release;
      await new Promise<void>((done) => {
        gate.then(done);
        request.signal.addEventListener('abort', () => {
          aborted.push(line);
          done();
        });
      });
    }
    const status = failures.shift();
    if (status !== undefined) return HttpResponse.json({ error: 'on purpose' }, { status });
    const value = body();
    return value === undefined ? HttpResponse.json({}, { status: 404 }) : HttpResponse.json(value);
  };

  const handlers = [
    http.get(`${API}/todos`, ({ request }) => answer(request, () => [...rows.values()])),
    http.get(`${API}/todos/:id`, ({ request, params }) =>
      answer(request, () => rows.get(Number(params.id))),
    ),
    http.patch(`${API}/todos/:id`, async ({ request, params }) => {
      const changes = (await request.clone().json()) as Partial<TodoRow>;
      return answer(request, () => {
        const row = rows.get(Number(params.id));
        return row && Object.assign(row, changes);
      });
    }),
  ];

  return {
    handlers,
    rows,
    requests,
    aborted,
    /** The next `times` requests answer with `status`. */
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    /** Holds every answer until the returned function is called. */
    hold(): () => void {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      release = gate;
      return () => {
        if (release === gate) release = undefined;
        open();
      };
    },
  };
}

export type TodoApi = ReturnType<typeof todoApi>;
