import { indexedDBStorage, MutationQueue, type QueuedMutation } from '@tessera/core/persist';
import { TodoResource } from './api';

/** The todo mutations, by the name each is stored under (functions do not serialize). */
const endpoints = {
  create: TodoResource.create,
  partialUpdate: TodoResource.partialUpdate,
  delete: TodoResource.delete,
};

export type TodoChange = QueuedMutation<typeof endpoints>;

/**
 * The page's durable queue of todo changes (the Svelte example makes its own, under its own
 * name): made offline, a change waits in IndexedDB, shown at once, and is sent when the
 * connection is back, even after a reload. One scope (the default): in the order made, one at a
 * time, so a todo's rename never overtakes its creation. `refused` hears those the server
 * turned down, replayed after a reload included (their rows roll back).
 */
export function todoQueue(name: string, refused: (change: TodoChange, error: unknown) => void) {
  return new MutationQueue({
    storage: indexedDBStorage(`${name}-queue`),
    endpoints,
    buster: 'v1',
    onRefused: refused,
  });
}

/** What a waiting change does, in words (the list of changes waiting). */
export function describeChange(change: TodoChange): string {
  switch (change.name) {
    case 'create': {
      // One todo, or several at once.
      const [added] = [change.args[1] ?? {}].flat();
      return `Add “${added?.title ?? 'a todo'}”`;
    }
    case 'delete':
      return `Delete todo ${change.args[0].id}`;
    default: {
      const [{ id }, { title, completed }] = change.args;
      if (title !== undefined) return `Rename todo ${id} to “${title}”`;
      return `Mark todo ${id} ${completed ? 'done' : 'not done'}`;
    }
  }
}

/** True when the change is to this todo (its row says "queued"). */
export function changesTodo(change: TodoChange, id: number): boolean {
  return change.name !== 'create' && Number(change.args[0].id) === id;
}

/** The changes to this todo, before it is deleted: they would fail on a todo that is gone. */
export function updatesOf(id: number) {
  return (change: TodoChange) => change.name === 'partialUpdate' && changesTodo(change, id);
}
