// Todo as the getting-started guide wrote it before it set `static key`, and Tag the same way.
// A production build inlines each class, used once, into its `resource()`: both are then named
// `schema`, and so is their table.
import { Entity, resource } from '@tessera/core';

/** One todo as the API serves it. Fields are class properties with defaults. */
export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
}

/** get, getList, create, update, partialUpdate and delete of /api/todos. */
export const TodoResource = resource({
  path: '/api/todos/:id',
  schema: Todo,
});

/** One tag as the API serves it. */
export class Tag extends Entity {
  id = 0;
  name = '';
}

export const TagResource = resource({
  path: '/api/tags/:id',
  schema: Tag,
});
