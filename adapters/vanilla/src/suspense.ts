import {
  type ArgsOrNull,
  type Controller,
  type EndpointInterface,
  type FetchResult,
  getOwn,
} from '@tessera/core';
import { isFetchDue } from './fetchDue';
import { fetchTrackerOf } from './fetchTracker';

/**
 * The data of an endpoint for these arguments, as a promise (what a suspense boundary awaits).
 * - Fresh, usable cached data resolves at once (a fresh cached hard error rejects at once).
 * - Missing, stale, expired or invalid data is fetched (sharing a fetch already in flight), and
 *   the promise settles with the fetched data.
 * - When that fetch fails, stale data under a soft error policy resolves; otherwise the promise
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
  ...args: ArgsOrNull<E>
): Promise<FetchResult<E> | undefined>;
export async function suspense<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: ArgsOrNull<E>
): Promise<FetchResult<E> | undefined> {
  if (args[0] === null) return undefined;
  const fetchArgs = args as readonly [...Parameters<E>];
  const key = endpoint.key(...fetchArgs);
  const cached = controller.getResponseMeta(endpoint, ...fetchArgs);
  const meta = getOwn(controller.getState().meta, key);
  const tracker = fetchTrackerOf(controller);
  const inFlight = tracker.inFlight(key) !== undefined;
  if (!inFlight && !isFetchDue({ ...cached, loading: false }, meta, controller.now())) {
    const error = controller.getError(endpoint, ...fetchArgs);
    if (error !== undefined) throw error;
    return cached.data as FetchResult<E>;
  }
  // Counted as a reader of an accessor fetch in flight, so its other readers cannot abort it.
  const interest = tracker.want(endpoint, fetchArgs, key, false);
  try {
    // Awaited as unknown: awaiting the generic result type is too deep for the checker.
    const fetched: Promise<unknown> = controller.fetch(endpoint, ...fetchArgs);
    return (await fetched) as FetchResult<E>;
  } catch (error) {
    const after = controller.getResponseMeta(endpoint, ...fetchArgs);
    // The store hides an error under a soft policy while usable data exists (SPEC §7).
    if (after.data !== undefined && controller.getError(endpoint, ...fetchArgs) === undefined) {
      return after.data as FetchResult<E>;
    }
    throw error;
  } finally {
    interest.release();
  }
}
