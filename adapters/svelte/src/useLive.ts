import type { DLE, EndpointInterface, ResultOf } from '@tessera/core';
import { type EndpointCall, endpointView } from './observeEndpoint.js';

/**
 * `useDLE` kept live while read: polled at the endpoint's `pollFrequency` (with a
 * `PollingManager`), or its topic's pushes (with a `LiveManager`).
 */
export function useLive<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): DLE<ResultOf<E>> {
  return endpointView(call, 'live');
}
