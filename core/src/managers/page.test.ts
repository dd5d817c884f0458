// @vitest-environment happy-dom
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  expectTypeOf,
  it,
} from 'vitest';
import type { DLE } from '../observe';
import { EndpointObserver } from '../observe';
import { RestEndpoint } from '../rest';
import type { EndpointInterface } from '../store';
import { createStore } from './createStore';
import { PageManager, type PageManagerOptions } from './PageManager';

const API = 'http://page.test';
let served = 0;
let failNext = false;
const server = setupServer(
  http.get(`${API}/todos/:id`, ({ params }) => {
    served++;
    if (failNext) {
      // The connection drops as this request is under way.
      failNext = false;
      connect(false);
      return HttpResponse.error();
    }
    return HttpResponse.json({ id: Number(params.id), title: `todo ${params.id}`, served });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let visibility: DocumentVisibilityState = 'visible';
let onLine = true;
beforeEach(() => {
  served = 0;
  failNext = false;
  visibility = 'visible';
  onLine = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
});
afterEach(() => server.resetHandlers());

function show(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
function connect(online: boolean) {
  onLine = online;
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', dataExpiryLength: 1_000 });

/** A store on a clock the test moves, with a PageManager, started as an app starts it. */
function setup(options?: PageManagerOptions) {
  let clock = 1_700_000_000_000;
  const store = createStore({ managers: [new PageManager(options)], now: () => clock });
  return {
    ...store,
    advance(ms: number) {
      clock += ms;
    },
    /** A reader (as every adapter has one) and everything it showed. */
    read(endpoint: EndpointInterface = getTodo, mode: 'fetch' | 'cache' = 'fetch') {
      const observer = new EndpointObserver(store.controller, endpoint, [{ id: 1 }], { mode });
      const seen: DLE<unknown>[] = [];
      const stop = observer.listen((dle) => seen.push(dle));
      return { seen, last: () => seen[seen.length - 1], stop };
    },
  };
}

/** Until the store has settled what is in flight (msw answers on a later task). */
async function settle(reader: { last: () => DLE<unknown> }) {
  for (let i = 0; i < 100 && reader.last().loading && !reader.last().paused; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('PageManager: refetch on focus and reconnect', () => {
  it('refetches stale data once when the page is shown again, fresh data not at all', async () => {
    const store = setup();
    const reader = store.read();
    await settle(reader);
    expect(served).toBe(1);
    show('hidden');
    show('visible');
    await settle(reader);
    // Still fresh: nothing to do.
    expect(served).toBe(1);
    store.advance(5_000);
    show('hidden');
    show('visible');
    expect(reader.last()).toMatchObject({ loading: true, paused: false });
    await settle(reader);
    expect(served).toBe(2);
    expect(reader.last()).toMatchObject({ data: { served: 2 }, loading: false });
    reader.stop();
    store.dispose();
  });

  it('refetches stale data when the network comes back', async () => {
    const store = setup();
    const reader = store.read();
    await settle(reader);
    store.advance(5_000);
    connect(false);
    connect(true);
    await settle(reader);
    expect(served).toBe(2);
    reader.stop();
    store.dispose();
  });

  it('follows the endpoint’s own option over the store’s, and cache readers never fetch', async () => {
    const store = setup({ refetchOnWindowFocus: false });
    const reader = store.read();
    const eager = store.read(getTodo.extend({ refetchOnWindowFocus: true, name: 'eager' }));
    await settle(reader);
    await settle(eager);
    expect(served).toBe(1);
    store.advance(5_000);
    show('visible');
    await settle(eager);
    expect(served).toBe(2);

    const quiet = setup();
    const cacheOnly = quiet.read(getTodo, 'cache');
    const optedOut = quiet.read(getTodo.extend({ refetchOnWindowFocus: false }));
    await settle(optedOut);
    quiet.advance(5_000);
    show('visible');
    await settle(optedOut);
    expect(served).toBe(3);
    expect(cacheOnly.last().loading).toBe(false);
    for (const r of [reader, eager, cacheOnly, optedOut]) r.stop();
    store.dispose();
    quiet.dispose();
  });

  it('no longer listens once the store is disposed or its readers left', async () => {
    const store = setup();
    const reader = store.read();
    await settle(reader);
    reader.stop();
    store.advance(5_000);
    show('visible');
    connect(true);
    store.dispose();
    show('visible');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served).toBe(1);
  });
});

describe('PageManager: network mode', () => {
  it('offline, a fetch waits (the reader shows paused) and starts once online', async () => {
    onLine = false;
    const store = setup();
    const reader = store.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served).toBe(0);
    expect(reader.last()).toMatchObject({ data: undefined, loading: true, paused: true });
    connect(true);
    expect(reader.last()).toMatchObject({ loading: true, paused: false });
    await settle(reader);
    expect(served).toBe(1);
    expect(reader.last()).toMatchObject({ data: { id: 1 }, loading: false, paused: false });
    reader.stop();
    store.dispose();
  });

  it('a request lost with the connection waits for it and is sent again', async () => {
    const store = setup();
    failNext = true;
    const reader = store.read();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reader.last()).toMatchObject({ error: undefined, loading: true, paused: true });
    connect(true);
    await settle(reader);
    expect(served).toBe(2);
    expect(reader.last()).toMatchObject({ data: { served: 2 }, error: undefined });
    reader.stop();
    store.dispose();
  });

  it('a reader that leaves a waiting fetch withdraws it: it is never sent', async () => {
    onLine = false;
    const store = setup();
    const reader = store.read();
    await new Promise((resolve) => setTimeout(resolve, 10));
    reader.stop();
    connect(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served).toBe(0);
    expect(store.controller.getState().fetching).toEqual({});
    store.dispose();
  });

  it("'always' tries whatever the browser says", async () => {
    onLine = false;
    const store = setup({ networkMode: 'always' });
    const reader = store.read();
    await settle(reader);
    expect(served).toBe(1);
    expect(reader.last()).toMatchObject({ data: { id: 1 }, paused: false });
    reader.stop();
    store.dispose();
  });
});

describe('PageManager: types', () => {
  it('readers say paused; endpoints and the store take the options', () => {
    expectTypeOf<DLE<unknown>['paused']>().toEqualTypeOf<boolean>();
    expectTypeOf(getTodo.extend({ refetchOnReconnect: false }).refetchOnReconnect).toEqualTypeOf<
      boolean | undefined
    >();
    // @ts-expect-error a boolean, not a string
    new RestEndpoint({ path: '/a', refetchOnWindowFocus: 'yes' });
    // @ts-expect-error 'online' or 'always'
    new PageManager({ networkMode: 'sometimes' });
  });
});
