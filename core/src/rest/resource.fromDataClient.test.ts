// resource() as data-client documents it (dataclient.io/rest/api/resource), for a user who
// migrates (docs/guide/from-data-client.md): the item URL for getList.move, a delete answered
// `{}`, the Collection and nonFilterArgumentKeys options, and a warning for a misspelt option.
// Through msw and a store.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { Collection, Entity } from '../schema/index';
import type { Store } from '../store';
import { RestEndpoint } from './RestEndpoint';
import { resource } from './resource';

const API = 'http://migrating.test';
const server = useMswServer();

class User extends Entity {
  id = 0;
  name = '';
  group = '';
  static override key = 'MigratingUser';
}

class Post extends Entity {
  id = '';
  title = '';
  group = '';
  author = '';
  static override key = 'MigratingPost';
}

let stores: Store[] = [];
function newStore(): Store {
  const store = createStore();
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  vi.restoreAllMocks();
});

/** Records each request as `METHOD /path?search`. */
function recording(answer: (request: Request) => Response | Promise<Response>) {
  const requests: string[] = [];
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      return answer(request);
    }),
  );
  return requests;
}

describe('resource() as data-client documents it', () => {
  const UserResource = resource({
    urlPrefix: API,
    path: '/groups/:group/users/:id',
    schema: User,
  });

  it("getList.move goes to the item's URL (PATCH /groups/five/users/2) and moves it between lists", async () => {
    const requests = recording(async (request) => {
      const url = new URL(request.url);
      if (request.method === 'GET') {
        const group = url.pathname.split('/')[2];
        const users = group === 'five' ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }];
        return HttpResponse.json(users.map((user) => ({ ...user, name: `u${user.id}`, group })));
      }
      const body = (await request.json()) as object;
      return HttpResponse.json({ id: 2, name: 'u2', group: 'five', ...body });
    });
    const store = newStore();
    await store.controller.fetch(UserResource.getList, { group: 'five' });
    await store.controller.fetch(UserResource.getList, { group: 'ten' });
    expect(UserResource.getList.move.path).toBe('/groups/:group/users/:id');
    expect(UserResource.getList.move.method).toBe('PATCH');
    await store.controller.fetch(
      UserResource.getList.move,
      { group: 'five', id: 2 },
      {
        group: 'ten',
      },
    );
    expect(requests.at(-1)).toBe('PATCH /groups/five/users/2');
    const ids = (group: string) =>
      store.controller.getResponse(UserResource.getList, { group }).data?.map((user) => user.id);
    expect(ids('five')).toEqual([1]);
    expect(ids('ten')).toEqual([3, 2]);
    // Also once getList is extended (its schema, its other options).
    const Extended = UserResource.extend({ getList: { dataExpiryLength: 1000 } });
    expect(Extended.getList.move.path).toBe('/groups/:group/users/:id');
    // A plain RestEndpoint's move keeps its own URL (its source's parameters).
    const plain = new RestEndpoint({
      urlPrefix: API,
      path: '/groups/:group/users',
      schema: new Collection([User]),
    });
    expect(plain.move.path).toBe('/groups/:group/users');
  });

  it('types: getList.move takes the item parameters', () => {
    type MoveArgs = Parameters<typeof UserResource.getList.move>;
    expectTypeOf<MoveArgs[0]>().toEqualTypeOf<{ group: string | number; id: string | number }>();
    // @ts-expect-error the item's id is needed
    void (() => UserResource.getList.move({ group: 'five' }, { group: 'ten' }));
  });

  it('a delete answered 200 {} removes the entity named by the URL parameters, as a 204 does', async () => {
    let deleteAnswer: () => Response = () => HttpResponse.json({});
    const requests = recording((request) =>
      request.method === 'DELETE'
        ? deleteAnswer()
        : HttpResponse.json([
            { id: 1, name: 'a', group: 'five' },
            { id: 2, name: 'b', group: 'five' },
          ]),
    );
    const store = newStore();
    await store.controller.fetch(UserResource.getList, { group: 'five' });
    // Called directly, it resolves to them.
    await expect(UserResource.delete({ group: 'five', id: 2 })).resolves.toEqual({
      group: 'five',
      id: 2,
    });
    await store.controller.fetch(UserResource.delete, { group: 'five', id: 2 });
    expect(requests.at(-1)).toBe('DELETE /groups/five/users/2');
    expect(store.controller.get(User, { id: 2 })).toBeUndefined();
    expect(
      store.controller.getResponse(UserResource.getList, { group: 'five' }).data?.map((u) => u.id),
    ).toEqual([1]);
    // A body that names the entity is still used as it is.
    deleteAnswer = () => HttpResponse.json({ id: 1 });
    await expect(UserResource.delete({ group: 'x', id: 9 })).resolves.toEqual({ id: 1 });
    await store.controller.fetch(UserResource.delete, { group: 'x', id: 9 });
    expect(store.controller.get(User, { id: 1 })).toBeUndefined();
  });

  it("resource({ nonFilterArgumentKeys }) goes to getList's Collection: a create joins every ordering", async () => {
    const PostResource = resource({
      urlPrefix: API,
      path: '/:group/posts/:id',
      searchParams: {} as { orderBy?: string; author?: string },
      schema: Post,
      nonFilterArgumentKeys: ['orderBy'],
    });
    recording(async (request) => {
      if (request.method === 'GET') return HttpResponse.json([]);
      const body = (await request.json()) as object;
      return HttpResponse.json({ id: 'new', group: 'react', ...body }, { status: 201 });
    });
    const store = newStore();
    const lists = [
      { group: 'react', orderBy: 'title' },
      { group: 'react', author: 'clara' },
      { group: 'react', author: 'bob' },
    ];
    for (const args of lists) await store.controller.fetch(PostResource.getList, args);
    await store.controller.fetch(
      PostResource.getList.push,
      { group: 'react' },
      { title: 'winning', author: 'clara' },
    );
    const ids = lists.map(
      (args) => store.controller.getResponse(PostResource.getList, args).data?.length,
    );
    // orderBy does not filter; author does (clara's list takes it, bob's does not).
    expect(ids).toEqual([1, 1, 0]);
    // The RegExp and function forms too.
    for (const nonFilterArgumentKeys of [/orderBy/, (key: string) => key === 'orderBy']) {
      const collection = resource({ path: '/posts/:id', schema: Post, nonFilterArgumentKeys })
        .getList.schema;
      expect(collection.nonFilterArgumentKeys('orderBy')).toBe(true);
      expect(collection.nonFilterArgumentKeys('author')).toBe(false);
    }
  });

  it('resource({ Collection }) builds getList with that class', async () => {
    class OrderedCollection extends Collection {
      override nonFilterArgumentKeys(key: string) {
        return key === 'orderBy';
      }
    }
    const PostResource = resource({
      urlPrefix: API,
      path: '/:group/posts/:id',
      searchParams: {} as { orderBy?: string },
      schema: Post,
      Collection: OrderedCollection,
    });
    expect(PostResource.getList.schema).toBeInstanceOf(OrderedCollection);
    recording(async (request) => {
      if (request.method === 'GET') return HttpResponse.json([]);
      const body = (await request.json()) as object;
      return HttpResponse.json({ id: 'p', group: 'react', ...body }, { status: 201 });
    });
    const store = newStore();
    await store.controller.fetch(PostResource.getList, { group: 'react', orderBy: 'title' });
    await store.controller.fetch(PostResource.create, { group: 'react' }, { title: 't' });
    expect(
      store.controller.getResponse(PostResource.getList, { group: 'react', orderBy: 'title' }).data,
    ).toHaveLength(1);
    // Both: the class gets the option.
    const both = resource({
      path: '/posts/:id',
      schema: Post,
      Collection: OrderedCollection,
      nonFilterArgumentKeys: ['author'],
    });
    expect(both.getList.schema).toBeInstanceOf(OrderedCollection);
    // (its own nonFilterArgumentKeys method wins over the option, as a method of a subclass)
    expect(both.getList.schema.nonFilterArgumentKeys('orderBy')).toBe(true);
  });

  it('warns in development of an option whose name differs only by case', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    resource({
      path: '/posts/:id',
      schema: Post,
      // @ts-expect-error misspelt
      nonfilterArgumentKeys: ['orderBy'],
      collection: Collection,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    const [text] = warn.mock.calls[0] as [string];
    expect(text).toMatch(/nonfilterArgumentKeys.*nonFilterArgumentKeys/);
    expect(text).toMatch(/`collection`.*`Collection`/);
    warn.mockClear();
    // `Schema` for `schema`: said before the missing schema is refused.
    // @ts-expect-error misspelt
    expect(() => resource({ path: '/posts/:id', Schema: Post })).toThrow(/schema/);
    expect(warn.mock.calls[0]?.[0]).toMatch(/`Schema`.*`schema`/);
    warn.mockClear();
    resource({ path: '/posts/:id', schema: Post, urlPrefix: API, dataExpiryLength: 5 });
    expect(warn).not.toHaveBeenCalled();
  });
});
