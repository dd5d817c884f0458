import { getContext, setContext } from 'svelte';
import type { TodoRecord } from '../../shared/data';
import { getJson, todoApi } from '../../shared/http';

/**
 * The hand-written baseline: the list and the loaded todos in `$state`, each mutation writing
 * the server's answer into the objects it changed (Svelte's deep state updates just the fields
 * that differ). No library, no generic cache, no refetch.
 */
export class TodoStore {
  list = $state<TodoRecord[]>();
  todos = $state<Record<number, TodoRecord>>({});

  /** Every loaded copy of a todo: its row and its pane. */
  private copies(match: (todo: TodoRecord) => boolean): TodoRecord[] {
    return [...(this.list ?? []), ...Object.values(this.todos)].filter(match);
  }

  loadList() {
    if (!this.list) getJson<TodoRecord[]>('/api/todos').then((list) => (this.list = list));
  }

  loadTodo(id: number) {
    if (this.todos[id]) return;
    getJson<TodoRecord>(`/api/todos/${id}`).then((todo) => (this.todos[id] = todo));
  }

  async updateTodo(id: number, title: string) {
    const updated = await todoApi.updateTodo({ id, title });
    for (const todo of this.copies((todo) => todo.id === id)) todo.title = updated.title;
  }

  /** The new title at once; the old one back if the server refuses it. */
  async updateTodoOptimistic(id: number, title: string) {
    const copies = this.copies((todo) => todo.id === id);
    const previous = copies.map((todo) => todo.title);
    for (const todo of copies) todo.title = title;
    try {
      await todoApi.updateTodo({ id, title });
    } catch {
      copies.forEach((todo, i) => {
        if (todo.title === title) todo.title = previous[i];
      });
    }
  }

  async renameUser(id: number, name: string) {
    const user = await todoApi.renameUser({ id, name });
    for (const todo of this.copies((todo) => todo.user.id === id)) todo.user.name = user.name;
  }

  async createTodo(title: string, userId: number) {
    const created = await todoApi.createTodo({ title, userId });
    this.list?.unshift(created);
  }

  async deleteTodo(id: number) {
    await todoApi.deleteTodo(id);
    const index = this.list?.findIndex((todo) => todo.id === id) ?? -1;
    if (index !== -1) this.list?.splice(index, 1);
    delete this.todos[id];
  }
}

const key = Symbol('todos');
export const setTodoStore = (store: TodoStore) => setContext(key, store);
export const getTodoStore = () => getContext<TodoStore>(key);
