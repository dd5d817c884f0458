import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  API,
  deferred,
  HttpError,
  notFetching,
  testEndpoint,
  useMswServer,
} from '../../test/endpoints';
import { getUser, User, updateUser } from '../../test/users';
import { RestEndpoint } from '../rest/RestEndpoint';
import { ExpiryStatus, resetEntireStore } from '../store';
import { createStore } from './createStore';
import { ResetError } from './NetworkManager';

const server = useMswServer();

describe('controller.fetch (docs/reference/rest-endpoint.md#direct-calls-and-the-store)', () => {
  it('calling an endpoint gives process output; fetch gives the schema-determined result', async () => {
    server.use(http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'Ada' })));
    const { controller, dispose } = createStore();
    const direct = await getUser({ id: '1' });
    expect(direct).toEqual({ id: '1', name: 'Ada' });
    expect(direct).not.toBeInstanceOf(User);

    const fetched = await controller.fetch(getUser, { id: '1' });
    expect(fetched).toBeInstanceOf(User);
    expect(fetched).toMatchObject({ id: '1', name: 'Ada' });
    expect(controller.getState().entities.User?.['1']).toEqual({ id: '1', name: 'Ada' });
    expect(controller.getState().endpoints[getUser.key({ id: '1' })]).toBe('1');
    // The same denormalized object is what the store serves.
    expect(controller.getResponse(getUser, { id: '1' }).data).toBe(fetched);
    dispose();
  });

  it('an endpoint without schema resolves to the raw (processed) result', async () => {
    server.use(http.get(`${API}/count`, () => HttpResponse.json({ value: 41 })));
    const count = testEndpoint<undefined, number>({
      path: () => '/count',
      process: (body: { value: number }) => body.value + 1,
    });
    const { controller, dispose } = createStore();
    await expect(controller.fetch(count, undefined)).resolves.toBe(42);
    expect(controller.getResponse(count, undefined).data).toBe(42);
    dispose();
  });
});

describe('network manager', () => {
  it('a request starts in the task that asked for it, already recorded as in flight', async () => {
    server.use(
      http.get(`${API}/users/:id`, ({ params }) =>
        HttpResponse.json({ id: params.id, name: 'Ada' }),
      ),
    );
    const { controller, dispose } = createStore();
    const rest = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
    const later = rest.extend({ getHeaders: async (headers) => headers });
    const keyOf = new Map([
      [`${API}/users/1`, getUser.key({ id: '1' })],
      [`${API}/users/2`, rest.key({ id: '2' })],
    ]);
    const realFetch = globalThis.fetch;
    const inFlightAtCall: boolean[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const key = keyOf.get(String(input)) ?? '';
      inFlightAtCall.push(controller.getState().fetching[key] !== undefined);
      return realFetch(input, init);
    });
    // Called before controller.fetch returns: a framework that goes on rendering what asked for
    // it renders while the request is under way.
    const fetching = controller.fetch(getUser, { id: '1' });
    expect(spy).toHaveBeenCalledTimes(1);
    // A RestEndpoint too, unless its `getHeaders` is asynchronous.
    const viaRest = controller.fetch(rest, { id: '2' });
    expect(spy).toHaveBeenCalledTimes(2);
    const viaLater = controller.fetch(later, { id: '3' });
    expect(spy).toHaveBeenCalledTimes(2);
    await expect(fetching).resolves.toMatchObject({ id: '1', name: 'Ada' });
    await expect(viaRest).resolves.toMatchObject({ id: '2', name: 'Ada' });
    await expect(viaLater).resolves.toMatchObject({ id: '3', name: 'Ada' });
    spy.mockRestore();
    expect(inFlightAtCall).toEqual([true, true, false]);
    dispose();
  });

  it('shares one request between concurrent GETs with the same key', async () => {
    let requests = 0;
    const gate = deferred();
    server.use(
      http.get(`${API}/users/1`, async () => {
        requests++;
        await gate.promise;
        return HttpResponse.json({ id: '1', name: 'Ada' });
      }),
    );
    const { controller, dispose } = createStore();
    const a = controller.fetch(getUser, { id: '1' });
    const b = controller.fetch(getUser, { id: '1' });
    const c = controller.fetchIfStale(getUser, { id: '1' });
    gate.resolve();
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(requests).toBe(1);
    expect(ra).toBe(rb);
    expect(rb).toBe(rc);
    dispose();
  });

  it('never shares mutations', async () => {
    let requests = 0;
    server.use(
      http.patch(`${API}/users/1`, async ({ request }) => {
        requests++;
        return HttpResponse.json({ id: '1', ...((await request.json()) as object) });
      }),
    );
    const { controller, dispose } = createStore();
    await Promise.all([
      controller.fetch(updateUser, { id: '1' }, { name: 'A' }),
      controller.fetch(updateUser, { id: '1' }, { name: 'B' }),
    ]);
    expect(requests).toBe(2);
    dispose();
  });

  it('marks the key loading while in flight', async () => {
    const gate = deferred();
    server.use(
      http.get(`${API}/users/1`, async () => {
        await gate.promise;
        return HttpResponse.json({ id: '1', name: 'Ada' });
      }),
    );
    const { controller, dispose } = createStore();
    const seen: boolean[] = [];
    const sub = controller.select(getUser, { id: '1' }).subscribe((s) => seen.push(s.loading));
    const done = controller.fetch(getUser, { id: '1' });
    expect(seen).toEqual([false, true]);
    gate.resolve();
    await done;
    expect(seen).toEqual([false, true, false]);
    sub.unsubscribe();
    dispose();
  });

  it('an endpoint signal aborts its sole caller: nothing recorded, store unchanged', async () => {
    server.use(
      http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'Ada' })),
      http.get(`${API}/users/2`, async () => {
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(getUser, { id: '1' });
    const before = controller.getState();
    const abort = new AbortController();
    const pending = controller.fetch(getUser.extend({ signal: abort.signal }), { id: '2' });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const after = controller.getState();
    expect(after.entities).toBe(before.entities);
    expect(after.endpoints).toBe(before.endpoints);
    await notFetching(controller, getUser.key({ id: '2' }));
    expect(controller.getError(getUser, { id: '2' })).toBeUndefined();
    expect(controller.getState().meta).toBe(before.meta);
    dispose();
  });

  it('resetEntireStore aborts what is in flight and drops its outcome', async () => {
    server.use(
      http.get(`${API}/users/1`, async () => {
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const { controller, dispose } = createStore();
    const pending = controller.fetch(getUser, { id: '1' });
    await resetEntireStore(controller);
    await expect(pending).rejects.toBeInstanceOf(ResetError);
    expect(controller.getState().entities).toEqual({});
    expect(controller.getState().meta).toEqual({});
    expect(controller.getState().fetching).toEqual({});
    dispose();
  });

  it('a response started before the reset is dropped even when the reset aborts nothing', async () => {
    const { controller, dispose } = createStore();
    const fetchedAt = controller.nextFetchedAt();
    await resetEntireStore(controller);
    await controller.resolve(getUser, {
      args: [{ id: '1' }],
      response: { id: '1', name: 'Old' },
      fetchedAt,
    });
    expect(controller.getResponse(getUser, { id: '1' }).data).toBeUndefined();
    dispose();
  });

  it('an older response never overwrites a newer entity (GET started before a PATCH)', async () => {
    const slowGet = deferred();
    server.use(
      http.get(`${API}/users/1`, async () => {
        await slowGet.promise;
        return HttpResponse.json({ id: '1', name: 'Old' });
      }),
      http.patch(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'New' })),
    );
    const { controller, dispose } = createStore();
    const older = controller.fetch(getUser, { id: '1' });
    await controller.fetch(updateUser, { id: '1' }, { name: 'New' });
    slowGet.resolve();
    await older;
    expect(controller.get(User, { id: '1' })?.name).toBe('New');
    expect(controller.getResponse(getUser, { id: '1' }).data?.name).toBe('New');
    dispose();
  });

  it('an older response never overwrites the newer result of the same key', async () => {
    const gates = [deferred(), deferred()];
    let call = 0;
    server.use(
      http.post(`${API}/echo`, async ({ request }) => {
        const gate = gates[call++];
        const body = await request.json();
        await gate.promise;
        return HttpResponse.json(body);
      }),
    );
    const echo = testEndpoint<undefined>({ path: () => '/echo', method: 'POST' });
    const { controller, dispose } = createStore();
    const first = controller.fetch(echo, undefined, { n: 1 });
    const second = controller.fetch(echo, undefined, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates[1].resolve();
    await second;
    gates[0].resolve();
    await first;
    expect(controller.getResponse(echo, undefined).data).toEqual({ n: 2 });
    dispose();
  });

  it('records an HTTP error for the key and rejects the fetch', async () => {
    server.use(http.get(`${API}/users/9`, () => new HttpResponse(null, { status: 404 })));
    const { controller, dispose } = createStore();
    await expect(controller.fetch(getUser, { id: '9' })).rejects.toBeInstanceOf(HttpError);
    expect(controller.getError(getUser, { id: '9' })).toMatchObject({ status: 404 });
    expect(controller.getResponse(getUser, { id: '9' }).expiryStatus).toBe(
      ExpiryStatus.InvalidIfStale,
    );
    dispose();
  });
});
