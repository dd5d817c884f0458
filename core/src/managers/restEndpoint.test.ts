import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { deferred, notFetching, useMswServer } from '../../test/endpoints';
import { RestEndpoint, resource } from '../rest';
import { Collection, Entity } from '../schema';
import type { EndpointInterface } from '../store';
import { createStore } from './createStore';

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
    const { controller, dispose } = createStore();
    const fetchUser = () => controller.fetch(getUser, { id: '1' });
    expectTypeOf(fetchUser).returns.resolves.toEqualTypeOf<User>();
    dispose();
  });

  it('fetches, normalizes, and pushes into the collection (docs/reference/collections.md#derived-endpoints)', async () => {
    server.use(
      http.get(`${API}/users/1`, () => HttpResponse.json({ id: '1', name: 'Ada' })),
      http.get(`${API}/users`, () => HttpResponse.json([{ id: '1', name: 'Ada' }])),
      http.post(`${API}/users`, async ({ request }) =>
        HttpResponse.json({ id: '2', ...((await request.json()) as object) }),
      ),
    );
    const { controller, dispose } = createStore();
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
    const { controller, dispose } = createStore();
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

describe('resource({ optimistic: true })', () => {
  it('gives create, update, partialUpdate and delete optimistic responses', async () => {
    const gate = deferred();
    const rows = new Map([
      ['1', { id: '1', name: 'Ada' }],
      ['2', { id: '2', name: 'Grace' }],
    ]);
    server.use(
      http.get(`${API}/people`, () => HttpResponse.json([...rows.values()])),
      http.all(`${API}/people*`, async ({ request }) => {
        await gate.promise;
        const body = request.method === 'DELETE' ? {} : ((await request.json()) as object);
        const id = new URL(request.url).pathname.split('/')[2] ?? (body as { id: string }).id;
        if (request.method === 'DELETE') {
          rows.delete(id);
          return new HttpResponse(null, { status: 204 });
        }
        rows.set(id, { ...rows.get(id), ...body, id } as { id: string; name: string });
        return HttpResponse.json(rows.get(id));
      }),
    );
    const People = resource({
      urlPrefix: API,
      path: '/people/:id',
      schema: User,
      optimistic: true,
    });
    const Plain = resource({ urlPrefix: API, path: '/people/:id', schema: User });
    expect(Plain.update.getOptimisticResponse).toBeUndefined();
    expect(Plain.create).toBe(Plain.getList.push);

    const { controller, dispose } = createStore();
    await controller.fetch(People.getList);
    const names = () => controller.getResponse(People.getList).data?.map((user) => user.name);
    const done = Promise.all([
      controller.fetch(People.partialUpdate, { id: '1' }, { name: 'Ada L.' }),
      controller.fetch(People.update, { id: '2' }, { name: 'Grace H.' }),
      controller.fetch(People.create, { id: '3', name: 'Edsger' }),
    ]);
    // Before any answer, the store shows the expected outcome.
    expect(names()).toEqual(['Ada L.', 'Grace H.', 'Edsger']);
    gate.resolve();
    await done;
    expect(names()).toEqual(['Ada L.', 'Grace H.', 'Edsger']);
    expect(controller.getState().optimistic).toEqual([]);

    const held = deferred();
    server.use(
      http.delete(`${API}/people/:id`, async () => {
        await held.promise;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const deleted = controller.fetch(People.delete, { id: '1' });
    expect(names()).toEqual(['Grace H.', 'Edsger']);
    held.resolve();
    await deleted;
    expect(names()).toEqual(['Grace H.', 'Edsger']);
    dispose();
  });

  it('rolls back when the server refuses', async () => {
    server.use(
      http.get(`${API}/people`, () => HttpResponse.json([{ id: '1', name: 'Ada' }])),
      http.patch(`${API}/people/:id`, () => HttpResponse.json({}, { status: 500 })),
    );
    const People = resource({
      urlPrefix: API,
      path: '/people/:id',
      schema: User,
      optimistic: true,
    });
    const { controller, dispose } = createStore();
    await controller.fetch(People.getList);
    const pending = controller.fetch(People.partialUpdate, { id: '1' }, { name: 'Nope' });
    expect(controller.getResponse(People.getList).data?.[0].name).toBe('Nope');
    await expect(pending).rejects.toMatchObject({ status: 500 });
    expect(controller.getResponse(People.getList).data?.[0].name).toBe('Ada');
    dispose();
  });
});
