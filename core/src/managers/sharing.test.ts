import { HttpResponse, http } from 'msw';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { API, deferred, notFetching, useMswServer } from '../../test/endpoints';
import { getUser, User, updateUser } from '../../test/users';
import { type Controller, ExpiryStatus, resetEntireStore, type State, setResponse } from '../store';
import { StoreDisposedError } from '../store/Controller';
import { createStore } from './createStore';
import { NetworkManager } from './NetworkManager';
import { PollingManager } from './PollingManager';

const server = useMswServer();

const optimisticUpdateUser = updateUser.extend({
  getOptimisticResponse: (_snap, { id }: { id: string }, body: { name: string }) => ({
    id,
    ...body,
  }),
});
const key = getUser.key({ id: '1' });

/** `/users/1` answered in the order the test releases the gates, counting requests. */
function gatedUser() {
  const gates: ReturnType<typeof deferred<void>>[] = [];
  let requests = 0;
  server.use(
    http.get(`${API}/users/1`, async () => {
      const call = ++requests;
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      return HttpResponse.json({ id: '1', name: `Ada ${call}` });
    }),
  );
  return { gates, requests: () => requests };
}

/** The cached data of a state, which a cancelled request must leave untouched. */
function cacheOf(state: State) {
  const { entities, entitiesMeta, indexes, endpoints, meta, optimistic } = state;
  return { entities, entitiesMeta, indexes, endpoints, meta, optimistic };
}

async function untilRequests(count: () => number, expected: number) {
  while (count() < expected) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A fetch of `/users/1` whose response lands after `outdate` ran while it was in flight. */
async function landAfter(outdate: (controller: Controller) => Promise<void>) {
  const { gates, requests } = gatedUser();
  const store = createStore();
  const older = store.controller.fetch(getUser, { id: '1' });
  await untilRequests(requests, 1);
  await outdate(store.controller);
  gates[0].resolve();
  await older;
  return { ...store, gates, requests };
}

describe('request sharing: each caller withdraws only itself', () => {
  it('a caller whose signal aborts rejects at once; the others still get the data', async () => {
    const { gates, requests } = gatedUser();
    const { controller, dispose } = createStore();
    const abort = new AbortController();
    const leaving = controller.fetch(getUser.extend({ signal: abort.signal }), { id: '1' });
    const staying = controller.fetch(getUser, { id: '1' });
    await untilRequests(requests, 1);
    abort.abort();
    // Rejected while the request is still in flight.
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    gates[0].resolve();
    await expect(staying).resolves.toMatchObject({ name: 'Ada 1' });
    expect(requests()).toBe(1);
    expect(controller.getError(getUser, { id: '1' })).toBeUndefined();
    dispose();
  });

  it('a joiner aborting does not cancel the request it joined', async () => {
    const { gates, requests } = gatedUser();
    const { controller, dispose } = createStore();
    const starter = controller.fetch(getUser, { id: '1' });
    const abort = new AbortController();
    const joiner = controller.fetch(getUser.extend({ signal: abort.signal }), { id: '1' });
    abort.abort();
    await expect(joiner).rejects.toMatchObject({ name: 'AbortError' });
    await untilRequests(requests, 1);
    gates[0].resolve();
    await expect(starter).resolves.toMatchObject({ name: 'Ada 1' });
    expect(requests()).toBe(1);
    dispose();
  });

  it('a poll that joined a reader fetch keeps it alive when that reader aborts', async () => {
    const { gates, requests } = gatedUser();
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const abort = new AbortController();
    const reader = controller.fetch(getUser.extend({ signal: abort.signal }), { id: '1' });
    const release = controller.keepLive(getUser.extend({ pollFrequency: 60_000 }), { id: '1' });
    await untilRequests(requests, 1);
    abort.abort();
    await expect(reader).rejects.toMatchObject({ name: 'AbortError' });
    gates[0].resolve();
    await notFetching(controller, key);
    expect(controller.getResponse(getUser, { id: '1' }).data?.name).toBe('Ada 1');
    expect(requests()).toBe(1);
    release();
    dispose();
  });

  it('when every caller aborted, the request is cancelled and the store stays as it was', async () => {
    const { requests } = gatedUser();
    const { controller, managers, dispose } = createStore();
    const network = managers.find((manager) => manager instanceof NetworkManager)!;
    const before = cacheOf(controller.getState());
    const aborts = [new AbortController(), new AbortController()];
    const pending = aborts.map((abort) =>
      controller.fetch(getUser.extend({ signal: abort.signal }), { id: '1' }),
    );
    await untilRequests(requests, 1);
    expect(controller.getState().fetching[key]).toBeDefined();
    for (const abort of aborts) abort.abort();
    for (const promise of pending)
      await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    await notFetching(controller, key);
    expect(network.size).toBe(0);
    expect(cacheOf(controller.getState())).toEqual(before);
    expect(controller.getState().meta).toBe(before.meta);
    expect(controller.getError(getUser, { id: '1' })).toBeUndefined();
    const selection = await firstValueFrom(controller.select(getUser, { id: '1' }));
    expect(selection).toMatchObject({ data: undefined, error: undefined, loading: false });
    dispose();
  });

  it('a signal aborted before the call starts nothing', async () => {
    const { requests } = gatedUser();
    const { controller, dispose } = createStore();
    const before = controller.getState();
    const pending = controller.fetch(getUser.extend({ signal: AbortSignal.abort() }), { id: '1' });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(controller.getState()).toBe(before);
    expect(requests()).toBe(0);
    dispose();
  });

  it("a request bound to a signal it cannot drop is its caller's own, never shared", async () => {
    const { gates, requests } = gatedUser();
    const abort = new AbortController();
    // No `extend`: the signal is part of the endpoint and aborts whatever request it makes.
    const bound = Object.assign(
      async ({ id }: { id: string }) =>
        (await fetch(`${API}/users/${id}`, { signal: abort.signal })).json(),
      { key: getUser.key, schema: User, signal: abort.signal },
    );
    const { controller, dispose } = createStore();
    const own = controller.fetch(bound, { id: '1' });
    await untilRequests(requests, 1);
    const other = controller.fetch(getUser, { id: '1' });
    await untilRequests(requests, 2);
    abort.abort();
    await expect(own).rejects.toMatchObject({ name: 'AbortError' });
    gates[1].resolve();
    await expect(other).resolves.toMatchObject({ name: 'Ada 2' });
    expect(controller.getError(getUser, { id: '1' })).toBeUndefined();
    dispose();
  });

  it('an aborted optimistic mutation rolls its update back', async () => {
    server.use(
      http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'Ada' })),
      http.patch(`${API}/users/1`, async () => {
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(getUser, { id: '1' });
    const abort = new AbortController();
    const pending = controller.fetch(
      optimisticUpdateUser.extend({ signal: abort.signal }),
      { id: '1' },
      { name: 'Grace' },
    );
    expect(controller.get(User, { id: '1' })?.name).toBe('Grace');
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await notFetching(controller, updateUser.key({ id: '1' }));
    expect(controller.getState().optimistic).toEqual([]);
    expect(controller.get(User, { id: '1' })?.name).toBe('Ada');
    dispose();
  });
});

describe('outcomes are written in the right order and to the right place', () => {
  it('a reader refetching as the outcome lands starts a new request, not the settled one', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: `Ada ${++requests}` })),
    );
    const { controller, dispose } = createStore();
    let refetch: Promise<unknown> | undefined;
    const subscription = controller.select(getUser, { id: '1' }).subscribe((selection) => {
      if (selection.data && !refetch) refetch = controller.fetch(getUser, { id: '1' });
    });
    await expect(controller.fetch(getUser, { id: '1' })).resolves.toMatchObject({ name: 'Ada 1' });
    expect(refetch).toBeDefined();
    await expect(refetch).resolves.toMatchObject({ name: 'Ada 2' });
    expect(requests).toBe(2);
    subscription.unsubscribe();
    dispose();
  });

  it('a fetch after an invalidation does not join the request started before it', async () => {
    const { gates, requests } = gatedUser();
    const { controller, dispose } = createStore();
    const older = controller.fetch(getUser, { id: '1' });
    await untilRequests(requests, 1);
    await controller.invalidate(getUser, { id: '1' });
    const newer = controller.fetch(getUser, { id: '1' });
    await untilRequests(requests, 2);
    gates[0].resolve();
    await expect(older).resolves.toMatchObject({ name: 'Ada 1' });
    // The older outcome is stored (entities merge) but the result is still to be fetched.
    expect(controller.getResponse(getUser, { id: '1' }).expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(controller.getState().fetching[key]).toBeDefined();
    gates[1].resolve();
    await expect(newer).resolves.toMatchObject({ name: 'Ada 2' });
    expect(controller.getResponse(getUser, { id: '1' })).toMatchObject({
      data: { name: 'Ada 2' },
      expiryStatus: ExpiryStatus.Valid,
    });
    dispose();
  });

  it('a response landing after its key was invalidated does not pass for fresh', async () => {
    const { controller, gates, requests, dispose } = await landAfter((controller) =>
      controller.invalidateAll({ testKey: (candidate) => candidate === key }),
    );
    expect(controller.getResponse(getUser, { id: '1' }).expiryStatus).toBe(ExpiryStatus.Invalid);
    const refetch = controller.fetchIfStale(getUser, { id: '1' });
    await untilRequests(requests, 2);
    gates[1].resolve();
    await expect(refetch).resolves.toMatchObject({ name: 'Ada 2' });
    dispose();
  });

  it('a response landing after expireAll of its key is stale', async () => {
    const { controller, dispose } = await landAfter((controller) =>
      controller.expireAll({ testKey: (candidate) => candidate === key }),
    );
    expect(controller.getResponse(getUser, { id: '1' }).expiresAt).toBeLessThan(controller.now());
    dispose();
  });
});

describe('a disposed store', () => {
  it('rejects fetches and writes with StoreDisposedError', async () => {
    const { controller, dispose } = createStore();
    dispose();
    await expect(controller.fetch(getUser, { id: '1' })).rejects.toBeInstanceOf(StoreDisposedError);
    await expect(controller.fetch(getUser, { id: '1' })).rejects.toThrow(
      'Tessera store is disposed',
    );
    await expect(controller.fetchIfStale(getUser, { id: '1' })).rejects.toBeInstanceOf(
      StoreDisposedError,
    );
    await expect(
      setResponse(controller, getUser, { id: '1' }, undefined, { id: '1', name: 'Ada' }),
    ).rejects.toBeInstanceOf(StoreDisposedError);
    await expect(controller.invalidate(getUser, { id: '1' })).rejects.toBeInstanceOf(
      StoreDisposedError,
    );
    await expect(resetEntireStore(controller)).rejects.toBeInstanceOf(StoreDisposedError);
    // Polling holds nothing on a disposed store; its release is a no-op.
    controller.keepLive(getUser.extend({ pollFrequency: 1_000 }), { id: '1' })();
  });

  it('rejects the fetches in flight when it is disposed', async () => {
    gatedUser();
    const { controller, dispose } = createStore();
    const pending = controller.fetch(getUser, { id: '1' });
    dispose();
    await expect(pending).rejects.toBeInstanceOf(StoreDisposedError);
  });
});
