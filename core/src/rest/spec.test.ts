// The RestEndpoint reference (docs/reference/rest-endpoint.md and the pages it links) read
// literally: the examples and rules not covered by the other test files, in the reference's own
// terms (`url({ group, id, sort })`, subclass overrides of every overridable method, batch DELETE
// with 204, ...). Type assertions are checked by tsc.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { Collection, type CollectionUpdate, Entity, Invalidate } from '../schema/index';
import type { NetworkError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';
import { resource } from './resource';
import type { RestArgs, RestGenerics } from './restTypes';

const API = 'http://spec.test';

class Todo extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

/** `METHOD url body` of every request the server saw. */
let seen: string[] = [];

const server = setupServer(
  http.delete(`${API}/todos`, async ({ request }) => {
    seen.push(`DELETE ${request.url} ${await request.text()}`);
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete(`${API}/todos-echo`, async ({ request }) => {
    const ids = (await request.json()) as string[];
    return HttpResponse.json(ids.map((id) => ({ id })));
  }),
  http.patch(`${API}/empty/:id`, () => new HttpResponse(null, { status: 204 })),
  http.all(`${API}/*`, async ({ request }) => {
    const body = await request.text();
    seen.push(`${request.method} ${request.url} ${body}`);
    return HttpResponse.json({ method: request.method, body: body ? JSON.parse(body) : null });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen = [];
});
afterAll(() => server.close());

describe('§4.3 url() examples, literally', () => {
  const getUsers = new RestEndpoint({ path: '/:group/user/:id' });

  it('leftover params go to the query string, sorted', () => {
    expect(getUsers.url({ group: 'admin', id: 5, sort: 'asc' })).toBe('/admin/user/5?sort=asc');
    expect(getUsers.url({ group: 'admin', id: '5', sort: 'asc', isAdmin: true })).toBe(
      '/admin/user/5?isAdmin=true&sort=asc',
    );
    expect(getUsers.url({ group: 'admin', id: 5 })).toBe('/admin/user/5');
    // url() takes undeclared query params; a call needs them declared
    // (docs/reference/rest-endpoint.md#call-arguments, rule 6).
    expectTypeOf(getUsers.url).parameter(0).toHaveProperty('id');
    typeOnly(() => {
      // @ts-expect-error sort is not declared in searchParams
      getUsers({ group: 'admin', id: 5, sort: 'asc' });
      // @ts-expect-error id is still required by url()
      getUsers.url({ group: 'admin' });
    });
  });

  it('key() is the method, a space, then url()', () => {
    const params = { group: 'admin', id: 5 };
    expect(getUsers.key(params)).toBe(`GET ${getUsers.url(params)}`);
    const create = new RestEndpoint({ path: '/:group/user', method: 'POST' });
    expect(create.key({ group: 'g' }, { name: 'x' })).toBe('POST /g/user');
  });
});

describe('§4.1 the body argument', () => {
  it('a subclass field `method` counts like the constructor option', async () => {
    // Not generic: the type of a generic subclass's `method` comes from its options.
    class CreateEndpoint extends RestEndpoint {
      override urlPrefix = API;
      override method = 'POST';
    }
    const create = new CreateEndpoint({ path: '/items' });
    await create({ name: 'x' });
    expect(seen).toEqual([`POST ${API}/items {"name":"x"}`]);
    // extend() keeps the arguments even when it changes the method.
    await create.extend({ method: 'PUT' })({ name: 'y' });
    expect(seen[1]).toBe(`PUT ${API}/items {"name":"y"}`);
  });

  it('a GET endpoint extended to POST still takes no body; declaring one adds it', async () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/items/:id' });
    await get.extend({ method: 'POST' })({ id: 1 });
    await get.extend({ method: 'POST', body: {} as { a: number } })({ id: 1 }, { a: 1 });
    expect(seen).toEqual([`POST ${API}/items/1 `, `POST ${API}/items/1 {"a":1}`]);
  });

  it('process builds a result from the body when the server returns nothing (204)', async () => {
    const update = new RestEndpoint({
      urlPrefix: API,
      path: '/empty/:id',
      method: 'PATCH',
      body: {} as { title: string },
      process(value: unknown, params, body) {
        return value ?? { id: String(params.id), ...body };
      },
    });
    await expect(update({ id: 3 }, { title: 't' })).resolves.toEqual({ id: '3', title: 't' });
  });
});

describe('§4.7 rule 2: batch DELETE of an id list', () => {
  const deleteTodos = new RestEndpoint({
    urlPrefix: API,
    path: '/todos',
    method: 'DELETE',
    body: [] as string[],
    schema: [new Invalidate(Todo)],
    process(value: { id: string }[] | null, body) {
      return value ?? body.map((id) => ({ id }));
    },
  });

  it('sends the ids as a JSON array; on 204 process builds the id objects from the body', async () => {
    expectTypeOf(deleteTodos).parameters.toEqualTypeOf<[body: string[]]>();
    expectTypeOf(deleteTodos).returns.toEqualTypeOf<Promise<{ id: string }[]>>();
    await expect(deleteTodos(['1', '2'])).resolves.toEqual([{ id: '1' }, { id: '2' }]);
    expect(seen).toEqual([`DELETE ${API}/todos ["1","2"]`]);
  });

  it('on 200 the response is used as it is', async () => {
    const echo = deleteTodos.extend({ path: '/todos-echo' });
    await expect(echo(['a'])).resolves.toEqual([{ id: 'a' }]);
  });
});

describe('§2.1 subclass overrides of every overridable method', () => {
  const calls: string[] = [];

  class Traced<O extends RestGenerics = any> extends RestEndpoint<O> {
    override urlPrefix = API;
    override url(urlParams: Record<string, any>): string {
      calls.push('url');
      return super.url(urlParams as never);
    }
    override searchToString(searchParams: Record<string, any>): string {
      calls.push('searchToString');
      return `q=${Object.keys(searchParams).join(',')}`;
    }
    override async getRequestInit(body?: unknown): Promise<RequestInit> {
      calls.push('getRequestInit');
      return { ...(await super.getRequestInit(body)), credentials: 'omit' };
    }
    override getHeaders(headers: HeadersInit): Promise<HeadersInit> {
      calls.push('getHeaders');
      return Promise.resolve({ ...headers, 'X-Traced': '1' });
    }
    override fetchResponse(input: RequestInfo, init: RequestInit): Promise<Response> {
      calls.push(`fetchResponse ${(init.headers as Record<string, string>)['X-Traced']}`);
      return super.fetchResponse(input as string, init);
    }
    override async parseResponse(response: Response): Promise<any> {
      calls.push('parseResponse');
      return { parsed: await response.json() };
    }
    override process(value: any, ...args: any[]): { parsed: unknown; args: number } {
      calls.push('process');
      return { parsed: value.parsed, args: args.length };
    }
    override key(...args: any[]): string {
      return `traced ${super.key(...(args as RestArgs<O>))}`;
    }
    override testKey(key: string): boolean {
      return key.startsWith('traced ');
    }
  }

  it('the fetch sequence calls each override, in the spec order', async () => {
    calls.length = 0;
    const search = new Traced({ path: '/items/:id', searchParams: {} as { a?: number } });
    const result = await search({ id: 1, a: 2 });
    expect(calls).toEqual([
      'url',
      'searchToString',
      'getRequestInit',
      'getHeaders',
      'fetchResponse 1',
      'parseResponse',
      'process',
    ]);
    expect(seen).toEqual([`GET ${API}/items/1?q=a `]);
    expect(result).toEqual({ parsed: { method: 'GET', body: null }, args: 1 });
    // process's declared return type is the result type.
    expectTypeOf(result).toEqualTypeOf<{ parsed: unknown; args: number }>();
  });

  it('key and testKey overrides', () => {
    const search = new Traced({ path: '/items/:id' });
    expect(search.key({ id: 1 })).toBe(`traced GET ${API}/items/1`);
    expect(search.testKey(search.key({ id: 2 }))).toBe(true);
    expect(search.testKey(`GET ${API}/items/1`)).toBe(false);
  });

  it('overrides survive extend(); a process option still wins over the override', async () => {
    const search = new Traced({ path: '/items/:id' });
    const extended = search.extend({ path: '/other/:id' });
    expect(extended).toBeInstanceOf(Traced);
    calls.length = 0;
    await extended({ id: 1 });
    expect(calls).toContain('process');
    const withOption = new Traced({ path: '/items', process: (_value: any): string => 'opt' });
    await expect(withOption()).resolves.toBe('opt');
    expectTypeOf(withOption).returns.toEqualTypeOf<Promise<string>>();
  });

  it('a process option with annotated parameters types a subclass call', () => {
    const typed = new Traced({
      path: '/items/:id',
      process(_value: unknown, params: { id: string | number }): number {
        return Number(params.id);
      },
    });
    expectTypeOf(typed).returns.toEqualTypeOf<Promise<number>>();
  });
});

describe('§4.5 members through constructor, extend() and subclass', () => {
  it('every option is accepted by the constructor and extend(), with typed callbacks', async () => {
    const signal = new AbortController().signal;
    const base = new RestEndpoint({
      path: '/todos/:id',
      urlPrefix: API,
      schema: Todo,
      errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
      getOptimisticResponse(snap, params) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        return snap.get(Todo, params);
      },
      update: (id: string) => ({ 'GET /todos': (ids: string[]) => [...ids, id] }),
    });
    const plainOptions = {
      requestInit: { credentials: 'include' } as RequestInit,
      signal,
      sideEffect: true,
      dataExpiryLength: 1,
      errorExpiryLength: 2,
      invalidIfStale: true,
      pollFrequency: 3,
    };
    const extended = base.extend({
      method: 'PUT',
      body: {} as Partial<Todo>,
      searchParams: {} as { v?: number },
      ...plainOptions,
      getOptimisticResponse(_snap, params, body) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number; v?: number }>();
        expectTypeOf(body).toEqualTypeOf<Partial<Todo>>();
        // Matches process's result type (docs/reference/rest-endpoint.md#optimistic-responses).
        return { value: body, id: params.id };
      },
      process(value: unknown, params, body) {
        expectTypeOf(body).toEqualTypeOf<Partial<Todo>>();
        return { value, id: params.id };
      },
    });
    expectTypeOf(extended).parameters.toEqualTypeOf<
      [params: { id: string | number; v?: number }, body: Partial<Todo>]
    >();
    expectTypeOf(extended).returns.toEqualTypeOf<
      Promise<{ value: unknown; id: string | number }>
    >();
    expect({ ...extended }).toMatchObject({ method: 'PUT', ...plainOptions, schema: Todo });
    expect(extended.errorPolicy).toBe(base.errorPolicy);
    expect(extended.update).toBe(base.update);
    expect(extended.getOptimisticResponse?.({} as never, { id: 1 }, { title: 'x' })).toEqual({
      value: { title: 'x' },
      id: 1,
    });
    await expect(extended({ id: 4, v: 1 }, { title: 'z' })).resolves.toEqual({
      value: { method: 'PUT', body: { title: 'z' } },
      id: 4,
    });
    expect(seen).toEqual([`PUT ${API}/todos/4?v=1 {"title":"z"}`]);
  });

  it('sideEffect set explicitly in extend() wins over the method', () => {
    const post = new RestEndpoint({ path: '/a', method: 'POST' });
    expect(post.extend({ sideEffect: false }).sideEffect).toBe(false);
    expect(new RestEndpoint({ path: '/a' }).extend({ sideEffect: true }).sideEffect).toBe(true);
  });

  it('every option can be a subclass field', async () => {
    class Configured<O extends RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = API;
      override dataExpiryLength = 10;
      override pollFrequency = 20;
      override requestInit: RequestInit = { headers: { 'X-From': 'field' } };
      override errorPolicy = (_error: unknown) => 'soft' as const;
    }
    const endpoint = new Configured({ path: '/fields' });
    expect(endpoint.extend({}).dataExpiryLength).toBe(10);
    expect(endpoint.extend({ pollFrequency: 5 }).pollFrequency).toBe(5);
    expect(endpoint.errorPolicy?.(new Error())).toBe('soft');
    const init = await endpoint.getRequestInit();
    expect(init.headers).toEqual({ 'X-From': 'field' });
  });
});

describe('§4.6 collection endpoints, literally', () => {
  const getTodos = new RestEndpoint({
    urlPrefix: API,
    path: '/users/:userId/todos',
    schema: new Collection([Todo]),
    paginationField: 'page',
  });

  it('push, unshift, assign, remove, move: method, URL params of the source, body', async () => {
    await getTodos.push({ userId: 1 }, { title: 'end' });
    await getTodos.push({ userId: 1 }, [{ title: 'a' }, { title: 'b' }]);
    await getTodos.unshift({ userId: 1 }, { title: 'start' });
    await getTodos.remove({ userId: 1 }, { id: '5' });
    await getTodos.move({ userId: 2 }, { id: '5', title: 'moved' });
    expect(seen).toEqual([
      `POST ${API}/users/1/todos {"title":"end"}`,
      `POST ${API}/users/1/todos [{"title":"a"},{"title":"b"}]`,
      `POST ${API}/users/1/todos {"title":"start"}`,
      `PATCH ${API}/users/1/todos {"id":"5"}`,
      `PATCH ${API}/users/2/todos {"id":"5","title":"moved"}`,
    ]);
  });

  it('assign on a path without params takes only the body', async () => {
    const byKey = new RestEndpoint({
      urlPrefix: API,
      path: '/todo-map',
      schema: new Collection([Todo]),
    });
    await byKey.assign({ a: { id: 'a', title: 'x' } });
    expect(seen).toEqual([`POST ${API}/todo-map {"a":{"id":"a","title":"x"}}`]);
    expectTypeOf(byKey.assign).parameters.toEqualTypeOf<[body: Record<string, Partial<Todo>>]>();
  });

  it('another endpoint (DELETE) removes from lists by extending with schema.remove', () => {
    const deleteTodo = new RestEndpoint({
      urlPrefix: API,
      path: '/todos/:id',
      method: 'DELETE',
    }).extend({ schema: getTodos.schema.remove });
    expect(deleteTodo.method).toBe('DELETE');
    expect(deleteTodo.schema).toBe(getTodos.schema.remove);
    expectTypeOf(deleteTodo.schema).toEqualTypeOf<
      CollectionUpdate<Collection<[typeof Todo]>, 'remove'>
    >();
  });

  it('getPage requests the URL with { page } as a query parameter', async () => {
    await getTodos.getPage({ userId: 1, page: 2 });
    expect(seen).toEqual([`GET ${API}/users/1/todos?page=2 `]);
  });
});

describe('resource() members', () => {
  const TodoResource = resource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    paginationField: 'cursor',
  });

  it('create is getList.push; getNextPage is getList.getPage', async () => {
    expect(TodoResource.create).toBe(TodoResource.getList.push);
    expect(TodoResource.getNextPage).toBe(TodoResource.getList.getPage);
    await TodoResource.create({ title: 'new' });
    await TodoResource.getNextPage({ cursor: 'c2' });
    expect(seen).toEqual([`POST ${API}/todos {"title":"new"}`, `GET ${API}/todos?cursor=c2 `]);
    expectTypeOf(TodoResource.create).parameters.toEqualTypeOf<
      [body: Partial<Todo> | Partial<Todo>[]]
    >();
  });

  it('getNextPage exists only with a paginationField', () => {
    const plain = resource({ path: '/todos/:id', schema: Todo });
    expect('getNextPage' in plain).toBe(false);
    typeOnly(() => {
      // @ts-expect-error no paginationField, no getNextPage
      plain.getNextPage;
    });
  });
});

/** Holds code that must typecheck (or fail to) but never run. */
function typeOnly(_code: () => void) {}

describe('§4.5 key(urlParams) and getOptimisticResponse typing', () => {
  it('key takes the URL params alone, also for an endpoint with a body', () => {
    const create = new RestEndpoint({ path: '/groups/:group/users', method: 'POST' });
    expect(create.key({ group: 'g' })).toBe('POST /groups/g/users');
    expect(create.key({ group: 'g' }, { name: 'x' })).toBe('POST /groups/g/users');
    const createTop = new RestEndpoint({ path: '/users', method: 'POST' });
    // A lone argument here is the body (docs/reference/rest-endpoint.md#call-arguments, rule 5): it
    // never reaches the URL.
    expect(createTop.key({ name: 'x' })).toBe('POST /users');
  });

  it('with a process, the optimistic response must match its result type', () => {
    new RestEndpoint({
      path: '/todos/:id',
      method: 'PATCH',
      body: {} as { title: string },
      process: (value: { id: string; title: string }) => value,
      getOptimisticResponse: (_snap, params, body) => ({ id: String(params.id), ...body }),
    });
    new RestEndpoint({
      path: '/todos/:id',
      method: 'PATCH',
      body: {} as { title: string },
      process: (value: { id: string; title: string }) => value,
      // @ts-expect-error title is missing from the optimistic response
      getOptimisticResponse: (_snap, params) => ({ id: String(params.id) }),
    });
  });
});

describe('§4.4 content and schema', () => {
  it('a non-JSON content mode takes no schema, in the types too', () => {
    expect(() => {
      // @ts-expect-error binary data cannot be normalized
      new RestEndpoint({ path: '/file', content: 'blob', schema: Todo });
    }).toThrow(/content 'blob' cannot have a schema/);
    expect(() => {
      // @ts-expect-error text cannot be normalized either
      new RestEndpoint({ path: '/file', content: 'text', schema: Todo, process: (v: string) => v });
    }).toThrow(TypeError);
    const download = new RestEndpoint({ path: '/file', content: 'blob', dataExpiryLength: 0 });
    expectTypeOf(download).returns.toEqualTypeOf<Promise<Blob>>();
    new RestEndpoint({ path: '/todos/:id', content: 'json', schema: Todo });
  });
});
