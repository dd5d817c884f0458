import type { DLE, EndpointInterface, ResultOf } from '@tessera/core';
import { view } from './observe.svelte.js';
import { type EndpointCall, observeEndpoint } from './observeEndpoint.js';

/** `useDLE` that also polls at the endpoint's `pollFrequency` while read. */
export function useLive<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): DLE<ResultOf<E>> {
  const { observer, read } = observeEndpoint(call, 'poll');
  return view(read, observer().getSnapshot());
}
