import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  Collection,
  CollectionUpdate,
  Entity,
  Invalidate,
  ObjectSchema,
  Values,
} from '../schema/index';
import { RestEndpoint } from './RestEndpoint';
import { resource } from './resource';
import type { RestGenerics } from './restTypes';

const API = 'http://api.test';

class Todo extends Entity {
  id = '';
  title = '';
  userId = '';
  pk() {
    return this.id;
  }
}

interface Received {
  method: string;
  url: string;
  body: string;
  token: string | null;
}
let received: Received[] = [];

const server = setupServer(
  http.all(`${API}/todos*`, async ({ request }) => {
    const body = await request.text();
    received.push({
      method: request.method,
      url: request.url,
      body,
      token: request.headers.get('access-token'),
    });
    if (request.method === 'DELETE') {
      return request.url.endsWith('/with-body')
        ? HttpResponse.json({ id: 'with-body', title: 'gone' })
        : new HttpResponse(null, { status: 204 });
    }
    if (request.method === 'GET' && new URL(request.url).pathname === '/todos') {
      return HttpResponse.json([{ id: '1', title: 'a', userId: 'u' }]);
    }
    return HttpResponse.json(body ? JSON.parse(body) : { id: '1', title: 'a', userId: 'u' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received = [];
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Holds code that must typecheck (or fail to) but never run. */
function typeOnly(_code: () => void) {}

describe('resource()', () => {
  const TodoResource = resource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    searchParams: {} as { userId?: string },
    paginationField: 'cursor',
    dataExpiryLength: 60_000,
  });

  it('generates get, getList, update, partialUpdate and delete', () => {
    const { get, getList, update, partialUpdate } = TodoResource;
    for (const endpoint of [get, getList, update, partialUpdate, TodoResource.delete]) {
      expect(endpoint).toBeInstanceOf(RestEndpoint);
      expect(endpoint.urlPrefix).toBe(API);
      expect(endpoint.dataExpiryLength).toBe(60_000);
    }
    expect([get.method, getList.method, update.method, partialUpdate.method]).toEqual([
      'GET',
      'GET',
      'PUT',
      'PATCH',
    ]);
    expect(TodoResource.delete.method).toBe('DELETE');
    expect(get.path).toBe('/todos/:id');
    expect(getList.path).toBe('/todos');
    expect(get.schema).toBe(Todo);
    expect(update.schema).toBe(Todo);
    expect(getList.schema).toBeInstanceOf(Collection);
    expect(getList.schema.schema.schema).toBe(Todo);
    expect(TodoResource.delete.schema).toBeInstanceOf(Invalidate);
    expect(getList.paginationField).toBe('cursor');
    expect(get.paginationField).toBeUndefined();
    expect([get.sideEffect, getList.sideEffect, update.sideEffect]).toEqual([false, false, true]);
  });

  it('builds the expected URLs and requests', async () => {
    await TodoResource.get({ id: 5 });
    await TodoResource.getList({ userId: 'u1' });
    await TodoResource.update({ id: 5 }, { title: 'x' });
    await TodoResource.partialUpdate({ id: 5 }, { title: 'y' });
    expect(received.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      `GET ${API}/todos/5 `,
      `GET ${API}/todos?userId=u1 `,
      `PUT ${API}/todos/5 {"title":"x"}`,
      `PATCH ${API}/todos/5 {"title":"y"}`,
    ]);
  });

  it('delete resolves to the URL params on 204 so the invalidation knows the pk', async () => {
    await expect(TodoResource.delete({ id: 7 })).resolves.toEqual({ id: 7 });
    await expect(TodoResource.delete({ id: 'with-body' })).resolves.toEqual({
      id: 'with-body',
      title: 'gone',
    });
  });

  it('is typed from the path', () => {
    expectTypeOf(TodoResource.get).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(TodoResource.getList).parameters.toEqualTypeOf<[params?: { userId?: string }]>();
    expectTypeOf(TodoResource.update).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: Partial<Todo>]
    >();
    expectTypeOf(TodoResource.delete).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(TodoResource.delete).returns.toEqualTypeOf<
      Promise<Todo | { id: string | number }>
    >();
    expectTypeOf(TodoResource.getList.schema).toEqualTypeOf<Collection<[typeof Todo]>>();
    expectTypeOf(TodoResource.getList.path).toEqualTypeOf<'/todos'>();
    typeOnly(() => {
      // @ts-expect-error title is a string
      TodoResource.partialUpdate({ id: 1 }, { title: 1 });
    });
  });

  it('uses the Endpoint class given (e.g. authenticated)', async () => {
    class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, 'Access-Token': 'secret' };
      }
    }
    const Authd = resource({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      Endpoint: AuthdEndpoint,
    });
    expect(Authd.get).toBeInstanceOf(AuthdEndpoint);
    expect(Authd.getList.push).toBeInstanceOf(AuthdEndpoint);
    await Authd.get({ id: 1 });
    await Authd.getList.push({ title: 'new' });
    expect(received.map((r) => r.token)).toEqual(['secret', 'secret']);
  });

  it("extend('name', options) adds or overrides a member; the original is unchanged", async () => {
    const Extended = TodoResource.extend('current', { path: '/todos/current' }).extend(
      'partialUpdate',
      { method: 'POST' },
    );
    expect(Extended.current.path).toBe('/todos/current');
    expect(Extended.current.schema).toBe(Todo);
    expect(Extended.partialUpdate.method).toBe('POST');
    expect(TodoResource.partialUpdate.method).toBe('PATCH');
    expect('current' in TodoResource).toBe(false);
    expect(Extended.get).toBe(TodoResource.get);
    await Extended.current();
    expect(received[0]).toMatchObject({ method: 'GET', url: `${API}/todos/current` });
    expectTypeOf(Extended.current).parameters.toEqualTypeOf<[]>();
  });

  it('extend(fn) adds members built from the base ones', () => {
    const Extended = TodoResource.extend((base) => ({
      search: base.getList.extend({ path: '/todos/search', searchParams: {} as { q: string } }),
    }));
    expect(Extended.search.url({ q: 'milk' })).toBe(`${API}/todos/search?q=milk`);
    expect(Extended.search.schema).toBe(TodoResource.getList.schema);
    expectTypeOf(Extended.search).parameters.toEqualTypeOf<[params: { q: string }]>();
    expect(() => TodoResource.extend((() => null) as never)).toThrow(/must return an object/);
  });

  it('names its endpoints after the schema and member, for errors and devtools', () => {
    expect(TodoResource.get.name).toBe('Todo.get');
    expect(TodoResource.getList.name).toBe('Todo.getList');
    expect(TodoResource.update.name).toBe('Todo.update');
    expect(TodoResource.partialUpdate.name).toBe('Todo.partialUpdate');
    expect(TodoResource.delete.name).toBe('Todo.delete');
    expect(TodoResource.create.name).toBe('Todo.getList.push');
    expect(TodoResource.getNextPage.name).toBe('Todo.getList.getPage');
    expect(TodoResource.getList.paginated('page').name).toBe("Todo.getList.paginated('page')");
    expect(() => TodoResource.get.url(null as never)).toThrow(/^Todo\.get: URL params/);
    const Extended = TodoResource.extend('current', { path: '/todos/current' });
    expect(Extended.current.name).toBe('Todo.current');
    expect(TodoResource.extend('get', { name: 'mine' }).get.name).toBe('mine');
    // A plain endpoint keeps `METHOD path`, and so do its derived ones.
    const plain = new RestEndpoint({ path: '/todos', schema: new Collection([Todo]) });
    expect([plain.name, plain.push.name]).toEqual(['GET /todos', 'POST /todos']);
  });

  it('extend({ member: options, ... }) overrides several members at once', async () => {
    const Extended = TodoResource.extend({
      getList: { searchParams: {} as { q: string }, dataExpiryLength: 5 },
      update: { method: 'POST' },
      archive: { path: '/todos/:id/archive', method: 'POST', body: undefined },
    });
    expect(Extended.getList.dataExpiryLength).toBe(5);
    expect(Extended.update.method).toBe('POST');
    expect(Extended.archive.name).toBe('Todo.archive');
    expect(Extended.get).toBe(TodoResource.get);
    expect(TodoResource.update.method).toBe('PUT');
    expect('archive' in TodoResource).toBe(false);
    await Extended.getList({ q: 'milk' });
    await Extended.update({ id: 3 }, { title: 'x' });
    await Extended.archive({ id: 3 });
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${API}/todos?q=milk`,
      `POST ${API}/todos/3`,
      `POST ${API}/todos/3/archive`,
    ]);
    expectTypeOf(Extended.getList).parameters.toEqualTypeOf<[params: { q: string }]>();
    expectTypeOf(Extended.update.method).toEqualTypeOf<'POST'>();
    expectTypeOf(Extended.update).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: Partial<Todo>]
    >();
    expectTypeOf(Extended.archive).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(Extended.archive.schema).toEqualTypeOf<typeof Todo>();
    typeOnly(() => {
      // @ts-expect-error the options are typed for the member: dataExpiryLength is a number
      TodoResource.extend({ getList: { dataExpiryLength: 'soon' } });
    });
    expect(() => TodoResource.extend({ get: null } as never)).toThrow(/options of get/);
  });

  it('rejects bad options clearly', () => {
    expect(() => resource({ path: '/x/:id' } as never)).toThrow(/needs a schema/);
    expect(() => resource({ schema: Todo } as never)).toThrow(/needs a string `path`/);
  });
});

describe('Collection-derived endpoints (docs/reference/collections.md)', () => {
  const getTodos = new RestEndpoint({
    urlPrefix: API,
    path: '/todos',
    searchParams: {} as { userId?: string },
    schema: new Collection([Todo]),
    paginationField: 'cursor',
    process(value: Todo[]) {
      return value;
    },
  });
  const collection = getTodos.schema;

  it.each([
    ['push', 'POST'],
    ['unshift', 'POST'],
    ['assign', 'POST'],
    ['remove', 'PATCH'],
    ['move', 'PATCH'],
  ] as const)('%s: %s with the collection update schema', (name, method) => {
    const endpoint = getTodos[name];
    expect(endpoint).toBeInstanceOf(RestEndpoint);
    expect(endpoint.method).toBe(method);
    expect(endpoint.schema).toBe(collection[name]);
    expect(endpoint.sideEffect).toBe(true);
    expect(endpoint.path).toBe('/todos');
    expect(endpoint.urlPrefix).toBe(API);
    // The same endpoint each time it is read.
    expect(getTodos[name]).toBe(endpoint);
  });

  it('push sends the body to the source URL with its params', async () => {
    const created = await getTodos.push({ userId: 'u1' }, { title: 'new', userId: 'u1' });
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: `${API}/todos?userId=u1`,
      body: '{"title":"new","userId":"u1"}',
    });
    // The list's process is not carried: the response is an entity, not a list.
    expect(created).toEqual({ title: 'new', userId: 'u1' });
    await getTodos.push([{ title: 'a' }, { title: 'b' }]);
    expect(received[1]).toMatchObject({
      url: `${API}/todos`,
      body: '[{"title":"a"},{"title":"b"}]',
    });
  });

  it('are typed from the source', () => {
    expectTypeOf(getTodos.push).parameters.toEqualTypeOf<
      | [params: { userId?: string }, body: Partial<Todo> | Partial<Todo>[]]
      | [body: Partial<Todo> | Partial<Todo>[]]
    >();
    expectTypeOf(getTodos.remove.schema).toEqualTypeOf<
      CollectionUpdate<Collection<[typeof Todo]>, 'remove'>
    >();
    expectTypeOf(getTodos.getPage).parameters.toEqualTypeOf<
      [params: { userId?: string; cursor: string | number }]
    >();
  });

  it('a GET source still gives push a body', () => {
    const pathList = new RestEndpoint({
      path: '/users/:userId/todos',
      schema: new Collection([Todo]),
    });
    expect(pathList.push.key({ userId: 1 }, { title: 'x' })).toBe('POST /users/1/todos');
    expectTypeOf(pathList.push).parameters.toEqualTypeOf<
      [params: { userId: string | number }, body: Partial<Todo> | Partial<Todo>[]]
    >();
  });

  it('assign works on a Values collection', () => {
    const byId = new RestEndpoint({ path: '/todos/map', schema: new Collection(new Values(Todo)) });
    expect(byId.assign.schema).toBe(byId.schema.assign);
    expect(byId.assign.method).toBe('POST');
  });

  it('getPage requests the URL with the cursor and appends to the list without it', async () => {
    const paginate = vi.spyOn(Collection.prototype, 'paginate');
    const list = getTodos.extend({}); // fresh: derived endpoints are memoized per source
    const getPage = list.getPage;
    expect(list.getPage).toBe(getPage);
    expect(getPage.method).toBe('GET');
    expect(getPage.schema).toBeInstanceOf(CollectionUpdate);
    expect((getPage.schema as CollectionUpdate).mode).toBe('paginate');
    const removeCursor = paginate.mock.calls[0][0];
    expect(removeCursor({ userId: 'u1', cursor: 2 })).toEqual([{ userId: 'u1' }]);
    expect(removeCursor({ cursor: 2 })).toEqual([{}]);
    expect(getPage.key({ userId: 'u1', cursor: 2 })).toBe(`GET ${API}/todos?cursor=2&userId=u1`);
    await getPage({ cursor: 'abc' });
    expect(received[0]).toMatchObject({ method: 'GET', url: `${API}/todos?cursor=abc` });
  });

  it('replaces a Collection nested in an object schema', () => {
    const paged = new RestEndpoint({
      path: '/todos',
      schema: new ObjectSchema({ results: new Collection([Todo]), next: '' }),
      paginationField: 'page',
    });
    const schema = paged.getPage.schema as ObjectSchema;
    expect(schema).toBeInstanceOf(ObjectSchema);
    expect(schema.schema.results).toBeInstanceOf(CollectionUpdate);
    expect(schema.schema.next).toBe('');
    const shorthand = new RestEndpoint({
      path: '/todos',
      schema: { results: new Collection([Todo]) },
    });
    const push = shorthand.push;
    expect(push.schema).toBe(shorthand.schema.results.push);
  });

  it('paginated(field) and paginated(removeCursor)', () => {
    const paginate = vi.spyOn(Collection.prototype, 'paginate');
    const byPage = getTodos.paginated('page');
    expect(byPage.url({ page: 3 })).toBe(`${API}/todos?page=3`);
    expectTypeOf(byPage).parameters.toEqualTypeOf<
      [params: { userId?: string; page: string | number }]
    >();
    const removeCursor = (params: { userId?: string; offset: number }) => [
      { userId: params.userId },
    ];
    const byOffset = getTodos.paginated(removeCursor);
    expect(paginate.mock.calls[1][0]).toBe(removeCursor);
    expect(byOffset.url({ offset: 10 })).toBe(`${API}/todos?offset=10`);
    expectTypeOf(byOffset).parameters.toEqualTypeOf<
      [params: { userId?: string; offset: number }]
    >();
  });

  it('without a Collection the accessors fail with a clear error naming the endpoint', () => {
    const plain = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    for (const name of ['push', 'unshift', 'assign', 'remove', 'move'] as const) {
      expect(() => plain[name]).toThrow(
        new TypeError(`GET /todos/:id: ${name} needs a Collection in the endpoint's schema`),
      );
      expectTypeOf<(typeof plain)[typeof name]>().toBeNever();
    }
    expect(() => new RestEndpoint({ path: '/a' }).push).toThrow(TypeError);
    expect(() => plain.paginated('page')).toThrow(/paginated\('page'\) needs a Collection/);
    // paginationField without a Collection is a misconfiguration, not a missing accessor.
    expect(() => plain.extend({ paginationField: 'p' }).getPage).toThrow(/needs a Collection/);
    expect(() => getTodos.paginated('')).toThrow(/non-empty field name/);
  });

  it('getPage exists only with a paginationField', () => {
    const unpaged = new RestEndpoint({ path: '/todos', schema: new Collection([Todo]) });
    expect(unpaged.getPage).toBeUndefined();
    expectTypeOf(unpaged.getPage).toEqualTypeOf<undefined>();
    expect(unpaged.push).toBeInstanceOf(RestEndpoint);
  });
});
