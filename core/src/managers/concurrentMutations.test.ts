import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, deferred, testEndpoint, useMswServer } from '../../test/endpoints';
import { Entity, Invalidate } from '../schema';
import { createStore } from './createStore';

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return this.id;
  }
}

const server = useMswServer();

const createTodo = testEndpoint({ path: () => '/todos', method: 'POST', schema: Todo });
const createRaw = testEndpoint({ path: () => '/todos', method: 'POST' });

/** The server holds its answer to the first POST until `release()`. */
function holdFirstAnswer() {
  const gate = deferred();
  let count = 0;
  server.use(
    http.post(`${API}/todos`, async () => {
      const id = ++count;
      if (id === 1) await gate.promise;
      return HttpResponse.json({ id, title: 'same title' });
    }),
  );
  return { requests: () => count, release: () => gate.resolve() };
}

describe('identical mutations sent at once', () => {
  it('each caller resolves with its own response, also when they arrive out of order', async () => {
    const { requests, release } = holdFirstAnswer();
    const { controller, dispose } = createStore();
    const body = { title: 'same title' };
    const firstCall = controller.fetch(createTodo, undefined, body);
    // The second answer lands (and is written) before the first.
    const second = await controller.fetch(createTodo, undefined, body);
    release();
    const first = await firstCall;
    expect(requests()).toBe(2);
    expect(first).toBeInstanceOf(Todo);
    expect(first.id).toBe(1);
    expect(second.id).toBe(2);
    // Both entities are stored; the key holds the newer request's result.
    expect(Object.keys(controller.getState().entities.Todo ?? {})).toEqual(['1', '2']);
    expect(controller.getResponse(createTodo, undefined, body).data).toBe(second);
    dispose();
  });

  it('normalizes each response once, the crossed one included', async () => {
    const { release } = holdFirstAnswer();
    const processed: unknown[] = [];
    class CountedTodo extends Todo {
      static override process(
        input: unknown,
        parent: unknown,
        key: string | undefined,
        args: readonly unknown[],
      ) {
        processed.push((input as { id: number }).id);
        return Todo.process(input, parent, key, args);
      }
    }
    const createCounted = testEndpoint({
      path: () => '/todos',
      method: 'POST',
      schema: CountedTodo,
    });
    const { controller, dispose } = createStore();
    const firstCall = controller.fetch(createCounted, undefined, {});
    const second = await controller.fetch(createCounted, undefined, {});
    release();
    const first = await firstCall;
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(first).toBeInstanceOf(CountedTodo);
    expect(processed).toEqual([2, 1]);
    dispose();
  });

  it('a crossed response that does not fit its schema rejects its own caller only', async () => {
    const gate = deferred();
    let count = 0;
    server.use(
      http.post(`${API}/todos`, async () => {
        const id = ++count;
        if (id === 1) {
          await gate.promise;
          return HttpResponse.json({ title: 'no id' });
        }
        return HttpResponse.json({ id, title: 'same title' });
      }),
    );
    const { controller, dispose } = createStore();
    const firstCall = controller.fetch(createTodo, undefined, {});
    const second = await controller.fetch(createTodo, undefined, {});
    gate.resolve();
    await expect(firstCall).rejects.toThrow();
    expect(controller.getResponse(createTodo, undefined, {}).data).toBe(second);
    dispose();
  });

  it('without a schema too', async () => {
    const { release } = holdFirstAnswer();
    const { controller, dispose } = createStore();
    const firstCall = controller.fetch(createRaw, undefined, {});
    const second = await controller.fetch(createRaw, undefined, {});
    release();
    const first = await firstCall;
    expect(first).toEqual({ id: 1, title: 'same title' });
    expect(second).toEqual({ id: 2, title: 'same title' });
    dispose();
  });
});

describe('a read and a delete crossing', () => {
  const getTodo = testEndpoint({ path: ({ id }: { id: number }) => `/todos/${id}`, schema: Todo });
  const deleteTodo = testEndpoint({
    path: ({ id }: { id: number }) => `/todos/${id}`,
    method: 'DELETE',
    schema: new Invalidate(Todo),
    process: (_value: unknown, { id }: { id: number }) => ({ id }),
  });

  it('a GET sent before a DELETE and answered after it does not bring the record back', async () => {
    const answer = deferred();
    server.use(
      http.get(`${API}/todos/:id`, async () => {
        await answer.promise;
        return HttpResponse.json({ id: 1, title: 'as it was' });
      }),
      http.delete(`${API}/todos/:id`, () => new HttpResponse(null, { status: 204 })),
    );
    const { controller, dispose } = createStore();
    await controller.set(Todo, { id: 1, title: 'as it was' });
    const read = controller.fetch(getTodo, { id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await controller.fetch(deleteTodo, { id: 1 });
    expect(controller.get(Todo, { id: 1 })).toBeUndefined();
    answer.resolve();
    await read.catch(() => {});
    expect(controller.get(Todo, { id: 1 })).toBeUndefined();
    // A read sent after the delete is the server's word: it shows again.
    server.use(http.get(`${API}/todos/:id`, () => HttpResponse.json({ id: 1, title: 'back' })));
    await controller.fetch(getTodo, { id: 1 });
    expect(controller.get(Todo, { id: 1 })).toMatchObject({ title: 'back' });
    dispose();
  });
});
