import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createStore } from '../managers/createStore';
import { Entity } from '../schema';
import { RestEndpoint } from './RestEndpoint';
import { ResponseValidationError, validateResponse } from './validateResponse';

const API = 'http://validate.test';
let todos: JsonBodyType = [{ id: 1, title: 'Write' }];
const server = setupServer(http.get(`${API}/todos`, () => HttpResponse.json(todos)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  todos = [{ id: 1, title: 'Write' }];
});
afterAll(() => server.close());

class Todo extends Entity {
  id = 0;
  title = '';
}

const TodoJson = z.object({ id: z.number(), title: z.string() });

const listTodos = new RestEndpoint({
  urlPrefix: API,
  path: '/todos',
  schema: [Todo],
  process: validateResponse(z.array(TodoJson)),
});

describe('validateResponse (Standard Schema) checks a response before it is normalized', () => {
  it('a valid response passes, typed as the validator output', async () => {
    const result = await listTodos();
    expect(result).toEqual([{ id: 1, title: 'Write' }]);
    expectTypeOf(result).toEqualTypeOf<{ id: number; title: string }[]>();
  });

  it("the validator's output is the result (a transform applies)", async () => {
    const titles = new RestEndpoint({
      urlPrefix: API,
      path: '/todos',
      process: validateResponse(z.array(TodoJson).transform((list) => list.map((t) => t.title))),
    });
    const result = await titles();
    expect(result).toEqual(['Write']);
    expectTypeOf(result).toEqualTypeOf<string[]>();
  });

  it('a refused response rejects with ResponseValidationError naming the path and the reason', async () => {
    todos = [
      { id: 1, title: 'Write' },
      { id: 2, title: 7 },
    ];
    const error = await listTodos().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const refused = error as ResponseValidationError;
    expect(refused.where).toBe('$[1].title');
    expect(refused.reason).toMatch(/string/);
    expect(refused.message).toContain('GET /todos');
    expect(refused.message).toContain('$[1].title');
    expect(refused.issues).toHaveLength(1);
    expect(refused.value).toEqual(todos);
    expect(refused.toJSON()).toMatchObject({ name: 'ResponseValidationError' });
  });

  it('keys that are not identifiers are bracketed; several issues are counted', async () => {
    const Odd = z.object({ 'x-count': z.number(), n: z.number() });
    todos = { 'x-count': 'one', n: 'two' };
    const odd = new RestEndpoint({
      urlPrefix: API,
      path: '/todos',
      process: validateResponse(Odd),
    });
    const error = (await odd().catch((caught: unknown) => caught)) as ResponseValidationError;
    expect(error.where).toBe('$["x-count"]');
    expect(error.message).toContain('(and 1 more)');
  });

  it('an async validator is awaited', async () => {
    const Async = z.array(TodoJson).refine(async (list) => list.length > 1, 'needs two');
    const refused = new RestEndpoint({
      urlPrefix: API,
      path: '/todos',
      process: validateResponse(Async),
    });
    const error = (await refused().catch((caught: unknown) => caught)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect([error.where, error.reason]).toEqual(['$', 'needs two']);
  });

  it('through the store: the error is recorded for the key and the store keeps what it had', async () => {
    const { controller, dispose } = createStore();
    await controller.fetch(listTodos);
    const before = controller.getState();
    todos = [{ id: 1, title: null }];
    await expect(controller.fetch(listTodos)).rejects.toBeInstanceOf(ResponseValidationError);
    const after = controller.getState();
    expect(after.entities).toBe(before.entities);
    expect(after.endpoints).toBe(before.endpoints);
    expect(controller.getError(listTodos)).toBeInstanceOf(ResponseValidationError);
    const data = controller.getResponse(listTodos).data;
    expect(data?.[0]).toBeInstanceOf(Todo);
    expect(data?.[0]?.title).toBe('Write');
    dispose();
  });
});
