import type { EndpointInterface, ResultOf } from '@tessera/core';
import { type EndpointCall, observeEndpoint } from './observeEndpoint.js';

/** What the cache readers (`useCache`, `useQuery`) give: the data, as a reactive property. */
export interface Cached<T> {
  readonly data: T;
}

/** The data the cache holds for the endpoint and arguments, as it changes; never fetches. */
export function useCache<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): Cached<ResultOf<E>> {
  const { read } = observeEndpoint(call, 'cache');
  return {
    get data() {
      return read().data;
    },
  };
}
