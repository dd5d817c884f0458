import { firstValueFrom, from, Observable, take, toArray } from 'rxjs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Entity } from '../schema';
import { Controller, type Manager, type Selection, type State, setResponse } from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';
import { NetworkManager } from './NetworkManager';
import { PollingManager } from './PollingManager';
import { RetryManager } from './RetryManager';

class Todo extends Entity {
  id = '';
  title = '';
  done = false;
  pk() {
    return this.id;
  }
}

const getTodo = Object.assign(
  async ({ id }: { id: string }) => ({ id, title: `todo ${id}`, done: false }),
  {
    key: ({ id }: { id: string }) => `GET /todos/${id}`,
    schema: Todo,
  },
);

describe('the controller is an RxJS observable of the state', () => {
  it('emits the current state synchronously on subscribe, then every new state', async () => {
    const { controller, dispose } = createStore();
    expect(controller).toBeInstanceOf(Observable);
    const seen: State[] = [];
    const subscription = controller.subscribe((state) => seen.push(state));
    expect(seen).toEqual([controller.getState()]);
    await setResponse(controller, getTodo, { id: '1' }, { id: '1', title: 'a', done: false });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(controller.getState());
    subscription.unsubscribe();
    await setResponse(controller, getTodo, { id: '2' }, { id: '2', title: 'b', done: false });
    expect(seen).toHaveLength(2);
    dispose();
  });

  it('works with from() and Symbol.observable interop, and as a Svelte store', async () => {
    const { controller, dispose } = createStore();
    const states = firstValueFrom(from(controller).pipe(take(2), toArray()));
    await setResponse(controller, getTodo, { id: '1' }, { id: '1', title: 'a', done: false });
    const [first, second] = await states;
    expect(second).toBe(controller.getState());
    expect(first).not.toBe(second);
    const interop = (controller as unknown as Record<symbol | string, () => unknown>)[
      (Symbol as unknown as { observable?: symbol }).observable ?? '@@observable'
    ]();
    expect(interop).toBe(controller);
    // Svelte store contract: subscribe(fn) calls fn synchronously and returns something with unsubscribe.
    let value: State | undefined;
    const unsubscribe = controller.subscribe((state) => {
      value = state;
    });
    expect(value).toBe(controller.getState());
    expect(typeof unsubscribe.unsubscribe).toBe('function');
    unsubscribe.unsubscribe();
    dispose();
  });

  it('state$ and getState agree; dispose completes subscribers and stops managers', async () => {
    const store = createStore();
    let completed = false;
    store.state$.subscribe({ complete: () => (completed = true) });
    expect(await firstValueFrom(store.state$)).toBe(store.getState());
    store.dispose();
    expect(completed).toBe(true);
  });

  it('every change produces a new state; entity tables are written in place unless kept', async () => {
    const { controller, dispose } = createStore();
    const before = controller.getState();
    await setResponse(controller, getTodo, { id: '1' }, { id: '1', title: 'a', done: false });
    const middle = controller.getState();
    expect(middle).not.toBe(before);
    // The empty initial tables are not the store's own: the first write copied them.
    expect(before.entities).toEqual({});
    await controller.set(Todo, { id: '1' }, { id: '1', title: 'b', done: false });
    const after = controller.getState();
    expect(after).not.toBe(middle);
    // Live: the same tables, written in place, so a held state shows the newer entity.
    expect(after.entities).toBe(middle.entities);
    expect((middle.entities.Todo as Record<string, Todo>)['1'].title).toBe('b');
    expect(after.endpoints).toBe(middle.endpoints);

    const kept = controller.keepState();
    await controller.set(Todo, { id: '1' }, { id: '1', title: 'c', done: false });
    await setResponse(controller, getTodo, { id: '2' }, { id: '2', title: 'd', done: false });
    expect((kept.entities.Todo as Record<string, Todo>)['1'].title).toBe('b');
    expect(Object.keys(kept.entities.Todo ?? {})).toEqual(['1']);
    expect(Object.keys(kept.entitiesMeta.Todo ?? {})).toEqual(['1']);
    const latest = controller.getState().entities.Todo as Record<string, Todo>;
    expect(latest['1'].title).toBe('c');
    expect(Object.keys(latest)).toEqual(['1', '2']);
    // Copied once: the next write goes in place again.
    const copied = controller.getState().entities.Todo;
    await controller.set(Todo, { id: '2' }, { id: '2', title: 'e', done: false });
    expect(controller.getState().entities.Todo).toBe(copied);
    dispose();
  });

  it('a dispatch from inside a subscriber is delivered after, in order, to every subscriber', async () => {
    const { controller, dispose } = createStore();
    const seenByLater: { state: State; keys: number }[] = [];
    let reacted = false;
    controller.subscribe((state) => {
      if (!reacted && Object.keys(state.endpoints).length === 1) {
        reacted = true;
        void setResponse(controller, getTodo, { id: '2' }, { id: '2', title: 'b', done: false });
      }
    });
    controller.subscribe((state) =>
      seenByLater.push({ state, keys: Object.keys(state.endpoints).length }),
    );
    await setResponse(controller, getTodo, { id: '1' }, { id: '1', title: 'a', done: false });
    // Three states, in order, the last one current. Tables are live (written in place), so the
    // second one, delivered after the first subscriber's write, already reads that write.
    expect(new Set(seenByLater.map((seen) => seen.state)).size).toBe(3);
    expect(seenByLater[2].state).toBe(controller.getState());
    expect(seenByLater.map((seen) => seen.keys)).toEqual([0, 2, 2]);
    dispose();
  });
});

describe('controller methods work detached', () => {
  it('fetch, invalidate, getResponse, select... taken off the controller (useController() shape)', async () => {
    const { controller, dispose } = createStore();
    const { fetch, invalidate, getResponse, select, set, get, getState, expireAll } = controller;
    await expect(fetch(getTodo, { id: '1' })).resolves.toMatchObject({ title: 'todo 1' });
    expect(getResponse(getTodo, { id: '1' }).data).toBeInstanceOf(Todo);
    await set(Todo, { id: '1', title: 'renamed', done: true });
    expect(get(Todo, { id: '1' })?.title).toBe('renamed');
    const selection = await firstValueFrom(select(getTodo, { id: '1' }));
    expect(selection.data?.title).toBe('renamed');
    await invalidate(getTodo, { id: '1' });
    expect(getState().meta['GET /todos/1']?.invalidated).toBe(true);
    await expireAll({ testKey: () => true });
    expect(getState().meta['GET /todos/1']?.expiresAt).toBe(1);
    // Still an RxJS observable whose subscribe works, as before.
    const states: State[] = [];
    controller.subscribe((state) => states.push(state)).unsubscribe();
    expect(states).toEqual([controller.getState()]);
    expect(controller).toBeInstanceOf(Observable);
    expectTypeOf(fetch).toEqualTypeOf<Controller['fetch']>();
    dispose();
  });

  it("binds a subclass's override", () => {
    class CountingController extends Controller {
      reads = 0;
      override getState(): State {
        this.reads++;
        return super.getState();
      }
    }
    const controller = new CountingController();
    const { getState } = controller;
    expect(getState()).toBe(controller.getState());
    expect(controller.reads).toBe(2);
    controller.dispose();
  });
});

describe('createStore', () => {
  it('runs the network manager alone by default; features are managers put in front', () => {
    const store = createStore();
    expect(store.managers.map((m) => m.constructor)).toEqual([NetworkManager]);
    store.dispose();
    const featured = createStore({
      managers: [new PollingManager(), new RetryManager(), new GCManager()],
    });
    expect(featured.managers.map((m) => m.constructor)).toEqual([
      PollingManager,
      RetryManager,
      GCManager,
      NetworkManager,
    ]);
    featured.dispose();
  });

  it('adds extra managers in front, or replaces the list with a function', async () => {
    const seen: string[] = [];
    const logger: Manager = {
      middleware: () => (next) => (action) => {
        seen.push(action.type);
        return next(action);
      },
      cleanup() {},
    };
    const store = createStore({ managers: [logger] });
    expect(store.managers[0]).toBe(logger);
    await store.controller.invalidateAll({ testKey: () => true });
    expect(seen).toEqual(['invalidate']);
    store.dispose();

    const only = createStore({
      managers: (defaults) => defaults.filter((m) => m instanceof NetworkManager),
    });
    expect(only.managers).toHaveLength(1);
    only.dispose();
  });

  it('starts from initialState', async () => {
    const first = createStore();
    await setResponse(first.controller, getTodo, { id: '1' }, { id: '1', title: 'a', done: false });
    const second = createStore({ initialState: first.getState() });
    expect(second.controller.getResponse(getTodo, { id: '1' }).data?.title).toBe('a');
    first.dispose();
    second.dispose();
  });

  it('exposes typed results', () => {
    const { controller, dispose } = createStore();
    expectTypeOf(controller).toEqualTypeOf<Controller>();
    // Functions never called: only their types are checked.
    const fetchTodo = () => controller.fetch(getTodo, { id: '1' });
    expectTypeOf(fetchTodo).returns.toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(controller.getResponse(getTodo, { id: '1' }).data).toEqualTypeOf<
      Todo | undefined
    >();
    const raw = Object.assign(async () => 42, { key: () => 'n' });
    const fetchRaw = () => controller.fetch(raw);
    expectTypeOf(fetchRaw).returns.toEqualTypeOf<Promise<number>>();
    expectTypeOf(controller.select(getTodo, { id: '1' })).toEqualTypeOf<
      Observable<Selection<Todo | undefined>>
    >();
    // @ts-expect-error wrong argument type
    void controller.getResponse(getTodo, { id: 1 });
    dispose();
  });
});

describe('createStore({ start: false })', () => {
  it('runs no manager init (no timers) until store.start(), which runs each once', () => {
    const inits: string[] = [];
    const probe = (name: string): Manager => ({
      middleware: () => (next) => next,
      init: () => inits.push(name),
      cleanup() {},
    });
    const store = createStore({ start: false, managers: [probe('a'), probe('b')] });
    expect(inits).toEqual([]);
    store.start();
    store.start();
    expect(inits).toEqual(['a', 'b']);
    store.dispose();
    const disposed = createStore({ start: false, managers: [probe('c')] });
    disposed.dispose();
    disposed.start();
    expect(inits).toEqual(['a', 'b']);
  });
});
