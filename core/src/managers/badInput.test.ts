import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, testEndpoint, useMswServer } from '../../test/endpoints';
import { Entity, SchemaError } from '../schema';
import { setResponse } from '../store';
import { createStore } from './createStore';

class Book extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

const server = useMswServer();

const listBooks = testEndpoint({ path: () => '/books', schema: [Book] });

async function storeWithBooks() {
  server.use(http.get(`${API}/books`, () => HttpResponse.json([{ id: '1', title: 'Dune' }])));
  const store = createStore();
  await store.controller.fetch(listBooks, undefined);
  return store;
}

describe('bad input leaves the store as it was and records a clear error for the key', () => {
  it('a response that does not fit its schema (missing primary key)', async () => {
    const { controller, dispose } = await storeWithBooks();
    const before = controller.getState();
    const broken = testEndpoint({ path: () => '/books/broken', schema: [Book] });
    server.use(
      http.get(`${API}/books/broken`, () =>
        HttpResponse.json([{ id: '2', title: 'ok' }, { title: 'no id' }]),
      ),
    );
    await expect(controller.fetch(broken, undefined)).rejects.toBeInstanceOf(SchemaError);
    const after = controller.getState();
    // Nothing half-written: book 2 (valid, before the bad one) is not in the table.
    expect(after.entities).toBe(before.entities);
    expect(after.entitiesMeta).toBe(before.entitiesMeta);
    expect(after.endpoints).toBe(before.endpoints);
    expect(controller.getError(broken, undefined)).toBeInstanceOf(SchemaError);
    expect(controller.getResponse(listBooks, undefined).data).toHaveLength(1);
    dispose();
  });

  it('a __proto__ key in a response stays plain data', async () => {
    const { controller, dispose } = createStore();
    const raw = testEndpoint({ path: () => '/raw' });
    server.use(
      http.get(
        `${API}/raw`,
        () =>
          new HttpResponse('{"__proto__": {"polluted": true}, "ok": 1}', {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const data = (await controller.fetch(raw, undefined)) as Record<string, unknown>;
    expect(data.ok).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    dispose();
  });

  it('a process() that throws', async () => {
    const { controller, dispose } = await storeWithBooks();
    const before = controller.getState();
    const failing = testEndpoint({
      path: () => '/books',
      schema: [Book],
      process: () => {
        throw new TypeError('cannot process');
      },
    });
    const failingKeyed = Object.assign(failing, { key: () => 'GET processed-books' });
    await expect(controller.fetch(failingKeyed, undefined)).rejects.toThrow('cannot process');
    expect(controller.getState().entities).toBe(before.entities);
    expect(controller.getState().endpoints).toBe(before.endpoints);
    expect(controller.getError(failingKeyed, undefined)).toBeInstanceOf(TypeError);
    dispose();
  });

  it('malformed JSON', async () => {
    const { controller, dispose } = await storeWithBooks();
    const before = controller.getState();
    const bad = testEndpoint({ path: () => '/books/bad-json', schema: [Book] });
    server.use(
      http.get(
        `${API}/books/bad-json`,
        () => new HttpResponse('[{"id": "3",', { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    await expect(controller.fetch(bad, undefined)).rejects.toBeInstanceOf(SyntaxError);
    expect(controller.getState().entities).toBe(before.entities);
    expect(controller.getError(bad, undefined)).toBeInstanceOf(SyntaxError);
    dispose();
  });

  it('controller.set with a value that does not fit throws and changes nothing', async () => {
    const { controller, dispose } = await storeWithBooks();
    const before = controller.getState();
    await expect(controller.set(Book, { title: 'no id' })).rejects.toBeInstanceOf(SchemaError);
    expect(controller.getState()).toBe(before);
    dispose();
  });

  it('setResponse with a bad payload records the error; the previous data stays', async () => {
    const { controller, dispose } = await storeWithBooks();
    const previous = controller.getResponse(listBooks, undefined).data;
    await setResponse(controller, listBooks, undefined, undefined, 'not a list');
    expect(controller.getResponse(listBooks, undefined).data).toBe(previous);
    expect(controller.getError(listBooks, undefined)).toBeInstanceOf(SchemaError);
    dispose();
  });
});
