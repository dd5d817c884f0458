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

  // Table names that survive minification, which renames classes: a state rendered on the
  // server (the SvelteKit and Nuxt examples) must name the tables as the browser's build does.
  static override get key() {
    return 'User';
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

  static override get key() {
    return 'Todo';
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
 * What each todo mutation shows at once (its expected outcome), until the store replaces it with
 * the server's answer or rolls it back on failure. Shared with the Vue and Svelte examples.
 */
export const optimisticTodo = {
  create: {
    getOptimisticResponse(snap: { fetchedAt: number }, body: Partial<TodoFields>) {
      // A temporary, negative id until the server assigns the real one.
      return { completed: false, ...body, id: -snap.fetchedAt };
    },
  },
  partialUpdate: {
    getOptimisticResponse(_snap: unknown, params: { id: number }, body: Partial<TodoFields>) {
      return { ...body, id: params.id };
    },
  },
  delete: {
    getOptimisticResponse(_snap: unknown, params: { id: number }) {
      return params;
    },
  },
};

/** The todo endpoints; every mutation is optimistic (`optimisticTodo`). */
export const TodoResource = TodoEndpoints.extend((base) => ({
  /** POST /api/todos, appended to every loaded list it belongs to (all, and its user's). */
  create: base.getList.push.extend(optimisticTodo.create),
  /** PATCH /api/todos/:id: toggle or rename. */
  partialUpdate: base.partialUpdate.extend(optimisticTodo.partialUpdate),
  /** DELETE /api/todos/:id: removed from every list at once. */
  delete: base.delete.extend(optimisticTodo.delete),
}));
