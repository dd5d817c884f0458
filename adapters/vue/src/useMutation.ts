import {
  CallTracker,
  type EndpointInterface,
  type ErrorLike,
  type FetchResult,
} from '@tessera/core';
import { type ComputedRef, computed, onScopeDispose, shallowRef } from 'vue';
import { useController } from './tessera';

/** A mutation's `run` and `runAsync`, and the `loading` and `error` of its calls as read-only refs. */
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
  /** The error of the latest settled call; cleared when a new call starts. */
  readonly error: ComputedRef<ErrorLike | undefined>;
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
export function useMutation(
  call: EndpointInterface | ((...args: readonly unknown[]) => Promise<unknown>),
): Mutation<readonly unknown[], unknown> {
  // An endpoint has a `key` method; a plain function needs no store.
  const controller = typeof Reflect.get(call, 'key') === 'function' ? useController() : undefined;
  const run = controller
    ? (...args: readonly unknown[]) => controller.fetch(call as EndpointInterface, ...(args as []))
    : (call as (...args: readonly unknown[]) => Promise<unknown>);
  const tracker = new CallTracker(run);
  const state = shallowRef(tracker.getSnapshot());
  onScopeDispose(tracker.listen((next) => (state.value = next)));
  return {
    run: (...args) => tracker.run(...args),
    runAsync: (...args) => tracker.runAsync(...args),
    loading: computed(() => state.value.loading),
    error: computed(() => state.value.error),
  };
}
