import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type TestServer } from '../../test/httpServer';
import { HttpSemanticsManager, RetryAfterError } from '../http';
import { createStore } from '../managers/createStore';
import { indexedDBStorage, MutationQueue, type PersistStorage } from '../persist';
import { RestEndpoint } from '../rest';

let server: TestServer;
const todoCreation = (urlPrefix: string) =>
  new RestEndpoint({ urlPrefix, path: '/todos', method: 'POST', body: { title: '' } });
let createTodo: ReturnType<typeof todoCreation>;

beforeAll(async () => {
  server = await startHttpServer();
  createTodo = todoCreation(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  server.todos = [];
  server.holdPosts = false;
  server.limit = { remaining: 0, status: 429, retryAfter: '1' };
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const posts = () => server.seen.filter((each) => each.method === 'POST');

/** One page's life: a queue restored from `storage` and a store running it. */
async function page(storage: PersistStorage, idempotencyKey?: boolean | string) {
  const queue = new MutationQueue({ storage, endpoints: { createTodo }, idempotencyKey });
  const restored = await queue.restore();
  const store = createStore({ managers: [queue] });
  return { ...store, queue, restored };
}

/** The page closes while its call is being sent: the server did it, its answer never came. */
async function closedMidSend(storage: PersistStorage, idempotencyKey?: boolean | string) {
  server.holdPosts = true;
  const first = await page(storage, idempotencyKey);
  const call = first.controller.fetch(createTodo, { title: 'once' }).catch((error) => error);
  await until(() => server.todos.length === 1);
  await first.queue.flush();
  first.dispose();
  expect(((await call) as Error).name).toBe('StoreDisposedError');
  server.holdPosts = false;
  server.release();
  const second = await page(storage, idempotencyKey);
  expect(second.restored).toBe(1);
  await until(() => second.queue.mutations.length === 0);
  second.dispose();
}

describe('MutationQueue idempotencyKey', () => {
  it('a call resent after a reload in the middle of its send carries the same key: the server does it once', async () => {
    await closedMidSend(indexedDBStorage('idempotent', new IDBFactory()), true);
    const [sent, resent] = posts();
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(resent.headers['idempotency-key']).toBe(sent.headers['idempotency-key']);
    expect(resent.status).toBe(201);
    expect(server.todos.map((todo) => todo.title)).toEqual(['once']);
  });

  it('without it, the resent call creates a second record', async () => {
    await closedMidSend(indexedDBStorage('not-idempotent', new IDBFactory()));
    expect(posts().map((each) => each.headers['idempotency-key'])).toEqual([undefined, undefined]);
    expect(server.todos.map((todo) => todo.title)).toEqual(['once', 'once']);
  });

  it('each call has a key of its own, in the header the option names', async () => {
    const { controller, queue, dispose } = await page(
      indexedDBStorage('named', new IDBFactory()),
      'X-Request-Id',
    );
    await controller.fetch(createTodo, { title: 'a' });
    await controller.fetch(createTodo, { title: 'b' });
    const keys = posts().map((each) => each.headers['x-request-id']);
    expect(new Set(keys).size).toBe(2);
    expect(queue.mutations).toEqual([]);
    dispose();
  });

  it('a call refused with Retry-After stays queued, retryAt from the server, and is sent then', async () => {
    server.limit = { remaining: 1, status: 429, retryAfter: '1', path: '/todos' };
    const queue = new MutationQueue({
      storage: indexedDBStorage('limited', new IDBFactory()),
      endpoints: { createTodo },
      idempotencyKey: true,
    });
    await queue.restore();
    const { controller, dispose } = createStore({
      managers: [queue, new HttpSemanticsManager()],
    });
    const call = controller.fetch(createTodo, { title: 'later' });
    await until(() => queue.mutations[0]?.retryAt !== undefined);
    const [waiting] = queue.mutations;
    expect(waiting.error).toBeInstanceOf(RetryAfterError);
    expect(waiting.retryAt).toBe((waiting.error as RetryAfterError).retryAt);
    await expect(call).resolves.toMatchObject({ title: 'later' });
    const [refused, sent] = posts();
    expect([refused.status, sent.status]).toEqual([429, 201]);
    expect(sent.headers['idempotency-key']).toBe(refused.headers['idempotency-key']);
    dispose();
  });
});
