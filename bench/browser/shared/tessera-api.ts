import { Entity, resource } from '@tessera/core';

export class User extends Entity {
  id = 0;
  name = '';
  email = '';
}

/** The embedded user is normalized into its own table, shared by every todo it is assigned. */
export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  user = User.fromJS();
  static override schema = { user: User };
}

/** What the API takes to create a todo: the user by id. */
export interface NewTodo {
  title: string;
  userId: number;
  completed: boolean;
}

export const TodoResource = resource({ path: '/api/todos/:id', schema: Todo }).extend((base) => ({
  /** POST /api/todos, put at the start of the loaded list. */
  create: base.getList.unshift.extend({ body: {} as NewTodo }),
}));
export const UserResource = resource({ path: '/api/users/:id', schema: User });

/**
 * The same todos with `optimistic: true`: `partialUpdate` shows its arguments at once and is
 * rolled back if the server refuses them (the optimistic benchmark scenarios).
 */
export const OptimisticTodoResource = resource({
  path: '/api/todos/:id',
  schema: Todo,
  optimistic: true,
});
