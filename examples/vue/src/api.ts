import { Collection, Entity, Invalidate, RestEndpoint, resource } from '@tessera/core';
import { optimisticTodo, Todo } from '../../vanilla/src/api';

// The entities and users are the vanilla example's; this page adds pagination and a counter.
export { Todo, type TodoFields, User, UserResource } from '../../vanilla/src/api';

/** The server's one counter, which the page polls. */
export class Counter extends Entity {
  id = '';
  value = 0;
  pk() {
    return this.id;
  }

  // Survives minification (see User in the vanilla example).
  static override get key() {
    return 'Counter';
  }
}

/** Todos are listed `perPage` at a time; `getNextPage` appends `page` N to the list. */
export const PER_PAGE = 4;

/**
 * The page after `page` (the first, the list itself, is page 1) while the last page came back
 * full: a short page is the last. What `useInfinite` derives the next page from.
 */
export function nextTodoPage(
  last: readonly Todo[],
  _pages: unknown,
  page: number | undefined,
): number | undefined {
  return last.length < PER_PAGE ? undefined : (page ?? 1) + 1;
}

const TodoEndpoints = resource({
  path: '/api/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number; perPage?: number },
  paginationField: 'page',
});

/** The todo lists: `perPage` (page size) names a list but never excludes a todo from it. */
const TodoList = new Collection([Todo], { nonFilterArgumentKeys: ['perPage'] });

/**
 * What the server pushes on the `todos` topic when any page creates, saves or deletes a todo:
 * the todo as created or saved, or the id of the deleted one (examples/server/src/api.ts). A
 * creation joins the lists it belongs to once: the page that made it has it already (its POST's
 * answer) and only updates it.
 */
const TodoChanges = { created: TodoList.push, updated: Todo, deleted: new Invalidate(Todo) };

/**
 * Every mutation is optimistic (the vanilla example's `optimisticTodo`). Lists read live follow
 * the changes other pages make (`live`: needs the page's `LiveManager`, see live.ts).
 */
export const TodoResource = TodoEndpoints.extend((base) => {
  const getList = base.getList.extend({
    schema: TodoList,
    live: { topic: 'todos', schema: TodoChanges },
  });
  return {
    getList,
    /** GET /api/todos?perPage=N&page=P, appended to the list of the same other arguments. */
    getNextPage: getList.getPage,
    create: getList.push.extend(optimisticTodo.create),
    partialUpdate: base.partialUpdate.extend(optimisticTodo.partialUpdate),
    delete: base.delete.extend(optimisticTodo.delete),
  };
});

/**
 * The server lists todos in the order they were created (by id). A todo created before the
 * page that holds it is loaded was appended to the list already; sorting keeps the server's
 * order once that page arrives. Pending todos (no id yet) come last, oldest first.
 */
export function byServerOrder(a: Todo, b: Todo): number {
  if (a.pending !== b.pending) return a.pending ? 1 : -1;
  // A pending id is minus the time it was made.
  return Math.abs(a.id) - Math.abs(b.id);
}

/** GET /api/counter every second while a component shows it. */
export const getCounter = new RestEndpoint({
  path: '/api/counter',
  schema: Counter,
  pollFrequency: 1_000,
});
