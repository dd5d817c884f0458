// Result types are inferred from endpoints, with no casts in user code.
import { All } from '@tessera/core';
import { describe, expectTypeOf, it } from 'vitest';
import { type ComputedRef, ref } from 'vue';
import { getTodoPages, type Todo, TodoResource } from '../../../tests/support/todoApi';
import type { ErrorLike } from './index';
import {
  type Mutation,
  useCache,
  useDLE,
  useInfinite,
  useKeepLive,
  useMutation,
  useQuery,
  useSubscription,
  useSuspense,
} from './index';

// Only typechecked: these never run (composables need a component).
function types() {
  const id = ref(1);
  const maybe = ref<number | null>(1);

  const todo = useSuspense(TodoResource.get, () => ({ id: id.value }));
  expectTypeOf(todo).resolves.toMatchTypeOf<ComputedRef<Todo>>();
  void todo.then((shown) => {
    expectTypeOf(shown.isPreviousData).toEqualTypeOf<ComputedRef<boolean>>();
    expectTypeOf(shown.previous).toEqualTypeOf<ComputedRef<boolean>>();
  });
  const notNow = useSuspense(TodoResource.get, () => (maybe.value ? { id: maybe.value } : null));
  expectTypeOf(notNow).resolves.toMatchTypeOf<ComputedRef<Todo | undefined>>();
  expectTypeOf(useSuspense(TodoResource.getList)).resolves.toMatchTypeOf<ComputedRef<Todo[]>>();

  const dle = useDLE(TodoResource.get, { id: 1 });
  expectTypeOf(dle.data.value).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(dle.error.value).toEqualTypeOf<ErrorLike | undefined>();
  // One word per concept: `isPreviousData` is the flag; `previous` its deprecated name.
  expectTypeOf(dle.isPreviousData).toEqualTypeOf<ComputedRef<boolean>>();
  expectTypeOf(dle.previous).toEqualTypeOf<typeof dle.isPreviousData>();
  expectTypeOf(useKeepLive(TodoResource.get, { id: 1 })).toEqualTypeOf<void>();
  expectTypeOf(useSubscription).toEqualTypeOf<typeof useKeepLive>();
  // @ts-expect-error: arguments are checked against the endpoint
  useKeepLive(TodoResource.get, { nope: 1 });
  // An infinite list's `data` is its items, one flat list, as `pages` is the pages.
  const list = useInfinite(getTodoPages);
  expectTypeOf(list.data).toEqualTypeOf<ComputedRef<readonly Todo[]>>();
  expectTypeOf(list.isPreviousData).toEqualTypeOf<ComputedRef<boolean>>();
  // The two cache readers give the same read-only ref as useDLE's data.
  expectTypeOf(useCache(TodoResource.getList)).toEqualTypeOf<ComputedRef<Todo[] | undefined>>();
  expectTypeOf(useCache(TodoResource.get, { id: 1 })).toEqualTypeOf<typeof dle.data>();
  expectTypeOf(useQuery(TodoResource.get.schema, { id: 1 })).toEqualTypeOf<
    ComputedRef<Todo | undefined>
  >();
  expectTypeOf(useQuery(new All(TodoResource.get.schema)).value).toMatchTypeOf<
    Todo[] | undefined
  >();

  const save = useMutation((todoId: number) => Promise.resolve(todoId));
  expectTypeOf(save).toEqualTypeOf<Mutation<[todoId: number], number>>();
  expectTypeOf(save.run).parameters.toEqualTypeOf<[number]>();
  expectTypeOf(save.run(1)).toEqualTypeOf<void>();
  expectTypeOf(save.runAsync(1)).toEqualTypeOf<Promise<number>>();
  const rename = useMutation(TodoResource.partialUpdate);
  expectTypeOf(rename.run).returns.toEqualTypeOf<void>();
  expectTypeOf(rename.runAsync).returns.toEqualTypeOf<Promise<Todo>>();
  expectTypeOf(rename.loading).toEqualTypeOf<ComputedRef<boolean>>();
  // @ts-expect-error: arguments are checked against the endpoint
  rename.run({ id: 1 }, { nope: true });
  // @ts-expect-error: so are runAsync's
  void rename.runAsync({ id: 1 }, { nope: true });
  // @ts-expect-error: run gives no promise to chain (runAsync does)
  rename.run({ id: 1 }, { title: 'x' }).catch(() => {});

  // @ts-expect-error: arguments are checked against the endpoint
  useDLE(TodoResource.get, { nope: 1 });
  // @ts-expect-error: the data ref is read-only
  dle.data.value = undefined;
  // @ts-expect-error: so is a query's
  useQuery(TodoResource.get.schema, { id: 1 }).value = undefined;
}

describe('types', () => {
  it('are checked by vue-tsc and vitest', () => {
    expectTypeOf(types).toBeFunction();
  });
});
