import type { DLE, EndpointInterface } from '@tessera/core';
import { hold, view } from './observe.svelte.js';
import { type EndpointCall, observeEndpoint } from './observeEndpoint.js';

/**
 * Fetches when the data is due (missing, stale, invalid) without reading it: nothing re-renders
 * when the data changes. `loading` and `error` of the fetch, as reactive properties.
 */
export function useFetch<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): Pick<DLE<unknown>, 'loading' | 'error'> {
  const { observer, read } = observeEndpoint(call, 'fetch');
  hold(observer);
  return view(read, observer.getSnapshot());
}
