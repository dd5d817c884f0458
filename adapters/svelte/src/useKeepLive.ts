import type { EndpointInterface } from '@tessera/core';
import { hold } from './observe.svelte.js';
import { type EndpointCall, observeEndpoint } from './observeEndpoint.js';

/**
 * Keeps the endpoint live (polled, or pushed: see `useLive`) while the component lives; reads
 * nothing. `useLive` without the reading, as `useFetch` is `useDLE` without it.
 */
export function useKeepLive<E extends EndpointInterface>(call: () => EndpointCall<E>): void {
  hold(observeEndpoint(call, 'live').observer);
}
