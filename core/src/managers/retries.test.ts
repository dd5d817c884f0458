import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred, notFetching, useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { NetworkError, RestEndpoint } from '../rest';
import { type Selection, StoreDisposedError } from '../store';
import { createStore } from './createStore';
import { RetryManager } from './RetryManager';
import { retryDelay } from './requestPolicy';

const API = 'http://retries.test';
const server = useMswServer();

const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
const createTodo = new RestEndpoint({ urlPrefix: API, path: '/todos', method: 'POST' });

/** Answers with each of `answers` in turn (the last one repeats); counts the requests. */
function answers(method: 'get' | 'post', ...responses: (() => Response)[]) {
  let count = 0;
  const firstDone = deferred();
  server.use(
    http[method](`${API}/todos*`, () => {
      const response = responses[Math.min(count, responses.length - 1)]();
      count++;
      firstDone.resolve();
      return response;
    }),
  );
  return { requests: () => count, firstDone: firstDone.promise };
}
const unavailable = () => HttpResponse.json({ message: 'try later' }, { status: 503 });
const ok = () => HttpResponse.json({ id: 1, title: 'at last' });
const quick = { attempts: 3, baseDelayMs: 1 };

describe('retries', () => {
  it('a GET failing with 5xx is retried; readers see it loading, not failing', async () => {
    const { requests } = answers('get', unavailable, unavailable, ok);
    const { controller, dispose } = createStore({ managers: [new RetryManager({ retry: quick })] });
    const seen: Selection<unknown>[] = [];
    controller.select(getTodo, { id: 1 }).subscribe((selection) => seen.push(selection));
    const todo = await controller.fetch(getTodo, { id: 1 });
    expect(todo.title).toBe('at last');
    expect(requests()).toBe(3);
    expect(seen.map(({ loading, error }) => ({ loading, error }))).toEqual([
      { loading: false, error: undefined },
      { loading: true, error: undefined },
      { loading: false, error: undefined },
    ]);
    dispose();
  });

  it('a failure to connect is retried too', async () => {
    const { requests } = answers('get', () => HttpResponse.error(), ok);
    const { controller, dispose } = createStore({ managers: [new RetryManager({ retry: quick })] });
    await expect(controller.fetch(getTodo, { id: 1 })).resolves.toMatchObject({ id: 1 });
    expect(requests()).toBe(2);
    dispose();
  });

  it('gives up after the attempts with the last error', async () => {
    const { requests } = answers('get', unavailable);
    const { controller, dispose } = createStore({
      managers: [new RetryManager({ retry: { ...quick, attempts: 2 } })],
    });
    await expect(controller.fetch(getTodo, { id: 1 })).rejects.toMatchObject({
      status: 503,
      message: 'try later',
    });
    expect(requests()).toBe(3);
    dispose();
  });

  it('is off by default, and never retries a 4xx', async () => {
    const { requests } = answers('get', unavailable);
    const plain = createStore({ managers: [new RetryManager()] });
    await expect(plain.controller.fetch(getTodo, { id: 1 })).rejects.toBeInstanceOf(NetworkError);
    expect(requests()).toBe(1);
    plain.dispose();
    const notFound = answers('get', () => HttpResponse.json({}, { status: 404 }));
    const retrying = createStore({ managers: [new RetryManager({ retry: quick })] });
    await expect(retrying.controller.fetch(getTodo, { id: 1 })).rejects.toMatchObject({
      status: 404,
    });
    expect(notFound.requests()).toBe(1);
    retrying.dispose();
  });

  it("the store's option never retries a mutation; the endpoint's own does", async () => {
    const first = answers('post', unavailable);
    const { controller, dispose } = createStore({ managers: [new RetryManager({ retry: quick })] });
    await expect(controller.fetch(createTodo, {})).rejects.toMatchObject({ status: 503 });
    expect(first.requests()).toBe(1);
    const second = answers('post', unavailable, ok);
    const asked = createTodo.extend({ retry: { attempts: 1, baseDelayMs: 1 } });
    await expect(controller.fetch(asked, {})).resolves.toMatchObject({ title: 'at last' });
    expect(second.requests()).toBe(2);
    dispose();
  });

  it("an endpoint's retry: false turns the store's off", async () => {
    const { requests } = answers('get', unavailable);
    const { controller, dispose } = createStore({ managers: [new RetryManager({ retry: quick })] });
    await expect(controller.fetch(getTodo.extend({ retry: false }), { id: 1 })).rejects.toThrow();
    expect(requests()).toBe(1);
    dispose();
  });

  it('an abort during the backoff stops it: no further attempt', async () => {
    const { requests, firstDone } = answers('get', unavailable, ok);
    const { controller, dispose } = createStore({
      managers: [new RetryManager({ retry: { baseDelayMs: 600_000 } })],
    });
    const abort = new AbortController();
    const fetched = controller.fetch(getTodo.extend({ signal: abort.signal }), { id: 1 });
    await firstDone;
    abort.abort();
    await expect(fetched).rejects.toMatchObject({ name: 'AbortError' });
    await notFetching(controller, getTodo.key({ id: 1 }));
    expect(requests()).toBe(1);
    expect(controller.getError(getTodo, { id: 1 })).toBeUndefined();
    dispose();
  });

  it('dispose during the backoff stops it', async () => {
    const { requests, firstDone } = answers('get', unavailable, ok);
    const { controller, dispose } = createStore({
      managers: [new RetryManager({ retry: { baseDelayMs: 600_000 } })],
    });
    const fetched = controller.fetch(getTodo, { id: 1 });
    await firstDone;
    dispose();
    await expect(fetched).rejects.toBeInstanceOf(StoreDisposedError);
    expect(requests()).toBe(1);
  });
});

describe('retryDelay: exponential backoff with equal jitter', () => {
  const retries = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1_000 };
  it('doubles per retry, between half and all of it, up to the cap', () => {
    expect([0, 1, 2, 3, 4].map((retry) => retryDelay(retry, retries, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([0, 1, 2, 3, 4].map((retry) => retryDelay(retry, retries, () => 0.999_999))).toEqual(
      [100, 200, 400, 800, 1_000].map((ceiling) => expect.closeTo(ceiling, 2)),
    );
  });
});
