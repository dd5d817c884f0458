import type { EndpointInterface, PerformRequest } from '@tessera/core';
import { callEndpoint } from '@tessera/core/internal';

/** What a RestEndpoint has besides the interface: its request step and option-taking extend. */
interface RestLike {
  fetchResponse?: (input: string, init: RequestInit) => Promise<Response>;
  extend(options: object): EndpointInterface;
}

/**
 * How the server's store makes requests: like the browser's, but a relative URL (`/api/todos`)
 * is resolved against `origin`, since a server has no page to be relative to. Only the URL
 * fetched changes: the endpoint's key, hence the state handed to the browser, stays relative.
 * Endpoints without `fetchResponse` (plain functions) are called as they are.
 */
export function performAt(origin: string): PerformRequest {
  return (endpoint, args, signal) => {
    const rest = endpoint as EndpointInterface & Partial<RestLike>;
    const { fetchResponse } = rest;
    if (typeof fetchResponse !== 'function' || typeof rest.extend !== 'function') {
      return callEndpoint(endpoint, args, signal);
    }
    const resolved = rest.extend({
      fetchResponse(this: unknown, input: string, init: RequestInit) {
        return fetchResponse.call(this, new URL(input, origin).href, init);
      },
    });
    return callEndpoint(resolved, args, signal);
  };
}
