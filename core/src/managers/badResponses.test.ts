import { HttpResponse, http, type JsonBodyType } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { ResponseParseError, RestEndpoint } from '../rest';
import { Collection, Invalidate, SchemaError } from '../schema';
import type { EndpointInterface } from '../store';
import { createStore } from './createStore';

const API = 'http://bad.test';
const server = useMswServer();

const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
const listTodos = new RestEndpoint({ urlPrefix: API, path: '/todos', schema: [Todo] });
const todoCollection = new RestEndpoint({
  urlPrefix: API,
  path: '/todos',
  schema: new Collection([Todo]),
});

const json = { 'Content-Type': 'application/json' };
/** Bodies that carry no data, each answered with 200. */
const emptyAnswers = {
  'an empty JSON body': () => new HttpResponse('', { status: 200, headers: json }),
  'a JSON null': () => new HttpResponse('null', { status: 200, headers: json }),
  'an empty body without content type': () => new HttpResponse('', { status: 200 }),
};

async function storeWith(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  first: JsonBodyType,
) {
  server.use(http.get(`${API}/todos*`, () => HttpResponse.json(first), { once: true }));
  const store = createStore();
  const fetch = () => store.controller.fetch(endpoint, ...args);
  const read = () => store.controller.getResponse(endpoint, ...args);
  const previous = await fetch();
  return { ...store, fetch, read, previous };
}

describe('an empty or null body where the schema expects an entity or a list', () => {
  for (const [name, answer] of Object.entries(emptyAnswers)) {
    it(`${name}: a SchemaError, and the previous entity stays`, async () => {
      const { controller, fetch, read, previous, dispose } = await storeWith(getTodo, [{ id: 1 }], {
        id: 1,
        title: 'first',
      });
      server.use(http.get(`${API}/todos/1`, answer));
      const failure = fetch();
      await expect(failure).rejects.toBeInstanceOf(SchemaError);
      await expect(failure).rejects.toThrow(/GET http:\/\/bad.test\/todos\/1 answered 200/);
      expect(read().data).toBe(previous);
      expect(controller.getError(getTodo, { id: 1 })).toBeInstanceOf(SchemaError);
      dispose();
    });

    it(`${name}: the same for a list and a Collection`, async () => {
      for (const endpoint of [listTodos, todoCollection]) {
        const { fetch, read, previous, dispose } = await storeWith(endpoint, [], [{ id: 1 }]);
        server.use(http.get(`${API}/todos`, answer));
        await expect(fetch()).rejects.toBeInstanceOf(SchemaError);
        expect(read().data).toBe(previous);
        expect(previous).toHaveLength(1);
        dispose();
      }
    });
  }

  it('a direct call rejects too: its type promises the entity', async () => {
    server.use(http.get(`${API}/todos/2`, () => HttpResponse.json(null)));
    await expect(getTodo({ id: 2 })).rejects.toBeInstanceOf(SchemaError);
  });

  it('204 stays "no content", not an error (docs/reference/rest-endpoint.md#responses)', async () => {
    const { fetch, read, dispose } = await storeWith(getTodo, [{ id: 1 }], { id: 1 });
    server.use(http.get(`${API}/todos/1`, () => new HttpResponse(null, { status: 204 })));
    await expect(fetch()).resolves.toBeNull();
    expect(read().data).toBeNull();
    await expect(getTodo({ id: 1 })).resolves.toBeNull();
    dispose();
  });

  it('schemas that take null, and a process that builds the value, are left alone', async () => {
    server.use(
      http.delete(`${API}/todos/:id`, () => new HttpResponse('', { status: 200, headers: json })),
      http.get(`${API}/note`, () => HttpResponse.json(null)),
    );
    const deleteTodo = new RestEndpoint({
      urlPrefix: API,
      path: '/todos/:id',
      method: 'DELETE',
      schema: new Invalidate(Todo),
    });
    await expect(deleteTodo({ id: 1 })).resolves.toBeNull();
    const rebuilt = deleteTodo.extend({ process: (_value: unknown, params: unknown) => params });
    await expect(rebuilt({ id: 1 })).resolves.toEqual({ id: 1 });
    const noSchema = new RestEndpoint({ urlPrefix: API, path: '/note' });
    await expect(noSchema()).resolves.toBeNull();
  });
});

describe('an object where a list was expected', () => {
  for (const endpoint of [listTodos, todoCollection]) {
    it(`fails clearly for ${endpoint.schema instanceof Collection ? 'a Collection' : '[Todo]'}, keeping the list`, async () => {
      const { controller, fetch, read, previous, dispose } = await storeWith(
        endpoint,
        [],
        [{ id: 1, title: 'kept' }],
      );
      server.use(http.get(`${API}/todos`, () => HttpResponse.json({ error: 'rate limited' })));
      const failure = fetch();
      await expect(failure).rejects.toBeInstanceOf(SchemaError);
      await expect(failure).rejects.toThrow(/expected an array, found object .*rate limited/);
      expect(read().data).toBe(previous);
      // Nothing was read as a primary key.
      expect(Object.keys(controller.getState().entities.Todo ?? {})).toEqual(['1']);
      dispose();
    });
  }
});

describe('a body that is not JSON where the endpoint has a schema (a schema means JSON)', () => {
  const signInPage = '<!doctype html><title>Sign in</title>';
  const html = () =>
    new HttpResponse(signInPage, { status: 200, headers: { 'Content-Type': 'text/html' } });

  it('a direct call rejects with a ResponseParseError, as a fetch through the store does', async () => {
    server.use(http.get(`${API}/todos`, html));
    const direct = listTodos();
    // What the type promises, and what an HTML page must therefore never resolve as.
    expectTypeOf(direct).resolves.toExtend<readonly { id: number; title: string }[]>();
    const error = await direct.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error).toMatchObject({ status: 200, contentType: 'text/html', snippet: signInPage });
    expect((error as Error).message).toMatch(/Expected JSON from http:\/\/bad\.test\/todos/);

    const { controller, fetch, read, previous, dispose } = await storeWith(
      listTodos,
      [],
      [{ id: 1, title: 'kept' }],
    );
    server.use(http.get(`${API}/todos`, html));
    await expect(fetch()).rejects.toBeInstanceOf(ResponseParseError);
    expect(read().data).toBe(previous);
    expect(controller.getError(listTodos)).toBeInstanceOf(ResponseParseError);
    dispose();
  });

  it('JSON sent without a Content-Type is read as JSON; without a schema it stays text', async () => {
    // Bytes, not a string: a string body would be labelled text/plain.
    const bare = () => new HttpResponse(new TextEncoder().encode('{"id":3,"title":"bare"}'));
    server.use(http.get(`${API}/todos/3`, bare));
    await expect(getTodo({ id: 3 })).resolves.toMatchObject({ id: 3, title: 'bare' });
    const noSchema = new RestEndpoint({ urlPrefix: API, path: '/todos/:id' });
    await expect(noSchema({ id: 3 })).resolves.toBe('{"id":3,"title":"bare"}');
  });
});
