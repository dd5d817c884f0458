// Type tests: checked by tsc. The accessors need a component, so every call sits in a
// `typeOnly` body, which typechecks but never runs.
import type { DLE } from '@tessera/core';
import type { Readable } from 'svelte/store';
import { describe, expectTypeOf, it } from 'vitest';
import { getTodoPages, Todo, TodoResource } from '../../../tests/support/todoApi.js';
import {
  type Cached,
  cacheStore,
  createTessera,
  dleStore,
  getTessera,
  type Mutation,
  type MutationStore,
  mutationStore,
  queryStore,
  retryBoundary,
  suspenseStore,
  type Tessera,
  useCache,
  useDLE,
  useFetch,
  useInfinite,
  useKeepLive,
  useMutation,
  useQuery,
  useSubscription,
  useSuspense,
} from '../src/index.js';

function typeOnly(_code: () => void) {}

const get = TodoResource.get;
type Snapshot = DLE<Todo | undefined>;

describe('types', () => {
  it('store accessors infer data from the endpoint, for every form of arguments', () => {
    typeOnly(() => {
      const id = 1 as number | null;
      expectTypeOf(dleStore(get, { id: 1 })).toEqualTypeOf<Readable<Snapshot>>();
      expectTypeOf(dleStore(get, null)).toEqualTypeOf<Readable<Snapshot>>();
      expectTypeOf(dleStore(get, id === null ? null : { id })).toEqualTypeOf<Readable<Snapshot>>();
      expectTypeOf(dleStore(get, () => ({ id: 1 }))).toEqualTypeOf<Readable<Snapshot>>();
      const ids = {} as Readable<{ id: number } | null>;
      expectTypeOf(dleStore(get, ids)).toEqualTypeOf<Readable<Snapshot>>();
      // @ts-expect-error: `id` is required
      dleStore(get, {});
      expectTypeOf(queryStore(Todo, { id: 1 })).toEqualTypeOf<Readable<Todo | undefined>>();
      // The cache readers give the data, as queryStore does.
      expectTypeOf(cacheStore(get, { id: 1 })).toEqualTypeOf<Readable<Todo | undefined>>();
      expectTypeOf(suspenseStore(get, { id: 1 })).toEqualTypeOf<
        Readable<Promise<Todo | undefined>>
      >();
    });
  });

  it('runes infer data from the thunk', () => {
    typeOnly(() => {
      const id = 1 as number | null;
      expectTypeOf(useDLE(() => [get, { id: 1 }]).data).toEqualTypeOf<Todo | undefined>();
      expectTypeOf(useDLE(() => [get, id === null ? null : { id }]).data).toEqualTypeOf<
        Todo | undefined
      >();
      // @ts-expect-error: `id` is required
      useDLE(() => [get, {}]);
      // The cache readers give the same shape: the data, as a property.
      expectTypeOf(useCache(() => [get, { id: 1 }])).toEqualTypeOf<Cached<Todo | undefined>>();
      expectTypeOf(useQuery(() => [Todo, { id: 1 }])).toEqualTypeOf<Cached<Todo | undefined>>();
      expectTypeOf(useFetch(() => [get, { id: 1 }])).toEqualTypeOf<
        Pick<Snapshot, 'loading' | 'error'>
      >();
      expectTypeOf(useKeepLive(() => [get, { id: 1 }])).toEqualTypeOf<void>();
      // The deprecated name of useKeepLive, for one release.
      expectTypeOf(useSubscription).toEqualTypeOf<typeof useKeepLive>();
      // @ts-expect-error: `id` is required
      useKeepLive(() => [get, {}]);
      // One flag name: `isPreviousData` (`previous`, its deprecated name, stays one release).
      const todo = useDLE(() => [get, { id: 1 }]);
      expectTypeOf(todo.isPreviousData).toEqualTypeOf<boolean>();
      expectTypeOf(todo.previous).toEqualTypeOf<boolean | undefined>();
      // An infinite list's `data` is its items, one flat list.
      const list = useInfinite(() => [getTodoPages]);
      expectTypeOf(list.data).toEqualTypeOf<readonly Todo[]>();
      expectTypeOf(list.isPreviousData).toEqualTypeOf<boolean>();
      // @ts-expect-error: `id` is required
      useFetch(() => [get, {}]);
    });
  });

  it('createTessera gives a Tessera, which getTessera gives back', () => {
    typeOnly(() => {
      expectTypeOf(createTessera()).toEqualTypeOf<Tessera>();
      expectTypeOf(getTessera()).toEqualTypeOf<Tessera>();
      expectTypeOf(createTessera().dispose).toEqualTypeOf<() => void>();
    });
  });

  it('useSuspense resolves with defined data; useMutation and mutationStore keep the call signature (run: void, runAsync: the promise)', () => {
    typeOnly(async () => {
      const todo = await useSuspense(() => [get, { id: 1 }]);
      expectTypeOf(todo.data).toEqualTypeOf<Todo>();
      const rename = useMutation(TodoResource.partialUpdate);
      expectTypeOf(rename).toExtend<
        Mutation<Parameters<typeof TodoResource.partialUpdate>, Todo>
      >();
      const count = useMutation(async (title: string) => title.length);
      expectTypeOf(count.run).toEqualTypeOf<(title: string) => void>();
      expectTypeOf(count.runAsync).toEqualTypeOf<(title: string) => Promise<number>>();
      const save = mutationStore(TodoResource.partialUpdate);
      expectTypeOf(save).toEqualTypeOf<
        MutationStore<Parameters<typeof TodoResource.partialUpdate>, Todo>
      >();
      expectTypeOf(save.run).returns.toEqualTypeOf<void>();
      expectTypeOf(save.runAsync).returns.toEqualTypeOf<Promise<Todo>>();
      expectTypeOf(mutationStore(async (title: string) => title.length).runAsync).toEqualTypeOf<
        (title: string) => Promise<number>
      >();
      // @ts-expect-error run gives no promise to chain (runAsync does)
      rename.run({ id: 1 }, { title: 'x' }).catch(() => {});
    });
  });

  it('retryBoundary takes what <svelte:boundary> hands out: any error and its reset', () => {
    expectTypeOf(retryBoundary).parameters.toEqualTypeOf<[error: unknown, reset: () => void]>();
    expectTypeOf(retryBoundary).returns.toEqualTypeOf<Promise<void>>();
    // @ts-expect-error the reset is required
    typeOnly(() => retryBoundary(new Error('x')));
  });
});
