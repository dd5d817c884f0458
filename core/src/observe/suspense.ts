import type { Controller, EndpointArgs, EndpointInterface, FetchResult } from '../store';
import { isFetchDue } from '../store';
import { dispatchFetch } from '../store/dispatchFetch';

/**
 * The data of an endpoint for these arguments, as a promise (what a suspense boundary awaits).
 * - Fresh, usable cached data resolves at once (a fresh cached hard error rejects at once).
 * - Missing, stale, expired or invalid data is fetched (joining a request in flight), and the
 *   promise settles with the data as the store holds it.
 * - When that fetch fails, usable data under a soft error policy resolves; otherwise the promise
 *   rejects with the error (a `NetworkError` for HTTP failures).
 * - `null` arguments ("not now") resolve to undefined without fetching.
 */
export function suspense<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: readonly [...Parameters<E>]
): Promise<FetchResult<E>>;
export function suspense<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: readonly [null]
): Promise<undefined>;
export function suspense<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Promise<FetchResult<E> | undefined>;
export function suspense<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Promise<FetchResult<E> | undefined> {
  return usableData(controller, endpoint, args, endpoint.signal);
}

/**
 * `suspense` for a caller that may withdraw: aborting `signal` rejects this promise and, when no
 * other caller waits for the request, aborts it.
 */
export async function usableData<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  args: EndpointArgs<E>,
  signal: AbortSignal | undefined,
): Promise<FetchResult<E> | undefined> {
  if (args[0] === null) return undefined;
  const fetchArgs = args as readonly [...Parameters<E>];
  const cached = controller.getSelection(endpoint, ...fetchArgs);
  // Fresh data does not wait for a refresh in flight (a poll, say).
  if (!isFetchDue({ ...cached, loading: false }, controller.now())) {
    if (cached.error !== undefined) throw cached.error;
    return cached.data as FetchResult<E>;
  }
  try {
    return (await dispatchFetch(controller, endpoint, fetchArgs, signal)) as FetchResult<E>;
  } catch (error) {
    if (signal?.aborted) throw error;
    // The store hides an error under a soft policy while usable data exists
    // (docs/reference/errors.md#error-policy).
    const after = controller.getSelection(endpoint, ...fetchArgs);
    if (after.data !== undefined && after.error === undefined) return after.data as FetchResult<E>;
    throw error;
  }
}
