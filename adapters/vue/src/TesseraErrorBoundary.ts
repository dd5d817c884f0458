import type { ErrorLike } from '@tessera/core';
import { retryFailure } from '@tessera/core/internal';
import {
  defineComponent,
  Fragment,
  h,
  onErrorCaptured,
  ref,
  type SlotsType,
  shallowRef,
  type VNode,
} from 'vue';

/**
 * Catches errors of its subtree (a `<Suspense>` that rejected, a `useSuspense` ref that threw on
 * a hard error) and renders the `fallback` slot with `{ error, reset }`. `reset()` fetches anew
 * what failed (the results whose error a reader threw, still fresh in the store for
 * `errorExpiryLength`), then mounts the default slot again. `<Suspense>` itself catches nothing.
 */
export const TesseraErrorBoundary = defineComponent({
  name: 'TesseraErrorBoundary',
  emits: { error: (_error: ErrorLike) => true },
  slots: Object as SlotsType<{
    default: Record<string, never>;
    fallback: { error: ErrorLike; reset: () => void };
  }>,
  setup(_props, { slots, emit }) {
    const error = shallowRef<ErrorLike>();
    // What was thrown, as thrown: the key `retryFailure` knows it by.
    let thrown: unknown;
    const attempt = ref(0);
    onErrorCaptured((caught) => {
      thrown = caught;
      error.value = caught instanceof Error ? caught : new Error(String(caught), { cause: caught });
      emit('error', error.value);
      return false;
    });
    const remount = () => {
      error.value = undefined;
      attempt.value += 1;
    };
    const reset = () => {
      const retried = retryFailure(thrown);
      thrown = undefined;
      void retried.then(remount);
    };
    return (): VNode | VNode[] | undefined =>
      error.value
        ? slots.fallback?.({ error: error.value, reset })
        : h(Fragment, { key: attempt.value }, slots.default?.({}));
  },
});
