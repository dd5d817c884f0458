// Type tests: checked by tsc. The accessors need a component, so every call sits in a
// `typeOnly` body, which typechecks but never runs.
import type { DLE } from '@tessera/core';
import type { Readable } from 'svelte/store';
import { describe, expectTypeOf, it } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi.js';
import {
  endpointStore,
  type Mutation,
  queryStore,
  retryBoundary,
  suspenseStore,
  useDLE,
  useMutation,
  useSuspense,
} from '../src/index.js';

function typeOnly(_code: () => void) {}

const get = TodoResource.get;
type Snapshot = DLE<Todo | undefined>;

describe('types', () => {
  it('store accessors infer data from the endpoint, for every form of arguments', () => {
    typeOnly(() => {
      const id = 1 as number | null;
      expectTypeOf(endpointStore(get, { id: 1 })).toEqualTypeOf<Readable<Snapshot>>();
      expectTypeOf(endpointStore(get, null)).toEqualTypeOf<Readable<Snapshot>>();
      expectTypeOf(endpointStore(get, id === null ? null : { id })).toEqualTypeOf<
        Readable<Snapshot>
      >();
      expectTypeOf(endpointStore(get, () => ({ id: 1 }))).toEqualTypeOf<Readable<Snapshot>>();
      const ids = {} as Readable<{ id: number } | null>;
      expectTypeOf(endpointStore(get, ids)).toEqualTypeOf<Readable<Snapshot>>();
      // @ts-expect-error: `id` is required
      endpointStore(get, {});
      expectTypeOf(queryStore(Todo, { id: 1 })).toEqualTypeOf<Readable<Todo | undefined>>();
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
    });
  });

  it('useSuspense resolves with defined data; useMutation keeps the call signature', () => {
    typeOnly(async () => {
      const todo = await useSuspense(() => [get, { id: 1 }]);
      expectTypeOf(todo.data).toEqualTypeOf<Todo>();
      const rename = useMutation(TodoResource.partialUpdate);
      expectTypeOf(rename).toExtend<
        Mutation<Parameters<typeof TodoResource.partialUpdate>, Todo>
      >();
      const count = useMutation(async (title: string) => title.length);
      expectTypeOf(count.run).toEqualTypeOf<(title: string) => Promise<number>>();
    });
  });

  it('retryBoundary takes what <svelte:boundary> hands out: any error and its reset', () => {
    expectTypeOf(retryBoundary).parameters.toEqualTypeOf<[error: unknown, reset: () => void]>();
    expectTypeOf(retryBoundary).returns.toEqualTypeOf<Promise<void>>();
    // @ts-expect-error the reset is required
    typeOnly(() => retryBoundary(new Error('x')));
  });
});
