import { defineQueryOptions } from '@pinia/colada';
import type { TodoRecord } from '../../shared/data';
import { getJson } from '../../shared/http';

// Keys as the docs lay them out: ['todos'] is the list, ['todos', id] one todo, so
// invalidating ['todos'] covers both.
export const todoListQuery = defineQueryOptions({
  key: ['todos'],
  query: ({ signal }) => getJson<TodoRecord[]>('/api/todos', signal),
});

export const todoQuery = defineQueryOptions((id: number) => ({
  key: ['todos', id],
  query: ({ signal }) => getJson<TodoRecord>(`/api/todos/${id}`, signal),
}));
