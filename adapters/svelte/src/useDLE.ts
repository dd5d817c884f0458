import type { DLE, EndpointInterface, ResultOf } from '@tessera/core';
import { type EndpointCall, endpointView } from './observeEndpoint.js';

/**
 * `{ data, loading, error, isPreviousData }` of an endpoint, as reactive properties:
 * `const todo = useDLE(() => [TodoResource.get, { id }])`. Fetches when the data is missing or
 * stale, follows the store, and switches arguments when the state the thunk reads changes.
 */
export function useDLE<E extends EndpointInterface>(call: () => EndpointCall<E>): DLE<ResultOf<E>> {
  return endpointView(call, 'fetch');
}
