import type { DLE } from '@tessera/core';
import {
  Controller,
  createStore,
  GCManager,
  Listenable,
  type Manager,
  NetworkManager,
  PollingManager,
  type State,
  StoreDisposedError,
} from '@tessera/core';
import { distinctUntilChanged, firstValueFrom, from, map, skip, take, toArray } from 'rxjs';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type Todo, TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';
import { createTessera } from './tessera';

const t = setupTodoTessera();

/** The Svelte store contract, as Svelte reads it (`get(store)` / `$store`). */
interface SvelteReadable<T> {
  subscribe(run: (value: T) => void): (() => void) | { unsubscribe(): void };
}

/** Reads a store the way Svelte's `get` does; fails unless the first value is synchronous. */
function readLikeSvelte<T>(store: SvelteReadable<T>): T {
  let value: T | undefined;
  let called = false;
  const stop = store.subscribe((next) => {
    value = next;
    called = true;
  });
  if (!called) throw new Error('the store did not call run synchronously');
  if (typeof stop === 'function') stop();
  else stop.unsubscribe();
  return value as T;
}

describe('createTessera', () => {
  it('runs a store with the network, polling and GC managers', () => {
    const kinds = t.tessera.store.managers.map((manager) => manager.constructor);
    expect(kinds).toEqual(expect.arrayContaining([NetworkManager, PollingManager, GCManager]));
    expect(t.tessera.controller).toBeInstanceOf(Controller);
    expect(t.tessera.store.controller).toBe(t.tessera.controller);
  });

  it('passes store options through: initial state and extra managers', async () => {
    const seen: string[] = [];
    const logger: Manager = {
      middleware: () => (next) => (action) => {
        seen.push(action.type);
        return next(action);
      },
      cleanup() {},
    };
    const first = createTessera();
    await first.controller.fetch(TodoResource.get, { id: 1 });
    const second = createTessera({ initialState: first.store.getState(), managers: [logger] });
    const todo = record(second.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toHaveLength(1);
    expect(todo.last()).toMatchObject({ loading: false, data: { id: 1 } });
    await second.controller.fetch(TodoResource.get, { id: 2 });
    expect(seen).toContain('fetch');
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2']);
    todo.stop();
    first.dispose();
    second.dispose();
  });

  it('dispose completes every listener and aborts what is in flight', async () => {
    const local = createTessera();
    const release = t.api.hold();
    const values: unknown[] = [];
    let completed = false;
    local.dle(TodoResource.get, { id: 1 }).subscribe({
      next: (value) => values.push(value),
      complete: () => {
        completed = true;
      },
    });
    let stateCompleted = false;
    local.controller.subscribe({ complete: () => (stateCompleted = true) });
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(1));
    local.dispose();
    expect(completed).toBe(true);
    expect(stateCompleted).toBe(true);
    await vi.waitFor(() => expect(t.api.aborted).toEqual(['GET /todos/1']));
    release();
    // The reader that waited settles (not an endless spinner) before it completes.
    expect(values).toEqual([
      {
        data: undefined,
        loading: true,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
      {
        data: undefined,
        loading: false,
        error: expect.any(StoreDisposedError),
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
  });
});

describe('createTessera({ store })', () => {
  it('reads through a store you created, and dispose() leaves it running', async () => {
    const store = createStore();
    const tessera = createTessera({ store });
    expect(tessera.store).toBe(store);
    expect(tessera.controller).toBe(store.controller);
    const todo = record(tessera.dle(TodoResource.get, { id: 1 }));
    await vi.waitFor(() => expect(todo.last()).toMatchObject({ data: { title: 'Todo 1' } }));
    tessera.dispose();
    expect(store.controller.isDisposed).toBe(false);
    // Still running: it fetches, and the reader hears it.
    await store.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Still mine' });
    expect(todo.last().data?.title).toBe('Still mine');
    todo.stop();
    store.dispose();
  });

  it('disposes a store it created', () => {
    const tessera = createTessera();
    tessera.dispose();
    expect(tessera.controller.isDisposed).toBe(true);
  });
});

describe('controller.subscribe: the store as an observable', () => {
  it('calls a plain listener synchronously with the current state, then each new one', async () => {
    const states: State[] = [];
    const subscription = t.tessera.controller.subscribe((state) => states.push(state));
    expect(states).toEqual([t.tessera.store.getState()]);
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    expect(states.length).toBeGreaterThan(1);
    expect(states[states.length - 1]).toBe(t.tessera.store.getState());
    subscription.unsubscribe();
    const count = states.length;
    await t.tessera.controller.fetch(TodoResource.get, { id: 2 });
    expect(states).toHaveLength(count);
  });

  it('works with RxJS from()', async () => {
    const endpoints = firstValueFrom(
      from(t.tessera.controller).pipe(
        map((state) => Object.keys(state.endpoints).length),
        distinctUntilChanged(),
        take(2),
        toArray(),
      ),
    );
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    await expect(endpoints).resolves.toEqual([0, 1]);
  });

  it('is a Svelte store without glue', () => {
    expect(readLikeSvelte(t.tessera.controller)).toBe(t.tessera.store.getState());
    expectTypeOf(t.tessera.controller).toExtend<SvelteReadable<State>>();
  });
});

describe('Listenable accessors in plain JS, RxJS and Svelte', () => {
  it('listen() returns an unsubscribe function', async () => {
    const values: DLE<Todo | undefined>[] = [];
    const stop = t.tessera.dle(TodoResource.get, { id: 1 }).listen((state) => values.push(state));
    expect(typeof stop).toBe('function');
    stop();
    stop();
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 }).catch(() => {});
    expect(values).toEqual([
      {
        data: undefined,
        loading: true,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
  });

  it('an accessor is an RxJS observable', async () => {
    const source = t.tessera.dle(TodoResource.get, { id: 1 });
    expect(source).toBeInstanceOf(Listenable);
    const loaded = await firstValueFrom(
      from(source).pipe(
        skip(1),
        map((state) => state.data?.title),
      ),
    );
    expect(loaded).toBe('Todo 1');
  });

  it('an accessor is a Svelte store with a synchronous first value', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    expect(readLikeSvelte(t.tessera.dle(TodoResource.get, { id: 1 }))).toMatchObject({
      loading: false,
      data: { id: 1 },
    });
    expect(readLikeSvelte(t.tessera.cache(TodoResource.get, { id: 1 }))).toMatchObject({ id: 1 });
    expectTypeOf(t.tessera.dle(TodoResource.get, { id: 1 })).toExtend<
      SvelteReadable<DLE<Todo | undefined>>
    >();
  });

  it('DLE snapshots are typed by the endpoint, with a typed error', () => {
    const source = t.tessera.dle(TodoResource.getList, { userId: 1 });
    type Snapshot = Parameters<Parameters<typeof source.listen>[0]>[0];
    expectTypeOf<Snapshot['data']>().toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf<Snapshot['loading']>().toEqualTypeOf<boolean>();
    expectTypeOf<Snapshot['isPreviousData']>().toEqualTypeOf<boolean>();
    // The flag's deprecated name, for one release.
    expectTypeOf<Snapshot['previous']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<Snapshot['error']>['status']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error userId is a number
    t.tessera.dle(TodoResource.getList, { userId: 'one' });
  });
});
