import { CallTracker, type ErrorLike } from '@tessera/core';
import { type ComputedRef, computed, onScopeDispose, shallowRef } from 'vue';

export interface Loading<F extends (...args: never[]) => Promise<unknown>> {
  /** Calls the wrapped function; returns that call's own promise. */
  readonly run: (...args: Parameters<F>) => ReturnType<F>;
  /** True while any call is in flight (concurrent calls are counted). */
  readonly loading: ComputedRef<boolean>;
  /** The error of the latest settled call; cleared when a new call starts. */
  readonly error: ComputedRef<ErrorLike | undefined>;
}

/**
 * Wraps a mutation for a component: `const save = useLoading((todo) => ctrl.fetch(
 * TodoResource.partialUpdate, { id: todo.id }, todo))`, then `save.run(todo)` and
 * `save.loading` / `save.error` in the template.
 */
export function useLoading<F extends (...args: never[]) => Promise<unknown>>(call: F): Loading<F> {
  const tracker = new CallTracker(call);
  const state = shallowRef(tracker.getSnapshot());
  onScopeDispose(tracker.listen((next) => (state.value = next)));
  return {
    run: (...args) => tracker.run(...args),
    loading: computed(() => state.value.loading),
    error: computed(() => state.value.error),
  };
}
