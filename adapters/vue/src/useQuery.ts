import { type DenormalizeNullable, QueryObserver, type Schema } from '@tessera/core';
import {
  type ComputedRef,
  computed,
  type MaybeRefOrGetter,
  onScopeDispose,
  shallowRef,
  toValue,
  watch,
} from 'vue';
import { isServerRender } from './observeEndpoint';
import { useController } from './tessera';

function readQueryArgs(args: readonly MaybeRefOrGetter<unknown>[]): readonly unknown[] {
  const values = args.map((arg) => toValue(arg));
  return values[0] === null ? [null] : values;
}

/**
 * A schema query (`Todo` by pk, `new All(Todo)`, a `Query`...) as a read-only ref that follows
 * the store, like `useCache`'s. Never fetches. Arguments may be refs or getters; `null` means
 * "not now".
 */
export function useQuery<S extends Schema>(
  schema: S,
  ...args: readonly MaybeRefOrGetter<unknown>[]
): ComputedRef<DenormalizeNullable<S> | undefined> {
  // Held through the plain schema type: the generic result type is too deep to instantiate here.
  const observer = new QueryObserver<Schema>(useController(), schema, readQueryArgs(args));
  const result = shallowRef(observer.getSnapshot() as DenormalizeNullable<S> | undefined);
  if (!isServerRender()) {
    const stopListening = observer.listen((next) => {
      result.value = next as DenormalizeNullable<S> | undefined;
    });
    watch(
      () => readQueryArgs(args),
      (next) => observer.setArgs(next),
    );
    onScopeDispose(stopListening);
  }
  return computed(() => result.value);
}
