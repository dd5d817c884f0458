import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { RestEndpoint } from '../rest';
import { Collection, Entity } from '../schema';
import type { EndpointInterface } from '../store';
import { createStore } from './createStore';
import { notFetching, useMswServer } from './endpoints.test-helpers';

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}

const API = 'http://rest.test';
const server = useMswServer();

const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const listUsers = new RestEndpoint({
  urlPrefix: API,
  path: '/users',
  schema: new Collection([User]),
});

describe('RestEndpoint through the store', () => {
  it('satisfies EndpointInterface structurally, with typed results', () => {
    expectTypeOf(getUser).toExtend<EndpointInterface>();
    expectTypeOf(listUsers.push).toExtend<EndpointInterface>();
    const { controller, dispose } = createStore({ gc: false });
    const fetchUser = () => controller.fetch(getUser, { id: '1' });
    expectTypeOf(fetchUser).returns.resolves.toEqualTypeOf<User>();
    dispose();
  });

  it('fetches, normalizes, and pushes into the collection (SPEC §1, §4.6)', async () => {
    server.use(
      http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'Ada' })),
      http.get(`${API}/users`, () => HttpResponse.json([{ id: '1', name: 'Ada' }])),
      http.post(`${API}/users`, async ({ request }) =>
        HttpResponse.json({ id: '2', ...((await request.json()) as object) }),
      ),
    );
    const { controller, dispose } = createStore({ gc: false });
    expect(await getUser({ id: '1' })).not.toBeInstanceOf(User);
    expect(await controller.fetch(getUser, { id: '1' })).toBeInstanceOf(User);
    await controller.fetch(listUsers);
    await controller.fetch(listUsers.push, { name: 'Grace' });
    expect(controller.getResponse(listUsers).data?.map((u) => u.name)).toEqual(['Ada', 'Grace']);
    dispose();
  });

  it("the endpoint's signal withdraws its caller; the cancelled request writes nothing", async () => {
    server.use(
      http.get(`${API}/users/1`, async () => {
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const { controller, dispose } = createStore({ gc: false });
    const abort = new AbortController();
    const before = controller.getState();
    const pending = controller.fetch(getUser.extend({ signal: abort.signal }), { id: '1' });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await notFetching(controller, getUser.key({ id: '1' }));
    expect(controller.getError(getUser, { id: '1' })).toBeUndefined();
    expect(controller.getState().meta).toBe(before.meta);
    expect(controller.getState().endpoints).toBe(before.endpoints);
    dispose();
  });
});
