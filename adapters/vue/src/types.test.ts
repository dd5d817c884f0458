// Result types are inferred from endpoints, with no casts in user code.
import { All } from '@tessera/core';
import { describe, expectTypeOf, it } from 'vitest';
import { type ComputedRef, ref } from 'vue';
import { type Todo, TodoResource } from '../../../tests/support/todoApi';
import type { ErrorLike } from './index';
import { useCache, useDLE, useLoading, useQuery, useSuspense } from './index';

// Only typechecked: these never run (composables need a component).
function types() {
  const id = ref(1);
  const maybe = ref<number | null>(1);

  const todo = useSuspense(TodoResource.get, () => ({ id: id.value }));
  expectTypeOf(todo).resolves.toMatchTypeOf<ComputedRef<Todo>>();
  const notNow = useSuspense(TodoResource.get, () => (maybe.value ? { id: maybe.value } : null));
  expectTypeOf(notNow).resolves.toMatchTypeOf<ComputedRef<Todo | undefined>>();
  expectTypeOf(useSuspense(TodoResource.getList)).resolves.toMatchTypeOf<ComputedRef<Todo[]>>();

  const dle = useDLE(TodoResource.get, { id: 1 });
  expectTypeOf(dle.data.value).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(dle.error.value).toEqualTypeOf<ErrorLike | undefined>();
  expectTypeOf(useCache(TodoResource.getList).value).toEqualTypeOf<Todo[] | undefined>();
  expectTypeOf(useQuery(new All(TodoResource.get.schema)).value).toMatchTypeOf<
    Todo[] | undefined
  >();

  const save = useLoading((todoId: number) => Promise.resolve(todoId));
  expectTypeOf(save.run).parameters.toEqualTypeOf<[number]>();
  expectTypeOf(save.run(1)).toEqualTypeOf<Promise<number>>();

  // @ts-expect-error: arguments are checked against the endpoint
  useDLE(TodoResource.get, { nope: 1 });
  // @ts-expect-error: the data ref is read-only
  dle.data.value = undefined;
}

describe('types', () => {
  it('are checked by vue-tsc and vitest', () => {
    expectTypeOf(types).toBeFunction();
  });
});
