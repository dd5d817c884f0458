import type { CallState, EndpointInterface, ErrorLike, FetchResult } from '@tessera/core';
import { type TrackedCall, trackCalls } from '@tessera/core/internal';
import { getTessera } from './context.js';
import { tracked, view } from './observe.svelte.js';

/**
 * Loading and error of a mutation, as reactive properties, and `run` / `runAsync` to call it,
 * `reset` to clear its error.
 */
export interface Mutation<A extends readonly unknown[], R> {
  /** Calls the mutation from a handler: never rejects; a failure shows in `error`. */
  readonly run: (...args: A) => void;
  /** Calls the mutation; returns that call's own promise, which rejects when it fails. */
  readonly runAsync: (...args: A) => Promise<R>;
  /** Clears `error`; a call still in flight stays `loading` and no longer shows its failure. */
  readonly reset: () => void;
  readonly loading: boolean;
  readonly error: ErrorLike | undefined;
}

/** The store an endpoint is called through (a plain function needs none). */
export const contextController = () => getTessera().controller;

/**
 * Tracks calls of a mutation: an endpoint (`run(...args)` is `controller.fetch(endpoint, ...args)`)
 * or any async function. `loading` while a call is in flight; `error` of the latest settled call.
 */
export function useMutation<E extends EndpointInterface>(
  endpoint: E,
): Mutation<Parameters<E>, FetchResult<E>>;
export function useMutation<A extends readonly unknown[], R>(
  call: (...args: A) => Promise<R>,
): Mutation<A, R>;
export function useMutation(call: TrackedCall): Mutation<never[], unknown> {
  const tracker = trackCalls(call, contextController);
  return view<CallState>(tracked(tracker), tracker.getSnapshot(), {
    run: (...args: never[]) => tracker.run(...args),
    runAsync: (...args: never[]) => tracker.runAsync(...args),
    reset: () => tracker.reset(),
  }) as Mutation<never[], unknown>;
}
