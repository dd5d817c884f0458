import type { FetchAction } from './actions';
import type { Controller } from './Controller';
import type { EndpointInterface } from './EndpointInterface';

/**
 * Dispatches a fetch whose caller may withdraw through `signal` (which travels with the action
 * to the network manager, the only place that counts the callers of a shared request). Resolves
 * to the result as the store holds it.
 */
export function dispatchFetch(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  signal: AbortSignal | undefined,
): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const action: FetchAction = {
      type: 'fetch',
      key: endpoint.key(...args),
      endpoint,
      args,
      fetchedAt: controller.nextFetchedAt(),
      signal,
      resolve,
      reject,
    };
    controller.dispatch(action).catch(reject);
  });
}
