import {
  type CallState,
  CallTracker,
  type Controller,
  type EndpointInterface,
  type FetchResult,
  type Listenable,
} from '@tessera/core';

/**
 * A tracked mutation: `run(...args)` calls it and never rejects (its failure shows in the state),
 * `runAsync(...args)` calls it and returns that call's own promise, and the `Listenable` gives
 * `{ loading, error }`: loading while any call is in flight, the error of the latest settled call.
 */
export interface Mutation<A extends readonly unknown[], R> extends Listenable<CallState> {
  /** Calls the mutation from a handler: never rejects; a failure shows in `error`. */
  run(...args: A): void;
  /** Calls the mutation; returns that call's own promise, which rejects when it fails. */
  runAsync(...args: A): Promise<R>;
  /** The current `{ loading, error }`. */
  getSnapshot(): CallState;
}

/**
 * Tracks calls of a mutation: an endpoint (`run(...args)` is `controller.fetch(endpoint, ...args)`)
 * or any async function.
 */
export function mutation<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
): Mutation<Parameters<E>, FetchResult<E>>;
export function mutation<A extends readonly unknown[], R>(
  controller: Controller,
  call: (...args: A) => Promise<R>,
): Mutation<A, R>;
export function mutation(
  controller: Controller,
  call: EndpointInterface | ((...args: readonly unknown[]) => Promise<unknown>),
): Mutation<readonly unknown[], unknown> {
  const run =
    'key' in call && typeof call.key === 'function'
      ? (...args: readonly unknown[]) =>
          controller.fetch(call, ...(args as Parameters<typeof call>))
      : call;
  return new CallTracker(run);
}
