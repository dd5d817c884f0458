import type { ErrorLike } from '@tessera/core';
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
 * a hard error) and renders the `fallback` slot with `{ error, reset }`; `reset()` mounts the
 * default slot again, which fetches anew. `<Suspense>` itself catches nothing.
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
    const attempt = ref(0);
    onErrorCaptured((caught) => {
      error.value = caught instanceof Error ? caught : new Error(String(caught), { cause: caught });
      emit('error', error.value);
      return false;
    });
    const reset = () => {
      error.value = undefined;
      attempt.value += 1;
    };
    return (): VNode | VNode[] | undefined =>
      error.value
        ? slots.fallback?.({ error: error.value, reset })
        : h(Fragment, { key: attempt.value }, slots.default?.({}));
  },
});
