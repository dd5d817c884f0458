import type { EndpointInterface, ErrorLike, FetchResult } from '@tessera/core';
import { type TrackedCall, trackCalls } from '@tessera/core/internal';
import { type ComputedRef, onScopeDispose, shallowRef } from 'vue';
import { useController } from './tessera';
import { snapshotRefs } from './useObserver';

/**
 * A mutation's `run`, `runAsync` and `reset`, and the `loading` and `error` of its calls as
 * read-only refs.
 */
export interface Mutation<A extends readonly unknown[], R> {
  /**
   * Calls the mutation from a handler: never rejects, so a failure shows in `error` and never
   * reaches Vue's error handler (or a `TesseraErrorBoundary`).
   */
  readonly run: (...args: A) => void;
  /** Calls the mutation; returns that call's own promise, which rejects when it fails. */
  readonly runAsync: (...args: A) => Promise<R>;
  /** True while any call is in flight (concurrent calls are counted). */
  readonly loading: ComputedRef<boolean>;
  /** The error of the latest settled call; cleared when a new call starts, or by `reset`. */
  readonly error: ComputedRef<ErrorLike | undefined>;
  /**
   * Clears `error` (a dismissed message, a form opened again). A call still in flight stays
   * `loading` and no longer shows its failure.
   */
  readonly reset: () => void;
}

/**
 * Tracks the calls of a mutation for a component: an endpoint (`run(...args)` is
 * `controller.fetch(endpoint, ...args)`) or any async function. `const save =
 * useMutation(TodoResource.partialUpdate)`, then `save.run({ id }, { title })` and
 * `save.loading` / `save.error` in the template; `await save.runAsync(...)` for the result.
 */
export function useMutation<E extends EndpointInterface>(
  endpoint: E,
): Mutation<Parameters<E>, FetchResult<E>>;
export function useMutation<A extends readonly unknown[], R>(
  call: (...args: A) => Promise<R>,
): Mutation<A, R>;
export function useMutation(call: TrackedCall): Mutation<never[], unknown> {
  // A plain function needs no store: `useController` is called for an endpoint only.
  const tracker = trackCalls(call, useController);
  const state = shallowRef(tracker.getSnapshot());
  onScopeDispose(tracker.listen((next) => (state.value = next)));
  return {
    ...snapshotRefs(state),
    run: (...args) => tracker.run(...args),
    runAsync: (...args) => tracker.runAsync(...args),
    reset: () => tracker.reset(),
  };
}
