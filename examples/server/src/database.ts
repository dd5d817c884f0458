import type { Seed, TodoRecord, UserRecord } from './records';

export type TodoDraft = Omit<TodoRecord, 'id'>;

/** The in-memory tables. Every read returns copies so callers cannot mutate stored rows. */
export class Database {
  private users = new Map<number, UserRecord>();
  private todos = new Map<number, TodoRecord>();
  private nextTodoId = 1;
  private counter = 0;

  constructor(private readonly seed: Seed) {
    this.reset();
  }

  /** Restores the seed data (tests call this between cases). */
  reset(): void {
    this.users = new Map(this.seed.users.map((user) => [user.id, { ...user }]));
    this.todos = new Map(this.seed.todos.map((todo) => [todo.id, { ...todo }]));
    this.nextTodoId = Math.max(0, ...this.todos.keys()) + 1;
    this.counter = 0;
  }

  /** A single counter (what the examples poll). */
  getCounter(): { id: string; value: number } {
    return { id: 'counter', value: this.counter };
  }

  incrementCounter(): { id: string; value: number } {
    this.counter += 1;
    return this.getCounter();
  }

  listUsers(): UserRecord[] {
    return [...this.users.values()].map((user) => ({ ...user }));
  }

  getUser(id: number): UserRecord | undefined {
    const user = this.users.get(id);
    return user && { ...user };
  }

  listTodos(filter: { userId?: number } = {}): TodoRecord[] {
    return [...this.todos.values()]
      .filter((todo) => filter.userId === undefined || todo.userId === filter.userId)
      .map((todo) => ({ ...todo }));
  }

  getTodo(id: number): TodoRecord | undefined {
    const todo = this.todos.get(id);
    return todo && { ...todo };
  }

  createTodo(draft: TodoDraft): TodoRecord {
    const todo = { ...draft, id: this.nextTodoId++ };
    this.todos.set(todo.id, todo);
    return { ...todo };
  }

  /** Replaces the stored fields; returns undefined when the todo does not exist. */
  updateTodo(id: number, fields: Partial<TodoDraft>): TodoRecord | undefined {
    const current = this.todos.get(id);
    if (!current) return undefined;
    const next = { ...current, ...fields, id };
    this.todos.set(id, next);
    return { ...next };
  }

  deleteTodo(id: number): boolean {
    return this.todos.delete(id);
  }
}
