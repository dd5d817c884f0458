import { HttpResponse, http } from 'msw';
import { firstValueFrom, take } from 'rxjs';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { API, deferred, localEndpoint, testEndpoint, useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { PollingManager } from '../managers/PollingManager';
import { RestEndpoint, TimeoutError } from '../rest';
import { Entity } from '../schema';
import { type Store, StoreDisposedError } from '../store';
import {
  type DLE,
  EndpointObserver,
  type ObserveMode,
  type ObserverOptions,
} from './EndpointObserver';

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return this.id;
  }
}

const getTodo = testEndpoint({
  path: ({ id }: { id: number }) => `/todos/${id}`,
  schema: Todo,
  dataExpiryLength: 60_000,
});
const server = useMswServer();

/** Counts requests per path; each answers `{ id, title: '<title> #<n>' }` or the status given. */
function serveTodos(options: { status?: number; gate?: Promise<void> } = {}) {
  const requests: string[] = [];
  const aborted: string[] = [];
  server.use(
    http.get(`${API}/todos/:id`, async ({ params, request }) => {
      const path = `/todos/${params.id}`;
      requests.push(path);
      request.signal.addEventListener('abort', () => aborted.push(path));
      if (options.gate) await options.gate;
      if (options.status) return new HttpResponse(null, { status: options.status });
      const n = requests.filter((r) => r === path).length;
      return HttpResponse.json({ id: Number(params.id), title: `todo ${params.id} #${n}` });
    }),
  );
  return { requests, aborted };
}

let now = 1_700_000_000_000;
let store: Store;
beforeEach(() => {
  now = 1_700_000_000_000;
  store = createStore({ now: () => now });
});
afterEach(() => store.dispose());

/** Subscribes and records every snapshot. */
function record<T>(observer: EndpointObserver<never> | { listen(fn: (v: T) => void): () => void }) {
  const values: T[] = [];
  const stop = (observer as { listen(fn: (v: T) => void): () => void }).listen((v) =>
    values.push(v),
  );
  return { values, stop, last: () => values[values.length - 1] };
}

function observe(args: [{ id: number }] | [null], options = {}) {
  const observer = new EndpointObserver(store.controller, getTodo, args, options);
  return { observer, ...record<DLE<Todo | undefined>>(observer as never) };
}

const settled = (r: { last(): DLE<unknown> }) =>
  vi.waitFor(() => expect(r.last().loading).toBe(false));

describe('EndpointObserver: when it fetches', () => {
  it('missing data: the first snapshot is already loading, then the data; one request', async () => {
    const api = serveTodos();
    const r = observe([{ id: 1 }]);
    expect(r.values[0]).toEqual({
      data: undefined,
      loading: true,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await settled(r);
    expect(r.last().data).toMatchObject({ id: 1, title: 'todo 1 #1' });
    expect(api.requests).toEqual(['/todos/1']);
    r.stop();
  });

  it('fresh data: shown at once, no request', async () => {
    const api = serveTodos();
    await store.controller.fetch(getTodo, { id: 1 });
    const r = observe([{ id: 1 }]);
    expect(r.values).toHaveLength(1);
    expect(r.values[0]).toMatchObject({ loading: false, data: { title: 'todo 1 #1' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual(['/todos/1']);
    r.stop();
  });

  it('stale data: shown while it refetches', async () => {
    serveTodos();
    await store.controller.fetch(getTodo, { id: 1 });
    now += 60_001;
    const r = observe([{ id: 1 }]);
    expect(r.values[0]).toMatchObject({ loading: true, data: { title: 'todo 1 #1' } });
    await settled(r);
    expect(r.last().data).toMatchObject({ title: 'todo 1 #2' });
    r.stop();
  });

  it('invalidated while subscribed: refetches', async () => {
    const api = serveTodos();
    const r = observe([{ id: 1 }]);
    await settled(r);
    await store.controller.invalidate(getTodo, { id: 1 });
    await vi.waitFor(() => expect(r.last().data).toMatchObject({ title: 'todo 1 #2' }));
    expect(api.requests).toHaveLength(2);
    r.stop();
  });

  it('expired invalidIfStale data is not shown', async () => {
    serveTodos();
    const strict = getTodo.extend({ invalidIfStale: true });
    await store.controller.fetch(strict, { id: 1 });
    now += 60_001;
    const observer = new EndpointObserver(store.controller, strict, [{ id: 1 }]);
    expect(observer.getSnapshot()).toMatchObject({ data: undefined, loading: true });
    const r = record<DLE<Todo | undefined>>(observer as never);
    await settled(r);
    expect(r.last().data).toMatchObject({ title: 'todo 1 #2' });
    r.stop();
  });

  it('a hard error is shown and not retried until it expires', async () => {
    const api = serveTodos({ status: 404 });
    const r = observe([{ id: 1 }]);
    await settled(r);
    expect(r.last().error).toMatchObject({ status: 404 });
    r.stop();
    const again = observe([{ id: 1 }]);
    expect(again.values[0]).toMatchObject({ loading: false, error: { status: 404 } });
    expect(api.requests).toHaveLength(1);
    again.stop();
    now += 1_001;
    const later = observe([{ id: 1 }]);
    expect(later.values[0].loading).toBe(true);
    await settled(later);
    expect(api.requests).toHaveLength(2);
    later.stop();
  });

  it('a soft error keeps the data and hides the error', async () => {
    serveTodos();
    const soft = getTodo.extend({ errorPolicy: () => 'soft' });
    await store.controller.fetch(soft, { id: 1 });
    server.use(http.get(`${API}/todos/:id`, () => new HttpResponse(null, { status: 503 })));
    now += 60_001;
    const observer = new EndpointObserver(store.controller, soft, [{ id: 1 }]);
    const r = record<DLE<Todo | undefined>>(observer as never);
    await settled(r);
    expect(r.last()).toMatchObject({ data: { title: 'todo 1 #1' }, error: undefined });
    r.stop();
  });

  it('null arguments: nothing fetched, undefined data, not loading', async () => {
    const api = serveTodos();
    const r = observe([null]);
    expect(r.values).toEqual([
      {
        data: undefined,
        loading: false,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual([]);
    r.stop();
  });

  it('cache mode never fetches', async () => {
    const api = serveTodos();
    const r = observe([{ id: 1 }], { mode: 'cache' });
    expect(r.values[0]).toMatchObject({ data: undefined, loading: false });
    await store.controller.fetch(getTodo, { id: 1 });
    expect(r.last().data).toMatchObject({ title: 'todo 1 #1' });
    now += 60_001;
    await store.controller.invalidate(getTodo, { id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(1);
    r.stop();
  });
});

describe('EndpointObserver: arguments that change', () => {
  it('keeps the previous data, flagged, while new arguments load; back to a cached key at once', async () => {
    const api = serveTodos();
    const r = observe([{ id: 1 }]);
    await settled(r);
    const first = r.last().data;
    r.observer.setArgs([{ id: 2 }]);
    expect(r.last()).toEqual({
      data: first,
      loading: true,
      error: undefined,
      isPreviousData: true,
      previous: true,
      paused: false,
    });
    await settled(r);
    expect(r.last()).toMatchObject({ data: { id: 2 }, isPreviousData: false, paused: false });
    r.observer.setArgs([{ id: 1 }]);
    expect(r.last()).toEqual({
      data: first,
      loading: false,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    expect(api.requests).toEqual(['/todos/1', '/todos/2']);
    r.stop();
  });

  it('keepPrevious: false shows nothing while new arguments load', async () => {
    serveTodos();
    const r = observe([{ id: 1 }], { keepPrevious: false });
    await settled(r);
    r.observer.setArgs([{ id: 2 }]);
    expect(r.last()).toMatchObject({
      data: undefined,
      loading: true,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await settled(r);
    r.stop();
  });

  it('previous data gives way to an error of the new arguments', async () => {
    serveTodos();
    const r = observe([{ id: 1 }]);
    await settled(r);
    server.use(http.get(`${API}/todos/2`, () => new HttpResponse(null, { status: 500 })));
    r.observer.setArgs([{ id: 2 }]);
    expect(r.last().isPreviousData).toBe(true);
    await settled(r);
    expect(r.last()).toMatchObject({
      data: undefined,
      isPreviousData: false,
      error: { status: 500 },
    });
    r.stop();
  });

  it('to null: not now; the request for the old arguments is withdrawn', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const r = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.requests).toEqual(['/todos/1']));
    r.observer.setArgs([null]);
    expect(r.last()).toEqual({
      data: undefined,
      loading: false,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await vi.waitFor(() => expect(api.aborted).toEqual(['/todos/1']));
    gate.resolve();
    r.stop();
  });

  it('arguments with the same key change nothing', () => {
    serveTodos();
    const r = observe([{ id: 1 }]);
    const before = r.values.length;
    r.observer.setArgs([{ id: 1 }]);
    expect(r.values).toHaveLength(before);
    r.stop();
  });
});

describe('EndpointObserver: subscriptions', () => {
  it('snapshots are frozen and identity-stable while nothing changes', async () => {
    serveTodos();
    const { observer } = new (class {
      observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    })();
    const a = observer.getSnapshot();
    expect(Object.isFrozen(a)).toBe(true);
    expect(observer.getSnapshot()).toBe(a);
    await store.controller.fetch(getTodo, { id: 1 });
    const b = observer.getSnapshot();
    expect(b).not.toBe(a);
    expect(observer.getSnapshot()).toBe(b);
  });

  it('subscribe, unsubscribe and subscribe again in the same tick still loads (get(store) then $store)', async () => {
    const api = serveTodos();
    const observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    const once = observer.subscribe(() => {});
    once.unsubscribe();
    const r = record<DLE<Todo | undefined>>(observer as never);
    await vi.waitFor(() => expect(r.last().data).toMatchObject({ id: 1 }));
    expect(r.last().loading).toBe(false);
    expect(api.requests.length).toBeGreaterThanOrEqual(1);
    r.stop();
  });

  it('take(1) then subscribe (RxJS) still loads', async () => {
    serveTodos();
    const observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    const first = await firstValueFrom(observer.pipe(take(1)));
    expect(first.loading).toBe(true);
    const r = record<DLE<Todo | undefined>>(observer as never);
    await vi.waitFor(() => expect(r.last().data).toMatchObject({ id: 1 }));
    r.stop();
  });

  it('the last reader leaving aborts the request it started', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const a = observe([{ id: 1 }]);
    const b = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    a.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.aborted).toEqual([]);
    b.stop();
    await vi.waitFor(() => expect(api.aborted).toEqual(['/todos/1']));
    gate.resolve();
    // A cancelled request records nothing: the key is simply fetched by the next reader.
    await vi.waitFor(() =>
      expect(store.controller.getSelection(getTodo, { id: 1 }).loading).toBe(false),
    );
    expect(store.controller.getSelection(getTodo, { id: 1 }).error).toBeUndefined();
  });

  it('leaving a request shared with controller.fetch does not abort it', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const r = observe([{ id: 1 }]);
    const direct = store.controller.fetch(getTodo, { id: 1 });
    r.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    gate.resolve();
    await expect(direct).resolves.toMatchObject({ id: 1 });
    expect(api.requests).toHaveLength(1);
    expect(api.aborted).toEqual([]);
  });

  it('a reader joining a fetch in flight keeps it alive when its starter leaves', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const starter = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    const joiner = observe([{ id: 1 }]);
    starter.stop();
    gate.resolve();
    await vi.waitFor(() => expect(joiner.last().data).toMatchObject({ id: 1 }));
    expect(api.aborted).toEqual([]);
    joiner.stop();
  });

  it('dispose completes subscribers and withdraws from the fetch', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    const complete = vi.fn();
    observer.subscribe({ complete });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    observer.dispose();
    expect(complete).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(api.aborted).toHaveLength(1));
    const late = vi.fn();
    observer.subscribe({ complete: late });
    expect(late).toHaveBeenCalledTimes(1);
    gate.resolve();
  });

  it('a disposed store completes its readers', () => {
    serveTodos();
    const complete = vi.fn();
    new EndpointObserver(store.controller, getTodo, [{ id: 1 }]).subscribe({ complete });
    store.dispose();
    expect(complete).toHaveBeenCalledTimes(1);
  });
});

/** `/todos/:id` answering each request with the title of its arrival (`#n`), once released. */
function gatedTodos() {
  const gates: ReturnType<typeof deferred<void>>[] = [];
  const aborted: number[] = [];
  server.use(
    http.get(`${API}/todos/:id`, async ({ params, request }) => {
      const n = gates.length + 1;
      const gate = deferred();
      gates.push(gate);
      request.signal.addEventListener('abort', () => aborted.push(n));
      await gate.promise;
      return HttpResponse.json({ id: Number(params.id), title: `todo ${params.id} #${n}` });
    }),
  );
  return { gates, aborted };
}

describe('EndpointObserver: a reader always settles', () => {
  it('invalidated while its first fetch is in flight: fetches again after the late answer', async () => {
    const api = gatedTodos();
    const r = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    await store.controller.invalidate(getTodo, { id: 1 });
    api.gates[0].resolve();
    // The answer asked for before the invalidation is out of date: a second request follows.
    await vi.waitFor(() => expect(api.gates).toHaveLength(2));
    expect(r.last().loading).toBe(true);
    api.gates[1].resolve();
    await vi.waitFor(() => expect(r.last()).toMatchObject({ loading: false, error: undefined }));
    expect(r.last().data).toMatchObject({ title: 'todo 1 #2' });
    expect(api.gates).toHaveLength(2);
    r.stop();
  });

  it('invalidated or expired while a refetch is in flight: fetches again after it', async () => {
    const api = gatedTodos();
    const r = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    api.gates[0].resolve();
    await settled(r);
    for (const outdate of [
      () => store.controller.invalidate(getTodo, { id: 1 }),
      () => store.controller.expireAll({ testKey: () => true }),
    ]) {
      const asked = api.gates.length;
      await outdate();
      await vi.waitFor(() => expect(api.gates).toHaveLength(asked + 1));
      await outdate();
      api.gates[asked].resolve();
      await vi.waitFor(() => expect(api.gates).toHaveLength(asked + 2));
      api.gates[asked + 1].resolve();
      await vi.waitFor(() =>
        expect(r.last()).toMatchObject({ loading: false, data: { title: `todo 1 #${asked + 2}` } }),
      );
    }
    expect(api.gates).toHaveLength(5);
    r.stop();
  });

  it('an answer stale on arrival by its own lifetime is not fetched again (no loop)', async () => {
    const api = gatedTodos();
    const r = observe([{ id: 1 }], {});
    const instant = new EndpointObserver(
      store.controller,
      getTodo.extend({ dataExpiryLength: -60_000 }),
      [{ id: 2 }],
    );
    const i = record<DLE<Todo | undefined>>(instant as never);
    await vi.waitFor(() => expect(api.gates).toHaveLength(2));
    for (const gate of api.gates) gate.resolve();
    await settled(r);
    await settled(i);
    expect(i.last().data).toMatchObject({ id: 2 });
    // Another change in the store re-emits nothing and fetches nothing more.
    await store.controller.invalidate(getTodo, { id: 1 });
    await vi.waitFor(() => expect(api.gates).toHaveLength(3));
    api.gates[2].resolve();
    await settled(r);
    expect(api.gates).toHaveLength(3);
    r.stop();
    i.stop();
  });

  it("aborting the endpoint's own signal ends its loading and aborts the request", async () => {
    const api = gatedTodos();
    const stop = new AbortController();
    const observer = new EndpointObserver(
      store.controller,
      getTodo.extend({ signal: stop.signal }),
      [{ id: 1 }],
    );
    const r = record<DLE<Todo | undefined>>(observer as never);
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    stop.abort();
    await settled(r);
    // An abort is no failure: nothing is shown, nothing stored.
    expect(r.last()).toEqual({
      data: undefined,
      loading: false,
      error: undefined,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    await vi.waitFor(() => expect(api.aborted).toEqual([1]));
    expect(store.controller.getSelection(getTodo, { id: 1 }).error).toBeUndefined();
    r.stop();
  });

  it("the endpoint's own timed-out signal gives a TimeoutError, even while others keep waiting", async () => {
    const api = gatedTodos();
    const patient = observe([{ id: 1 }]);
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    const hasty = new EndpointObserver(
      store.controller,
      getTodo.extend({ signal: AbortSignal.timeout(1) }),
      [{ id: 1 }],
    );
    const r = record<DLE<Todo | undefined>>(hasty as never);
    await settled(r);
    expect(r.last().error).toBeInstanceOf(TimeoutError);
    expect(r.last().error?.message).toBe(`GET ${API}/todos/1 timed out`);
    // The request was shared: the other reader still gets its data.
    expect(patient.last().loading).toBe(true);
    api.gates[0].resolve();
    await settled(patient);
    expect(patient.last().data).toMatchObject({ title: 'todo 1 #1' });
    expect(api.aborted).toEqual([]);
    patient.stop();
    r.stop();
  });

  it('a signal that already fired: settled from the first snapshot, no request', async () => {
    const api = gatedTodos();
    const timedOut = AbortSignal.timeout(1);
    await new Promise((resolve) => timedOut.addEventListener('abort', resolve));
    const late = getTodo.extend({ signal: timedOut });
    const r = record<DLE<Todo | undefined>>(
      new EndpointObserver(store.controller, late, [{ id: 1 }]) as never,
    );
    expect(r.values).toHaveLength(1);
    expect(r.last()).toMatchObject({
      loading: false,
      error: { name: 'TimeoutError', status: 504 },
    });
    const aborted = new AbortController();
    aborted.abort();
    const cancelled = getTodo.extend({ signal: aborted.signal });
    const c = record<DLE<Todo | undefined>>(
      new EndpointObserver(store.controller, cancelled, [{ id: 1 }]) as never,
    );
    expect(c.values).toEqual([
      {
        data: undefined,
        loading: false,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    await expect(
      new EndpointObserver(store.controller, late, [{ id: 1 }]).promise(),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(api.gates).toHaveLength(0);
    r.stop();
    c.stop();
  });

  it('arguments the endpoint refuses: their error is the snapshot, as controller.fetch rejects', async () => {
    const api = gatedTodos();
    const getById = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
    const observer = new EndpointObserver(store.controller, getById, [{} as { id: number }]);
    expect(observer.key).toBeUndefined();
    const r = record<DLE<Todo | undefined>>(observer as never);
    expect(r.values).toHaveLength(1);
    expect(r.last()).toMatchObject({
      data: undefined,
      loading: false,
      isPreviousData: false,
      previous: false,
      paused: false,
    });
    expect(r.last().error).toBeInstanceOf(TypeError);
    expect(r.last().error?.message).toMatch(/URL parameter "id" .* is missing: pass it/);
    await expect(store.controller.fetch(getById, {} as { id: number })).rejects.toThrow(
      r.last().error?.message,
    );
    await expect(observer.promise()).rejects.toThrow(r.last().error?.message);
    // Usable arguments then load as usual.
    observer.setArgs([{ id: 1 }]);
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    api.gates[0].resolve();
    await settled(r);
    expect(r.last()).toMatchObject({ data: { title: 'todo 1 #1' }, error: undefined });
    r.stop();
  });

  it('a store disposed while it waits: StoreDisposedError, then it completes', async () => {
    const api = gatedTodos();
    const observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    const values: DLE<unknown>[] = [];
    const complete = vi.fn();
    observer.subscribe({ next: (value) => values.push(value), complete });
    await vi.waitFor(() => expect(api.gates).toHaveLength(1));
    store.dispose();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(values.at(-1)).toMatchObject({ data: undefined, loading: false });
    expect(values.at(-1)?.error).toBeInstanceOf(StoreDisposedError);
    expect(values.at(-1)?.error?.message).toMatch(/^Tessera store is disposed: .* Use a new store/);
    // A reader created afterwards settles the same way, without a request.
    const after = record<DLE<Todo | undefined>>(
      new EndpointObserver(store.controller, getTodo, [{ id: 2 }]) as never,
    );
    expect(after.values).toHaveLength(1);
    expect(after.last()).toMatchObject({ data: undefined, loading: false });
    expect(after.last().error).toBeInstanceOf(StoreDisposedError);
    expect(api.gates).toHaveLength(1);
    after.stop();
  });
});

describe('EndpointObserver: polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An endpoint polled every second, counting its calls, in a store with a PollingManager. */
  function pricePoller() {
    const counter = { calls: 0 };
    const price = localEndpoint({
      key: () => 'GET /price',
      pollFrequency: 1_000,
      resolve: () => ({ price: ++counter.calls }),
    });
    const polling = createStore({ managers: [new PollingManager()] });
    const listen = (mode: ObserverOptions['mode']) =>
      new EndpointObserver(polling.controller, price, [], { mode }).listen(() => {});
    return { counter, polling, listen };
  }

  it('polls while subscribed, one timer per key however many readers, until the last leaves', async () => {
    const { counter, polling, listen } = pricePoller();
    const a = listen('live');
    const b = listen('live');
    await vi.advanceTimersByTimeAsync(3_000);
    const whileTwo = counter.calls;
    expect(whileTwo).toBeGreaterThanOrEqual(3);
    expect(whileTwo).toBeLessThanOrEqual(5);
    a();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(counter.calls - whileTwo).toBe(2);
    b();
    const stopped = counter.calls;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(counter.calls).toBe(stopped);
    polling.dispose();
  });

  it("'poll', the deprecated name of the 'live' mode, still keeps the key live", async () => {
    const { counter, polling, listen } = pricePoller();
    const stop = listen('poll');
    await vi.advanceTimersByTimeAsync(0);
    const first = counter.calls;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(counter.calls - first).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(counter.calls - first).toBe(2);
    polling.dispose();
  });

  it("types: the modes are 'fetch', 'live' and 'cache'; options still take 'poll'", () => {
    expectTypeOf<ObserveMode>().toEqualTypeOf<'fetch' | 'live' | 'cache'>();
    // @ts-expect-error 'poll' is no mode of its own: the former name of 'live'
    const mode: ObserveMode = 'poll';
    expectTypeOf<'poll'>().toExtend<NonNullable<ObserverOptions['mode']>>();
    expect(mode).toBe('poll');
  });
});

describe('EndpointObserver: the suspense promise', () => {
  it('resolves fresh data at once; a withdrawn promise rejects and aborts a request nobody else wants', async () => {
    const gate = deferred();
    const api = serveTodos({ gate: gate.promise });
    const observer = new EndpointObserver(store.controller, getTodo, [{ id: 1 }]);
    const leave = new AbortController();
    const pending = observer.promise(leave.signal);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    leave.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(api.aborted).toEqual(['/todos/1']));
    gate.resolve();
  });

  it('a soft error with usable data resolves with the data', async () => {
    serveTodos();
    const soft = getTodo.extend({
      errorPolicy: (error: { status: number }) => (error.status >= 500 ? 'soft' : 'hard'),
    });
    await store.controller.fetch(soft, { id: 1 });
    server.use(http.get(`${API}/todos/:id`, () => new HttpResponse(null, { status: 503 })));
    now += 60_001;
    const observer = new EndpointObserver(store.controller, soft, [{ id: 1 }]);
    await expect(observer.promise()).resolves.toMatchObject({ title: 'todo 1 #1' });
    server.use(http.get(`${API}/todos/:id`, () => new HttpResponse(null, { status: 404 })));
    now += 60_001;
    await expect(observer.promise()).rejects.toMatchObject({ status: 404 });
  });
});
