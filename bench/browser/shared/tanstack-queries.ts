import type { TodoRecord } from './data';
import { getJson, todoApi } from './http';

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

/**
 * The QueryClient methods the pattern calls, as Vue's and Svelte's clients both have them
 * (@tanstack/svelte-query carries a copy of query-core of its own, so their types differ).
 */
interface TodoQueries {
  cancelQueries(filters: { queryKey: string[] }): Promise<void>;
  getQueryData(queryKey: unknown[]): unknown;
  setQueryData(queryKey: unknown[], data: unknown): unknown;
  invalidateQueries(filters: { queryKey: string[] }): Promise<void>;
}

/**
 * The title change as TanStack's "Optimistic Updates" guide writes it, for both caches that
 * show the todo (the list and the todo's own query): cancel their fetches, set the new title,
 * keep the previous data to roll back to in `onError`, and refetch when the mutation settles.
 */
export function optimisticTitleUpdate(queryClient: TodoQueries) {
  type Previous = { list?: TodoRecord[]; todo?: TodoRecord };
  return {
    mutationFn: todoApi.updateTodo,
    onMutate: async ({ id, title }: { id: number; title: string }): Promise<Previous> => {
      await queryClient.cancelQueries({ queryKey: ['todos'] });
      const previous: Previous = {
        list: queryClient.getQueryData(['todos']) as TodoRecord[] | undefined,
        todo: queryClient.getQueryData(['todos', id]) as TodoRecord | undefined,
      };
      queryClient.setQueryData(
        ['todos'],
        previous.list?.map((todo) => (todo.id === id ? { ...todo, title } : todo)),
      );
      queryClient.setQueryData(['todos', id], previous.todo && { ...previous.todo, title });
      return previous;
    },
    onError: (_error: unknown, { id }: { id: number }, previous: Previous | undefined) => {
      queryClient.setQueryData(['todos'], previous?.list);
      queryClient.setQueryData(['todos', id], previous?.todo);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['todos'] }),
  };
}
