import { type DenormalizeNullable, QueryObserver, type Schema } from '@tessera/core';
import { type ComputedRef, computed, type MaybeRefOrGetter } from 'vue';
import { readArgs } from './args';
import { useController } from './tessera';
import { useObserver } from './useObserver';

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
  const observer = new QueryObserver<Schema>(useController(), schema, readArgs(args));
  const result = useObserver(observer, () => readArgs(args), false);
  return computed(() => result.value as DenormalizeNullable<S> | undefined);
}
