// Errors say what happened (docs/reference/errors.md): a request that cannot be made is the
// caller's mistake (a TypeError, never retried), a connection lost while the body comes is a
// connection failure (retryable, with the URL), and a body that is not JSON where a schema
// needs JSON says which content type came.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { createStore } from '../managers/createStore';
import { RetryManager } from '../managers/RetryManager';
import { ConnectionError, NetworkError, ResponseParseError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';

const API = 'http://failures.test';
const server = useMswServer();

/** A store that retries failed GETs at once (no backoff to wait for). */
function retryingStore() {
  return createStore({
    managers: [new RetryManager({ retry: { attempts: 2, baseDelayMs: 0, maxDelayMs: 0 } })],
  });
}

describe("the caller's mistakes are TypeErrors, never retried", () => {
  it('a CR or LF in a header from getHeaders', async () => {
    let served = 0;
    server.use(
      http.get(`${API}/todos/:id`, () => {
        served++;
        return HttpResponse.json({ id: 1 });
      }),
    );
    let built = 0;
    const getTodo = new RestEndpoint({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      getHeaders(headers: Record<string, string>) {
        built++;
        return { ...headers, Authorization: 'Bearer token\r\nX-Injected: yes' };
      },
    });
    const direct = await getTodo({ id: 1 }).catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(TypeError);
    expect(direct).not.toBeInstanceOf(NetworkError);
    const { controller, dispose } = retryingStore();
    const stored = await controller.fetch(getTodo, { id: 1 }).catch((e: unknown) => e);
    expect(stored).toBeInstanceOf(TypeError);
    expect(controller.getError(getTodo, { id: 1 })).toBe(stored);
    // One request built per call: the store's did not retry.
    expect(built).toBe(2);
    expect(served).toBe(0);
    dispose();
  });

  it('a relative URL fetched on a server (no page to resolve it against)', async () => {
    let built = 0;
    const getTodo = new RestEndpoint({
      path: '/api/todos/:id',
      schema: Todo,
      getHeaders(headers: Record<string, string>) {
        built++;
        return headers;
      },
    });
    const { controller, dispose } = retryingStore();
    const error = await controller.fetch(getTodo, { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('/api/todos/1');
    expect(built).toBe(1);
    dispose();
  });

  it('a body given to a GET (fetch refuses it before any network)', async () => {
    let served = 0;
    server.use(
      http.get(`${API}/accounts`, () => {
        served++;
        return HttpResponse.json([]);
      }),
    );
    let built = 0;
    // As an OpenAPI document with an (optional, empty) form body on its GETs would declare it.
    const getAccounts = new RestEndpoint({
      urlPrefix: API,
      path: '/accounts',
      searchParams: {} as { limit?: number },
      body: new URLSearchParams(),
      getHeaders(headers: Record<string, string>) {
        built++;
        return headers;
      },
    });
    const { controller, dispose } = retryingStore();
    const error = await controller
      .fetch(getAccounts, { limit: 3 }, new URLSearchParams())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Request with GET/HEAD method cannot have body.');
    expect(controller.getError(getAccounts, { limit: 3 }, new URLSearchParams())).toBe(error);
    // One try: the store's RetryManager did not take it for a lost connection.
    expect(built).toBe(1);
    expect(served).toBe(0);
    dispose();
  });

  it('a request body fetch cannot send (a stream without `duplex`)', async () => {
    let served = 0;
    server.use(
      http.post(`${API}/uploads`, () => {
        served++;
        return HttpResponse.json({});
      }),
    );
    const upload = new RestEndpoint({
      urlPrefix: API,
      path: '/uploads',
      method: 'POST',
      body: new ReadableStream(),
      retry: 2,
    });
    const { controller, dispose } = retryingStore();
    const error = await controller.fetch(upload, new ReadableStream()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(served).toBe(0);
    dispose();
  });
});

describe('a body cut off mid-way', () => {
  /** Sends the start of a JSON body, then the connection is lost (fetch errors its stream). */
  function cutOffServer(): () => number {
    let served = 0;
    server.use(
      http.get(`${API}/todos/:id`, () => {
        served++;
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"id": 1, "title": "Wri'));
            // What fetch errors a body with when its connection is lost.
            setTimeout(() => stream.error(new TypeError('terminated')), 1);
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return () => served;
  }

  const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });

  it('is a ConnectionError naming the request, its cause kept', async () => {
    cutOffServer();
    const error = (await getTodo({ id: 1 }).catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 500, url: `${API}/todos/1` });
    expect(error.message).toBe(`GET ${API}/todos/1 failed: terminated`);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('is retried like any connection failure', async () => {
    const served = cutOffServer();
    const { controller, dispose } = retryingStore();
    const error = await controller.fetch(getTodo, { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(served()).toBe(3);
    expect(controller.getError(getTodo, { id: 1 })).toBe(error);
    dispose();
  });
});

describe('a body that is not JSON where a schema needs JSON', () => {
  it('JSON sent as application/octet-stream names the content type', async () => {
    server.use(
      http.get(
        `${API}/todos/:id`,
        () =>
          new HttpResponse('{"id": 1, "title": "Write"}', {
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
      ),
    );
    const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
    const error = (await getTodo({ id: 1 }).catch((e: unknown) => e)) as ResponseParseError;
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error.contentType).toBe('application/octet-stream');
    expect(error.message).toBe(
      `Expected JSON from ${API}/todos/1 (content-type application/octet-stream), got: "{\\"id\\": 1, \\"title\\": \\"Write\\"}"`,
    );
    // Without a schema the body is what its Content-Type says: a Blob.
    const download = new RestEndpoint({ urlPrefix: API, path: '/todos/:id' });
    expect(await download({ id: 1 })).toBeInstanceOf(Blob);
    // `content: 'json'` reads a mislabelled body as JSON.
    const lenient = getTodo.extend({ content: 'json' });
    await expect(lenient({ id: 1 })).resolves.toMatchObject({ id: 1, title: 'Write' });
  });
});
