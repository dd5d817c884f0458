import { CallTracker, type EndpointInterface } from '@tessera/core';
import { getTessera } from './context.js';

/** What `useMutation` and `mutationStore` take: an endpoint, or any async function. */
export type MutationCall = EndpointInterface | ((...args: never[]) => Promise<unknown>);

/**
 * Tracks the calls of `call`. An endpoint (it has a `key` method) is called through the store:
 * `run(...args)` is `controller.fetch(endpoint, ...args)`; a plain function needs no store.
 */
export function trackMutation(
  call: MutationCall,
): CallTracker<(...args: never[]) => Promise<unknown>> {
  if (typeof Reflect.get(call, 'key') !== 'function') {
    return new CallTracker(call as (...args: never[]) => Promise<unknown>);
  }
  const { controller } = getTessera();
  return new CallTracker((...args: never[]) =>
    controller.fetch(call as EndpointInterface, ...args),
  );
}
