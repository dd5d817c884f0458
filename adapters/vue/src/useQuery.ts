import { type DenormalizeNullable, QueryObserver, type Schema } from '@tessera/core';
import {
  type MaybeRefOrGetter,
  onScopeDispose,
  type ShallowRef,
  shallowReadonly,
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
 * A schema query (`Todo` by pk, `new All(Todo)`, a `Query`...) as a read-only shallow ref that
 * follows the store. Never fetches. Arguments may be refs or getters; `null` means "not now".
 */
export function useQuery<S extends Schema>(
  schema: S,
  ...args: readonly MaybeRefOrGetter<unknown>[]
): Readonly<ShallowRef<DenormalizeNullable<S> | undefined>> {
  const observer = new QueryObserver(useController(), schema, readQueryArgs(args));
  const result = shallowRef(observer.getSnapshot());
  if (!isServerRender()) {
    const stopListening = observer.listen((next) => {
      result.value = next;
    });
    watch(
      () => readQueryArgs(args),
      (next) => observer.setArgs(next),
    );
    onScopeDispose(stopListening);
  }
  return shallowReadonly(result);
}
