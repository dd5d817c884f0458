import { type InjectionKey, inject, shallowRef } from 'vue';
import type { TodoRecord } from '../../shared/data';
import { getJson, todoApi } from '../../shared/http';

/**
 * The hand-written baseline: the list and the loaded todos in shallow refs, each mutation
 * patching exactly what it changed from the server's answer (new objects only for the changed
 * todos, so Vue re-renders only their rows). No library, no generic cache, no refetch.
 */
export function createTodoStore() {
  const list = shallowRef<TodoRecord[]>();
  const todos = shallowRef(new Map<number, TodoRecord>());

  const replaceTodos = (change: (todo: TodoRecord) => TodoRecord) => {
    list.value = list.value?.map(change);
    todos.value = new Map([...todos.value].map(([id, todo]) => [id, change(todo)]));
  };

  return {
    list,
    todos,
    loadList() {
      if (!list.value) getJson<TodoRecord[]>('/api/todos').then((data) => (list.value = data));
    },
    loadTodo(id: number) {
      if (todos.value.has(id)) return;
      getJson<TodoRecord>(`/api/todos/${id}`).then((todo) => {
        todos.value = new Map(todos.value).set(id, todo);
      });
    },
    async updateTodo(id: number, title: string) {
      const updated = await todoApi.updateTodo({ id, title });
      replaceTodos((todo) => (todo.id === id ? updated : todo));
    },
    /** The new title at once; the old one back if the server refuses it. */
    async updateTodoOptimistic(id: number, title: string) {
      // Each copy we replaced, by its replacement: only those still shown are put back.
      const previous = new Map<TodoRecord, TodoRecord>();
      replaceTodos((todo) => {
        if (todo.id !== id) return todo;
        const changed = { ...todo, title };
        previous.set(changed, todo);
        return changed;
      });
      try {
        await todoApi.updateTodo({ id, title });
      } catch {
        replaceTodos((todo) => previous.get(todo) ?? todo);
      }
    },
    async renameUser(id: number, name: string) {
      const user = await todoApi.renameUser({ id, name });
      replaceTodos((todo) => (todo.user.id === id ? { ...todo, user } : todo));
    },
    async createTodo(title: string, userId: number) {
      const created = await todoApi.createTodo({ title, userId });
      if (list.value) list.value = [created, ...list.value];
    },
    async deleteTodo(id: number) {
      await todoApi.deleteTodo(id);
      list.value = list.value?.filter((todo) => todo.id !== id);
      const rest = new Map(todos.value);
      rest.delete(id);
      todos.value = rest;
    },
  };
}

export type TodoStore = ReturnType<typeof createTodoStore>;
export const todoStoreKey: InjectionKey<TodoStore> = Symbol('todos');

export function useTodoStore(): TodoStore {
  return inject(todoStoreKey) as TodoStore;
}
