// Type tests: checked by tsc (vitest's typecheck mode is off). At runtime they only build
// endpoints; calls that must not compile sit in `typeOnly` bodies, which never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Collection, Entity } from '../schema/index';
import type { NetworkError } from './NetworkError';
import type { PathParams, ShortenPath } from './pathTypes';
import { RestEndpoint } from './RestEndpoint';
import type { AnyGenerics, RestGenerics } from './restTypes';

/** Holds code that must typecheck (or fail to) but never run. */
function typeOnly(_code: () => void) {}

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}

describe('path params from every template construct (docs/reference/path-templates.md)', () => {
  it(':name is string | number', () => {
    expectTypeOf<PathParams<'/users/:id'>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<PathParams<'/:group/user/:id'>>().toEqualTypeOf<{
      group: string | number;
      id: string | number;
    }>();
  });

  it('optional groups make optional properties, chained', () => {
    expectTypeOf<PathParams<'/files{/:a}{-:b}{-:c}'>>().toEqualTypeOf<{
      a?: string | number;
      b?: string | number;
      c?: string | number;
    }>();
  });

  it('*name is string[]; {/*name} is optional string[]', () => {
    expectTypeOf<PathParams<'/files/*path'>>().toEqualTypeOf<{ path: string[] }>();
    expectTypeOf<PathParams<'/files{/*path}'>>().toEqualTypeOf<{ path?: string[] }>();
  });

  it('quoted names', () => {
    expectTypeOf<PathParams<'/items/:"item-id"/:"v.2"'>>().toEqualTypeOf<{
      'item-id': string | number;
      'v.2': string | number;
    }>();
  });

  it('escaped characters are not parameters', () => {
    expectTypeOf<PathParams<'http\\://example.com/users/:id'>>().toEqualTypeOf<{
      id: string | number;
    }>();
    expectTypeOf<PathParams<'/a\\:b/c\\*d/e\\{f\\}'>>().toEqualTypeOf<{}>();
  });

  it('query tails with ? and +', () => {
    expectTypeOf<PathParams<'/search?{q=:q}{&page=:page}'>>().toEqualTypeOf<{
      q?: string | number;
      page?: string | number;
    }>();
    expectTypeOf<PathParams<'/c++/:v'>>().toEqualTypeOf<{ v: string | number }>();
  });

  it('a template not known at compile time takes any params', () => {
    expectTypeOf<PathParams<string>>().toEqualTypeOf<
      Record<string, string | number | readonly (string | number)[] | undefined>
    >();
  });

  it('ShortenPath drops a final /:param', () => {
    expectTypeOf<ShortenPath<'/todos/:id'>>().toEqualTypeOf<'/todos'>();
    expectTypeOf<ShortenPath<'/users/:userId/todos/:id'>>().toEqualTypeOf<'/users/:userId/todos'>();
    expectTypeOf<ShortenPath<'/users/:id/profile'>>().toEqualTypeOf<'/users/:id/profile'>();
  });
});

describe('call arguments (docs/reference/rest-endpoint.md#call-arguments)', () => {
  it('the first argument is typed from path; omitted when there are no params', () => {
    const getUser = new RestEndpoint({ path: '/users/:id' });
    expectTypeOf(getUser).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(getUser.path).toEqualTypeOf<'/users/:id'>();
    const all = new RestEndpoint({ path: '/users' });
    expectTypeOf(all).parameters.toEqualTypeOf<[]>();
    typeOnly(() => {
      // @ts-expect-error no params to pass
      all({});
      // @ts-expect-error id is required
      getUser({});
      // @ts-expect-error id must be a string or a number
      getUser({ id: true });
      // @ts-expect-error no body on GET
      getUser({ id: 1 }, {});
    });
  });

  it('every construct shapes the argument', () => {
    const endpoint = new RestEndpoint({ path: '/:"org-id"/files/*path{/:version}' });
    expectTypeOf(endpoint).parameters.toEqualTypeOf<
      [params: { 'org-id': string | number; path: string[]; version?: string | number }]
    >();
    // All params optional: the argument is optional too.
    const optional = new RestEndpoint({ path: '/files{/*path}' });
    expectTypeOf(optional).parameters.toEqualTypeOf<[params?: { path?: string[] }]>();
  });

  it('POST, PUT and PATCH take a body (any unless declared); GET and DELETE do not', () => {
    const create = new RestEndpoint({ path: '/users', method: 'POST' });
    expectTypeOf(create).parameters.toEqualTypeOf<[body: any]>();
    const update = new RestEndpoint({ path: '/users/:id', method: 'PUT' });
    expectTypeOf(update).parameters.toEqualTypeOf<[params: { id: string | number }, body: any]>();
    const patch = new RestEndpoint({
      path: '/users/:id',
      method: 'PATCH',
      body: {} as { name: string },
    });
    expectTypeOf(patch).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { name: string }]
    >();
    typeOnly(() => {
      // @ts-expect-error body must match its declaration
      patch({ id: 1 }, { name: 1 });
    });
    const remove = new RestEndpoint({ path: '/users/:id', method: 'DELETE' });
    expectTypeOf(remove).parameters.toEqualTypeOf<[params: { id: string | number }]>();
  });

  it('body: undefined in the constructor removes the body even for POST', () => {
    const trigger = new RestEndpoint({ path: '/jobs/:id/run', method: 'POST', body: undefined });
    expectTypeOf(trigger).parameters.toEqualTypeOf<[params: { id: string | number }]>();
  });

  it('a declared body on DELETE adds one (nonstandard combination)', () => {
    const removeMany = new RestEndpoint({ path: '/users', method: 'DELETE', body: [] as string[] });
    expectTypeOf(removeMany).parameters.toEqualTypeOf<[body: string[]]>();
  });

  it('method shapes the arguments only in the constructor, not in extend()', () => {
    const get = new RestEndpoint({ path: '/users/:id' });
    const post = get.extend({ method: 'POST' });
    expectTypeOf(post).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(post.method).toEqualTypeOf<'POST'>();
    const create = new RestEndpoint({ path: '/users', method: 'POST', body: {} as { a: 1 } });
    expectTypeOf(create.extend({ method: 'GET' })).parameters.toEqualTypeOf<[body: { a: 1 }]>();
    // A body declared in extend() does change them.
    expectTypeOf(get.extend({ body: {} as { b: 2 } })).parameters.toEqualTypeOf<
      [params: { id: string | number }, body: { b: 2 }]
    >();
  });

  it('searchParams are merged into the first argument', () => {
    const list = new RestEndpoint({
      path: '/groups/:group/users',
      searchParams: {} as { sort?: 'asc' | 'desc'; page: number },
    });
    expectTypeOf(list).parameters.toEqualTypeOf<
      [params: { group: string | number; sort?: 'asc' | 'desc'; page: number }]
    >();
    typeOnly(() => {
      // @ts-expect-error page is required
      list({ group: 1 });
    });
    const onlySearch = new RestEndpoint({ path: '/users', searchParams: {} as { q?: string } });
    expectTypeOf(onlySearch).parameters.toEqualTypeOf<[params?: { q?: string }]>();
  });

  it('key takes the same arguments as a call', () => {
    const update = new RestEndpoint({ path: '/users/:id', method: 'PUT' });
    expectTypeOf(update.key).toBeCallableWith({ id: 1 }, { name: 'x' });
    expectTypeOf(update.key).toBeCallableWith({ id: 1 });
    typeOnly(() => {
      // @ts-expect-error id is required
      update.key({});
    });
    expectTypeOf(update.key).returns.toEqualTypeOf<string>();
    expectTypeOf(update.url).parameters.toEqualTypeOf<
      [urlParams: { id: string | number } & Readonly<Record<string, any>>]
    >();
  });
});

describe('results and process (docs/reference/rest-endpoint.md#responses)', () => {
  it('a direct call without process resolves to the data of its schema, not any', () => {
    const getUser = new RestEndpoint({ path: '/users/:id', schema: User });
    const listUsers = new RestEndpoint({ path: '/users', schema: [User] });
    // The server's JSON of a User: its fields, not its methods.
    expectTypeOf(getUser).returns.resolves.toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf(listUsers).returns.resolves.toEqualTypeOf<{ id: string; name: string }[]>();
    typeOnly(async () => {
      // @ts-expect-error a field the schema does not have
      (await getUser({ id: 1 })).nickname;
    });
    // Without a schema the JSON is untyped; a process option or parseResponse decide otherwise.
    expectTypeOf(new RestEndpoint({ path: '/raw' })).returns.resolves.toBeAny();
    expectTypeOf(
      new RestEndpoint({ path: '/users/:id', content: 'text' }),
    ).returns.resolves.toEqualTypeOf<string>();
  });

  it('without process: any for JSON, the content type otherwise', () => {
    expectTypeOf(new RestEndpoint({ path: '/a' })).returns.toEqualTypeOf<Promise<any>>();
    expectTypeOf(new RestEndpoint({ path: '/a', content: 'blob' })).returns.toEqualTypeOf<
      Promise<Blob>
    >();
    expectTypeOf(new RestEndpoint({ path: '/a', content: 'text' })).returns.toEqualTypeOf<
      Promise<string>
    >();
    expectTypeOf(new RestEndpoint({ path: '/a', content: 'arrayBuffer' })).returns.toEqualTypeOf<
      Promise<ArrayBuffer>
    >();
    expectTypeOf(new RestEndpoint({ path: '/a', content: 'stream' })).returns.toEqualTypeOf<
      Promise<ReadableStream<Uint8Array>>
    >();
  });

  it("process's return type is the call's result; its args are typed", () => {
    const endpoint = new RestEndpoint({
      path: '/users/:id',
      method: 'PUT',
      body: {} as { name: string },
      searchParams: {} as { v?: number },
      process(value, params, body) {
        expectTypeOf(value).toEqualTypeOf<any>();
        expectTypeOf(params).toEqualTypeOf<{ id: string | number; v?: number }>();
        expectTypeOf(body).toEqualTypeOf<{ name: string }>();
        return { id: params.id, name: body.name };
      },
    });
    expectTypeOf(endpoint).returns.toEqualTypeOf<Promise<{ id: string | number; name: string }>>();
  });

  it('a direct call is typed as the JSON it resolves: no methods, a Date as its string', () => {
    class Post extends Entity {
      id = '';
      title = '';
      publishedAt = new Date(0);
      author = User.fromJS();
      tags: string[] = [];
      static override schema = { publishedAt: Date, author: User };
      pk() {
        return this.id;
      }
    }
    const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post });
    type Json = {
      id: string;
      title: string;
      publishedAt: string;
      author: { id: string; name: string };
      tags: string[];
    };
    expectTypeOf(getPost).returns.toEqualTypeOf<Promise<Json>>();
    const listPosts = new RestEndpoint({ path: '/posts', schema: [Post] });
    expectTypeOf(listPosts).returns.toEqualTypeOf<Promise<Json[]>>();
    typeOnly(async () => {
      const post = await getPost({ id: '1' });
      // @ts-expect-error the server's JSON has no methods: `pk()` is the store's entity's
      post.pk();
    });
  });

  it('async process resolves to its awaited value', () => {
    const endpoint = new RestEndpoint({
      path: '/a',
      async process(value: { n: number }) {
        return value.n;
      },
    });
    expectTypeOf(endpoint).returns.toEqualTypeOf<Promise<number>>();
  });

  it('process value follows content and an overriding parseResponse', () => {
    new RestEndpoint({
      path: '/a',
      content: 'text',
      process(value) {
        expectTypeOf(value).toEqualTypeOf<string>();
        return value.length;
      },
    });
    const download = new RestEndpoint({
      path: '/file',
      content: 'blob',
      async parseResponse(response: Response) {
        return { blob: await response.blob(), name: response.headers.get('x-name') };
      },
      process(value) {
        expectTypeOf(value).toEqualTypeOf<{ blob: Blob; name: string | null }>();
        return value;
      },
    });
    expectTypeOf(download).returns.toEqualTypeOf<Promise<{ blob: Blob; name: string | null }>>();
  });

  it('process args include path, searchParams and body set in the same extend()', () => {
    const base = new RestEndpoint({ path: '/users/:id' });
    const extended = base.extend({
      path: '/groups/:group/users/:id',
      searchParams: {} as { q: string },
      body: {} as { note: string },
      process(_value, params, body) {
        expectTypeOf(params).toEqualTypeOf<{
          group: string | number;
          id: string | number;
          q: string;
        }>();
        expectTypeOf(body).toEqualTypeOf<{ note: string }>();
        return [params.q] as const;
      },
    });
    expectTypeOf(extended).returns.toEqualTypeOf<Promise<readonly [string]>>();
    expectTypeOf(extended).parameters.toEqualTypeOf<
      [params: { group: string | number; id: string | number; q: string }, body: { note: string }]
    >();
    // process carries through a later extend
    expectTypeOf(extended.extend({ dataExpiryLength: 1 })).returns.toEqualTypeOf<
      Promise<readonly [string]>
    >();
  });

  it('getOptimisticResponse and update get the call args', () => {
    new RestEndpoint({
      path: '/users/:id',
      method: 'PATCH',
      body: {} as { name: string },
      getOptimisticResponse(snap, params, body) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        expectTypeOf(body).toEqualTypeOf<{ name: string }>();
        expectTypeOf(snap.abort).toEqualTypeOf<Error>();
        return { ...body, id: params.id };
      },
      update(normalized, params) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        return { [`GET /users`]: (ids: string[]) => [...ids, normalized] };
      },
    });
  });
});

describe('callbacks take unknown, yet accept functions typed by the app', () => {
  it('snap.get is typed by the schema; update rewriters and errorPolicy name their types', () => {
    const rename = new RestEndpoint({
      path: '/users/:id',
      method: 'PATCH',
      schema: User,
      body: {} as { name: string },
      getOptimisticResponse(snap, params, body) {
        const current = snap.get(User, params);
        expectTypeOf(current).toEqualTypeOf<User | undefined>();
        return { ...current, ...body };
      },
      update: (normalized: string) => ({ 'GET /users': (ids: string[]) => [...ids, normalized] }),
      errorPolicy: (error: NetworkError) => (error.status === 503 ? 'soft' : undefined),
    });
    expectTypeOf(rename.errorPolicy).toEqualTypeOf<
      ((error: unknown) => 'soft' | undefined) | undefined
    >();
  });
});

describe('subclasses default to AnyGenerics (no `any` in app code)', () => {
  class Signed<O extends RestGenerics = AnyGenerics> extends RestEndpoint<O> {
    override urlPrefix = 'https://api.test';
  }

  it('types each endpoint from its options, and each is a bare Signed', () => {
    const getUser = new Signed({ path: '/users/:id', schema: User });
    expectTypeOf(getUser).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    expectTypeOf(getUser).returns.resolves.toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf(getUser).toExtend<Signed>();
  });
});

describe('members and extend (docs/reference/rest-endpoint.md#options)', () => {
  it('schema and the other generics are carried in the type', () => {
    const endpoint = new RestEndpoint({ path: '/users/:id', schema: User });
    expectTypeOf(endpoint.schema).toEqualTypeOf<typeof User>();
    const list = endpoint.extend({ path: '/users', schema: new Collection([User]) });
    expectTypeOf(list.schema).toEqualTypeOf<Collection<[typeof User]>>();
    expectTypeOf(list.path).toEqualTypeOf<'/users'>();
    expectTypeOf(new RestEndpoint({ path: '/a' }).schema).toEqualTypeOf<undefined>();
    expectTypeOf(endpoint.method).toEqualTypeOf<'GET'>();
    expectTypeOf(endpoint.sideEffect).toEqualTypeOf<boolean>();
    expectTypeOf(endpoint.signal).toEqualTypeOf<AbortSignal | undefined>();
    expectTypeOf(endpoint.testKey).toEqualTypeOf<(key: string) => boolean>();
  });

  it('options have their types', () => {
    new RestEndpoint({
      path: '/a',
      errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
      dataExpiryLength: 0,
    });
    new RestEndpoint({
      path: '/a',
      // @ts-expect-error errorPolicy returns 'soft' or undefined
      errorPolicy: () => 'hard',
    });
    // The constructor also rejects these at runtime.
    expect(() => {
      // @ts-expect-error urlPrefix is a string
      new RestEndpoint({ path: '/a', urlPrefix: 1 });
    }).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error path is required
      new RestEndpoint({ method: 'GET' });
    }).toThrow(TypeError);
  });

  it('option methods see the endpoint as this', () => {
    new RestEndpoint({
      path: '/users/:id',
      url(params) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        expectTypeOf(this.path).toEqualTypeOf<'/users/:id'>();
        return `/u/${params.id}`;
      },
    });
  });
});

describe('subclasses keep their types (RestGenerics)', () => {
  class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override urlPrefix = 'https://api.test';

    override async getHeaders(headers: HeadersInit): Promise<HeadersInit> {
      return { ...headers, 'Access-Token': 'token' };
    }
  }

  it('is fully typed from the constructor', () => {
    const getUser = new AuthdEndpoint({ path: '/users/:id' });
    expectTypeOf(getUser).toEqualTypeOf<AuthdEndpoint<{ path: '/users/:id' }>>();
    expectTypeOf(getUser.path).toEqualTypeOf<'/users/:id'>();
    expectTypeOf(getUser).parameters.toEqualTypeOf<[params: { id: string | number }]>();
    const create = new AuthdEndpoint({ path: '/users', method: 'POST', body: {} as { a: 1 } });
    expectTypeOf(create).parameters.toEqualTypeOf<[body: { a: 1 }]>();
    const extended = getUser.extend({ path: '/users/:id/posts/:post' });
    expectTypeOf(extended).parameters.toEqualTypeOf<
      [params: { id: string | number; post: string | number }]
    >();
    typeOnly(() => {
      // @ts-expect-error id is required
      getUser({});
    });
  });

  it('process args are typed in a subclass constructor too', () => {
    new AuthdEndpoint({
      path: '/users/:id',
      process(value, params) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        return value;
      },
    });
  });
});
