import type { DLE, EndpointInterface, ResultOf } from '@tessera/core';
import { type EndpointCall, endpointView } from './observeEndpoint.js';

/** `useDLE` that also polls at the endpoint's `pollFrequency` while read. */
export function useLive<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): DLE<ResultOf<E>> {
  return endpointView(call, 'poll');
}
