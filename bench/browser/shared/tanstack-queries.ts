import type { TodoRecord } from './data';
import { getJson } from './http';

// Query keys as the docs lay them out: ['todos'] is the list, ['todos', id] one todo, so
// invalidating ['todos'] covers both.
export const todoListQuery = {
  queryKey: ['todos'],
  queryFn: ({ signal }: { signal: AbortSignal }) => getJson<TodoRecord[]>('/api/todos', signal),
};

export const todoQuery = (id: number) => ({
  queryKey: ['todos', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => getJson<TodoRecord>(`/api/todos/${id}`, signal),
});
