import { writable } from 'svelte/store';
import { type TodoChange, todoQueue } from '../../vue/src/queue';

/** The last change the server refused (shown until dismissed or the next one). */
export const refused = writable<{ change: TodoChange; message: string } | undefined>();

/**
 * The page's durable queue of todo changes (the Vue example's, under this page's name). It is a
 * Svelte store of the changes waiting: `$queue` in a component.
 */
export const queue = todoQueue('tessera-example-svelte', (change, error) => {
  refused.set({ change, message: error instanceof Error ? error.message : String(error) });
});
