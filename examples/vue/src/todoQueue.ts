import { shallowRef } from 'vue';
import { type TodoChange, todoQueue } from './queue';

/** The last change the server refused (shown until the next one). */
export const refused = shallowRef<{ change: TodoChange; message: string }>();

export const queue = todoQueue('tessera-example-vue', (change, error) => {
  refused.value = { change, message: error instanceof Error ? error.message : String(error) };
});

/** The changes waiting, for the page: the queue is a store of its own, mirrored into a ref. */
export const waiting = shallowRef(queue.mutations);
queue.subscribe((changes) => {
  waiting.value = changes;
});
