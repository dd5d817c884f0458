// The fetch helpers the apps without a REST layer of their own write (TanStack, Colada, baseline).
import type { TodoRecord, UserRecord } from './data';

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json() as Promise<T>;
}

/** A mutation; resolves to the server's answer (undefined for 204). */
export async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The API's mutations, each resolving to the server's answer. */
export const todoApi = {
  updateTodo: ({ id, title }: { id: number; title: string }) =>
    send<TodoRecord>('PATCH', `/api/todos/${id}`, { title }),
  renameUser: ({ id, name }: { id: number; name: string }) =>
    send<UserRecord>('PATCH', `/api/users/${id}`, { name }),
  createTodo: ({ title, userId }: { title: string; userId: number }) =>
    send<TodoRecord>('POST', '/api/todos', { title, userId, completed: false }),
  deleteTodo: (id: number) => send<undefined>('DELETE', `/api/todos/${id}`),
};
