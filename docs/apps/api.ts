import { Entity, resource } from '@tessera/core';

/** One todo as the API serves it. Fields are class properties with defaults. */
export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  // The table's name. Without it, the class name: a production build may rename classes.
  static override key = 'Todo';
}

/** get, getList, create, update, partialUpdate and delete of /api/todos. */
export const TodoResource = resource({
  path: '/api/todos/:id',
  schema: Todo,
});
