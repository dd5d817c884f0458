import { type EndpointInterface, NetworkError, type PerformRequest } from '@tessera/core';
import { callEndpoint } from '@tessera/core/internal';

/** What a RestEndpoint has besides the interface: its request step and option-taking extend. */
interface RestLike {
  fetchResponse?: (input: string, init: RequestInit) => Promise<Response>;
  extend(options: object): EndpointInterface;
}

type FetchResponse = (this: unknown, input: string, init: RequestInit) => Promise<Response>;

/**
 * How the server's store makes requests: like the browser's, but with `fetchResponse` replaced
 * by `route(original)`. Only the request changes: the endpoint's key, hence the state handed to
 * the browser, stays relative. Endpoints without `fetchResponse` (plain functions) are called
 * as they are.
 */
function performWith(route: (original: FetchResponse) => FetchResponse): PerformRequest {
  return (endpoint, args, signal) => {
    const rest = endpoint as EndpointInterface & Partial<RestLike>;
    const { fetchResponse } = rest;
    if (typeof fetchResponse !== 'function' || typeof rest.extend !== 'function') {
      return callEndpoint(endpoint, args, signal);
    }
    return callEndpoint(rest.extend({ fetchResponse: route(fetchResponse) }), args, signal);
  };
}

/** A relative URL (`/api/todos`) is resolved against `origin`, since a server has no page. */
export function performAt(origin: string): PerformRequest {
  return performWith(
    (original) =>
      function (input, init) {
        return original.call(this, new URL(input, origin).href, init);
      },
  );
}

/** Nitro's `localFetch`: a path is answered by this app's own handlers, in process. */
export type LocalFetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A relative URL is answered by this app's own server in process (`localFetch`): it never
 * leaves the process, whatever host the page request named. A status outside 200-299 rejects
 * with NetworkError, as `fetchResponse` does. Absolute URLs go through the endpoint's own
 * `fetchResponse`.
 */
export function performInProcess(localFetch: LocalFetch): PerformRequest {
  return performWith(
    (original) =>
      async function (input, init) {
        if (/^[a-z][a-z\d+.-]*:/i.test(input)) return original.call(this, input, init);
        const response = await localFetch(input.startsWith('/') ? input : `/${input}`, init);
        if (!response.ok) {
          const method = init.method ?? 'GET';
          throw await NetworkError.fromResponse(
            response,
            `${method} ${input} failed: ${response.status}`,
          );
        }
        return response;
      },
  );
}
