import type { CallState, ErrorLike } from '@tessera/core';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type Todo, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { mutation } from './mutation';

const t = setupTodoTessera();
const IDLE: CallState = { loading: false, error: undefined };

describe('mutation', () => {
  it('runs an endpoint through the store: loading while in flight, then settled', async () => {
    const rename = t.tessera.mutation(TodoResource.partialUpdate);
    const state = record(rename);
    expect(state.values).toEqual([IDLE]);
    const release = t.api.hold();
    const done = rename.runAsync({ id: 1 }, { title: 'Renamed' });
    expect(rename.getSnapshot()).toEqual({ loading: true, error: undefined });
    await vi.waitFor(() => expect(t.api.requests).toEqual(['PATCH /todos/1']));
    release();
    const todo = await done;
    expect(todo.title).toBe('Renamed');
    expect(state.values).toEqual([IDLE, { loading: true, error: undefined }, IDLE]);
    // What the endpoint returned is in the store: a reader sees it without a request.
    expect(t.tessera.controller.getResponse(TodoResource.get, { id: 1 }).data?.title).toBe(
      'Renamed',
    );
    state.stop();
  });

  it('reset() clears the error shown', async () => {
    const rename = t.tessera.mutation(TodoResource.partialUpdate);
    t.api.failNext(500);
    await expect(rename.runAsync({ id: 1 }, { title: 'x' })).rejects.toMatchObject({
      status: 500,
    });
    expect(rename.getSnapshot().error?.status).toBe(500);
    rename.reset();
    expect(rename.getSnapshot()).toEqual(IDLE);
  });

  it('keeps the error of the latest call, rejects that call, and clears it on the next', async () => {
    const rename = mutation(t.tessera.controller, TodoResource.partialUpdate);
    const state = record(rename);
    t.api.failNext(500);
    await expect(rename.runAsync({ id: 1 }, { title: 'x' })).rejects.toMatchObject({
      status: 500,
    });
    expect(state.last()).toMatchObject({ loading: false, error: { status: 500 } });
    const next = rename.runAsync({ id: 1 }, { title: 'y' });
    expect(state.last()).toEqual({ loading: true, error: undefined });
    await next;
    expect(state.last()).toEqual(IDLE);
    state.stop();
  });

  it('run() from a handler never rejects: a failure is only in the state', async () => {
    const rename = t.tessera.mutation(TodoResource.partialUpdate);
    t.api.failNext(404);
    expect(rename.run({ id: 99 }, { title: 'x' })).toBeUndefined();
    await vi.waitFor(() => expect(rename.getSnapshot().error).toMatchObject({ status: 404 }));
    expect(rename.getSnapshot().loading).toBe(false);
  });

  it('tracks any async function, concurrent calls counted', async () => {
    let finish!: (value: number) => void;
    const slow = vi.fn((_n: number) => new Promise<number>((resolve) => (finish = resolve)));
    const call = t.tessera.mutation(slow);
    const state = record(call);
    const first = call.runAsync(1);
    const resolveFirst = finish;
    const second = call.runAsync(2);
    resolveFirst(10);
    await first;
    expect(state.last()).toEqual({ loading: true, error: undefined });
    finish(20);
    await expect(second).resolves.toBe(20);
    expect(state.last()).toEqual(IDLE);
    expect(slow.mock.calls).toEqual([[1], [2]]);
    state.stop();
  });

  it('a listener that left hears nothing more; the calls still settle', async () => {
    const rename = t.tessera.mutation(TodoResource.partialUpdate);
    const state = record(rename);
    state.stop();
    await rename.runAsync({ id: 2 }, { title: 'Quiet' });
    expect(state.values).toEqual([IDLE]);
    expect(rename.getSnapshot()).toEqual(IDLE);
  });

  it('is typed by the endpoint or the function', () => {
    const rename = t.tessera.mutation(TodoResource.partialUpdate);
    expectTypeOf(rename.run).returns.toEqualTypeOf<void>();
    expectTypeOf(rename.runAsync).returns.resolves.toEqualTypeOf<Todo>();
    expectTypeOf(rename.getSnapshot().error).toEqualTypeOf<ErrorLike | undefined>();
    const add = t.tessera.mutation(async (a: number, b: number) => a + b);
    expectTypeOf(add.run).parameters.toEqualTypeOf<[a: number, b: number]>();
    expectTypeOf(add.runAsync).parameters.toEqualTypeOf<[a: number, b: number]>();
    expectTypeOf(add.runAsync).returns.resolves.toEqualTypeOf<number>();
    // Never called: the wrong arguments are what the compiler must refuse.
    const wrong = () => {
      // @ts-expect-error a todo's title is a string
      rename.run({ id: 1 }, { title: 2 });
      // @ts-expect-error two numbers
      void add.runAsync(1);
      // @ts-expect-error run gives no promise: ask runAsync for one
      void rename.run({ id: 1 }, { title: 'x' }).then(() => {});
    };
    expectTypeOf(wrong).toBeFunction();
  });
});
