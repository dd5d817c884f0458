// One in-page REST API for every contender: it replaces `window.fetch`, answers after a fixed
// latency (a timer even at 0 ms, like a real network's task boundary) with real `Response`
// objects, and counts requests. The todos' user is embedded in every todo response.
import { generateTodos, generateUsers, type TodoRecord, type UserRecord } from './data';

export interface ApiStats {
  /** Requests received since the page loaded. */
  requests: number;
  /** Requests not yet answered. */
  inFlight: number;
}

interface StoredTodo {
  id: number;
  title: string;
  completed: boolean;
  userId: number;
}

type Answer = { status: number; body?: unknown };

/** A todo PATCH whose title starts with this fails with a 500 and changes nothing. */
export const REFUSED_TITLE = 'REFUSED';

export function installMockApi({ rows, latency }: { rows: number; latency: number }): ApiStats {
  const users = new Map(generateUsers().map((user) => [user.id, user]));
  // Newest first: a created todo is at the start of the list.
  let todos: StoredTodo[] = generateTodos(rows);
  let nextId = rows + 1;
  const stats: ApiStats = { requests: 0, inFlight: 0 };

  const present = (todo: StoredTodo): TodoRecord => {
    const user = users.get(todo.userId) as UserRecord;
    return { id: todo.id, title: todo.title, completed: todo.completed, user: { ...user } };
  };
  const notFound: Answer = { status: 404, body: { error: 'not found' } };

  function answer(method: string, path: string, body: Record<string, unknown>): Answer {
    if (path === '/api/todos') {
      if (method === 'GET') return { status: 200, body: todos.map(present) };
      if (method === 'POST') {
        const todo: StoredTodo = {
          id: nextId++,
          title: String(body.title),
          completed: Boolean(body.completed),
          userId: Number(body.userId),
        };
        todos = [todo, ...todos];
        return { status: 201, body: present(todo) };
      }
    }
    const todoMatch = /^\/api\/todos\/(\d+)$/.exec(path);
    if (todoMatch) {
      const id = Number(todoMatch[1]);
      const index = todos.findIndex((todo) => todo.id === id);
      if (index === -1) return notFound;
      if (method === 'GET') return { status: 200, body: present(todos[index]) };
      if (method === 'PATCH') {
        const { title, completed } = body as Partial<StoredTodo>;
        // How the benchmark makes a mutation fail: the server refuses this title.
        if (typeof title === 'string' && title.startsWith(REFUSED_TITLE)) {
          return { status: 500, body: { error: 'refused' } };
        }
        todos[index] = {
          ...todos[index],
          ...(title === undefined ? {} : { title }),
          ...(completed === undefined ? {} : { completed }),
        };
        return { status: 200, body: present(todos[index]) };
      }
      if (method === 'DELETE') {
        todos = todos.filter((todo) => todo.id !== id);
        return { status: 204 };
      }
    }
    const userMatch = /^\/api\/users\/(\d+)$/.exec(path);
    if (userMatch) {
      const user = users.get(Number(userMatch[1]));
      if (!user) return notFound;
      if (method === 'GET') return { status: 200, body: { ...user } };
      if (method === 'PATCH') {
        const updated = { ...user, ...(typeof body.name === 'string' ? { name: body.name } : {}) };
        users.set(user.id, updated);
        return { status: 200, body: { ...updated } };
      }
    }
    return { status: 405, body: { error: `${method} ${path}` } };
  }

  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    stats.requests += 1;
    stats.inFlight += 1;
    try {
      const text = await request.text();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, latency);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The request was aborted', 'AbortError'));
        });
      });
      const { status, body } = answer(
        request.method,
        new URL(request.url).pathname,
        text ? JSON.parse(text) : {},
      );
      return body === undefined
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          });
    } finally {
      stats.inFlight -= 1;
    }
  };
  return stats;
}
