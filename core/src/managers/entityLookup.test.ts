import { HttpResponse, http } from 'msw';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, useMswServer } from '../../test/endpoints';
import { getUser, listUsers, User, updateUser } from '../../test/users';
import { ExpiryStatus, setResponse } from '../store';
import { createStore } from './createStore';

const server = useMswServer();

const NOW = 1_700_000_000_000;

beforeEach(() => {
  // Only Date is faked: msw and promises run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Serves the list and counts requests for single users. */
function usersApi() {
  let singleRequests = 0;
  server.use(
    http.get(`${API}/users`, () =>
      HttpResponse.json([
        { id: '1', name: 'Ada' },
        { id: '2', name: 'Grace' },
      ]),
    ),
    http.get(`${API}/users/:id`, ({ params }) => {
      singleRequests++;
      return HttpResponse.json({ id: params.id, name: 'Fetched' });
    }),
  );
  return { singleRequests: () => singleRequests };
}

describe('an Entity endpoint finds the entity already in the store', () => {
  it('reads it with the freshness of the entity, without a request', async () => {
    const api = usersApi();
    const { controller, dispose } = createStore();
    const list = await controller.fetch(listUsers, undefined);
    expect(controller.getState().endpoints[getUser.key({ id: '1' })]).toBeUndefined();
    const expiresAt = controller.getState().entitiesMeta.User?.['1']?.expiresAt;
    expect(expiresAt).toBe(NOW + 60_000);

    const response = controller.getResponse(getUser, { id: '1' });
    expect(response).toMatchObject({ expiryStatus: ExpiryStatus.Valid, expiresAt });
    // The same denormalized entity object the list holds.
    expect(response.data).toBe(list[0]);
    expect(response.data).toBeInstanceOf(User);
    const selection = await firstValueFrom(controller.select(getUser, { id: '1' }));
    expect(selection).toMatchObject({ data: list[0], error: undefined, loading: false });

    await expect(controller.fetchIfStale(getUser, { id: '1' })).resolves.toBe(list[0]);
    expect(api.singleRequests()).toBe(0);
    dispose();
  });

  it('is stale when the entity is, so fetchIfStale fetches it then', async () => {
    const api = usersApi();
    const { controller, dispose } = createStore();
    await controller.fetch(listUsers, undefined);
    vi.setSystemTime(NOW + 60_001);
    const response = controller.getResponse(getUser, { id: '1' });
    expect(response.data?.name).toBe('Ada');
    expect(response.expiresAt).toBeLessThan(controller.now());
    await expect(controller.fetchIfStale(getUser, { id: '1' })).resolves.toMatchObject({
      name: 'Fetched',
    });
    expect(api.singleRequests()).toBe(1);
    dispose();
  });

  it('applies only without a result of its own, never to mutations nor invalidated keys', async () => {
    usersApi();
    const { controller, dispose } = createStore();
    await controller.fetch(listUsers, undefined);
    // Not in the store: missing as before.
    expect(controller.getResponse(getUser, { id: '3' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    expect(controller.getResponse(updateUser, { id: '1' }).data).toBeUndefined();
    await setResponse(controller, getUser, { id: '2' }, undefined, { id: '2', name: 'Own' });
    await controller.invalidate(getUser, { id: '2' });
    expect(controller.getResponse(getUser, { id: '2' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    dispose();
  });

  it('an invalidIfStale endpoint does not serve the entity once it is stale', async () => {
    usersApi();
    const strict = getUser.extend({ invalidIfStale: true });
    const { controller, dispose } = createStore();
    await controller.fetch(listUsers, undefined);
    expect(controller.getResponse(strict, { id: '1' })).toMatchObject({
      data: { name: 'Ada' },
      expiryStatus: ExpiryStatus.InvalidIfStale,
    });
    vi.setSystemTime(NOW + 60_001);
    expect(controller.getResponse(strict, { id: '1' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    dispose();
  });
});
