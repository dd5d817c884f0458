import type {
  CallState,
  Controller,
  EndpointInterface,
  FetchResult,
  Listenable,
} from '@tessera/core';
import { type TrackedCall, trackCalls } from '@tessera/core/internal';

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
  /** Clears `error`; a call still in flight stays `loading` and no longer shows its failure. */
  reset(): void;
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
export function mutation(controller: Controller, call: TrackedCall): Mutation<never[], unknown> {
  return trackCalls(call, () => controller);
}
