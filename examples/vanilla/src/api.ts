import { Entity, resource } from '@tessera/core';

/** A person todos are assigned to. */
export class User extends Entity {
  id = 0;
  name = '';
  username = '';
  email = '';
  pk() {
    return this.id;
  }
}

/** One todo, as the API at /api/todos serves it. */
export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  pk() {
    return this.id;
  }

  /** Not yet confirmed by the server: optimistic creates use negative ids. */
  get pending(): boolean {
    return this.id < 0;
  }
}

export type TodoFields = Pick<Todo, 'userId' | 'title' | 'completed'>;

export const UserResource = resource({ path: '/api/users/:id', schema: User });

const TodoEndpoints = resource({
  path: '/api/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number },
});

/**
 * The todo endpoints. Every mutation is optimistic: the page shows its expected outcome at once,
 * and the store replaces it with the server's answer (or rolls it back on failure).
 */
export const TodoResource = TodoEndpoints.extend((base) => ({
  /** POST /api/todos, appended to every loaded list it belongs to (all, and its user's). */
  create: base.getList.push.extend({
    getOptimisticResponse(snap: { fetchedAt: number }, body: Partial<TodoFields>) {
      // A temporary, negative id until the server assigns the real one.
      return { completed: false, ...body, id: -snap.fetchedAt };
    },
  }),
  /** PATCH /api/todos/:id: toggle or rename. */
  partialUpdate: base.partialUpdate.extend({
    getOptimisticResponse(_snap: unknown, params: { id: number }, body: Partial<TodoFields>) {
      return { ...body, id: params.id };
    },
  }),
  /** DELETE /api/todos/:id: removed from every list at once. */
  delete: base.delete.extend({
    getOptimisticResponse(_snap: unknown, params: { id: number }) {
      return params;
    },
  }),
}));
