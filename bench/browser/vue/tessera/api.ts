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

export const TodoResource = resource({ path: '/api/todos/:id', schema: Todo });
export const UserResource = resource({ path: '/api/users/:id', schema: User });
