import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Entity } from '../schema';
import { createStore } from './createStore';
import { API, deferred, testEndpoint, useMswServer } from './endpoints.test-helpers';

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
