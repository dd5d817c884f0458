import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { createStore } from '../managers/createStore';
import { errorToJSON, SchemaError } from '../schema';
import { StoreDisposedError } from '../store';
import { MAX_ERROR_BODY_BYTES } from './errorBody';
import { ConnectionError, NetworkError, TimeoutError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';

const API = 'http://errors.test';
const server = useMswServer();

const createTodo = new RestEndpoint({ urlPrefix: API, path: '/todos', method: 'POST' });
const getTodo = new RestEndpoint({
  urlPrefix: API,
  path: '/todos/:id',
  schema: Todo,
  errorPolicy: (error: { status?: number }) =>
    (error.status ?? 0) >= 500 ? ('soft' as const) : undefined,
});

function failWith(response: () => Response) {
  server.use(http.post(`${API}/todos`, response));
  return createTodo({ title: 'x' }).catch((error: unknown) => error as NetworkError);
}

describe('the body of an error response', () => {
  it.each([
    ['message', { message: 'title must be at most 200 characters' }],
    ['error', { error: 'title must be at most 200 characters' }],
    ['error.message', { error: { code: 'E1', message: 'title must be at most 200 characters' } }],
    ['detail (problem+json)', { title: 'Bad', detail: 'title must be at most 200 characters' }],
  ])('JSON with %s: kept as parsed, its text is the message', async (_field, body) => {
    const error = await failWith(() => HttpResponse.json(body, { status: 400 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('title must be at most 200 characters');
    expect(error.body).toEqual(body);
  });

  it('a short text body is the message; an HTML page or a long text is not', async () => {
    const text = await failWith(() => HttpResponse.text('Quota exceeded', { status: 429 }));
    expect(text.message).toBe('Quota exceeded');
    expect(text.body).toBe('Quota exceeded');
    const page = '<!DOCTYPE html><html><body>Bad gateway</body></html>';
    const html = await failWith(() => HttpResponse.html(page, { status: 502 }));
    expect(html.message).toBe(`POST ${API}/todos failed: 502 Bad Gateway`);
    expect(html.body).toBe(page);
    const long = await failWith(() => HttpResponse.text('x'.repeat(500), { status: 500 }));
    expect(long.message).toBe(`POST ${API}/todos failed: 500 Internal Server Error`);
  });

  it('no body, or a JSON body without a message: the status is the message', async () => {
    const empty = await failWith(() => new HttpResponse(null, { status: 404 }));
    expect(empty.body).toBeUndefined();
    expect(empty.message).toBe(`POST ${API}/todos failed: 404 Not Found`);
    const other = await failWith(() => HttpResponse.json({ code: 7 }, { status: 409 }));
    expect(other.body).toEqual({ code: 7 });
    expect(other.message).toBe(`POST ${API}/todos failed: 409 Conflict`);
  });

  it('is read once, at most 64 KiB of it, and the rest is given back', async () => {
    const chunk = new TextEncoder().encode('y'.repeat(1024));
    let pulled = 0;
    const huge = () =>
      new HttpResponse(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            if (pulled > 1024) controller.close();
            else controller.enqueue(chunk);
          },
        }),
        { status: 500, headers: { 'Content-Type': 'text/plain' } },
      );
    const error = await failWith(huge);
    expect(typeof error.body).toBe('string');
    expect((error.body as string).length).toBe(MAX_ERROR_BODY_BYTES + 1);
    expect((error.body as string).endsWith('…')).toBe(true);
    // Reading stopped there: the remaining megabyte was not pulled from the server.
    expect(pulled).toBeLessThan(1024);
    // The error holds no Response whose body could be read (or left unread) later.
    expect(Object.values(error).some((value) => value instanceof Response)).toBe(false);
  });

  it('stays readable on a stored error, as often as wanted', async () => {
    server.use(
      http.get(`${API}/todos/1`, () => HttpResponse.json({ message: 'gone' }, { status: 410 })),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(getTodo, { id: 1 }).catch(() => {});
    const stored = controller.getError(getTodo, { id: 1 }) as NetworkError;
    expect(stored.body).toEqual({ message: 'gone' });
    expect(stored.body).toEqual({ message: 'gone' });
    expect(stored.message).toBe('gone');
    dispose();
  });
});

describe('a request that gets no response (issue 10 item 4)', () => {
  it('is a ConnectionError with status 500, not a bare TypeError', async () => {
    server.use(http.get(`${API}/todos/1`, () => HttpResponse.error()));
    const error = (await getTodo({ id: 1 }).catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.name).toBe('ConnectionError');
    expect(error.status).toBe(500);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('so the example soft policy keeps the cached data on screen through an outage', async () => {
    server.use(http.get(`${API}/todos/1`, () => HttpResponse.json({ id: 1, title: 'cached' })));
    const { controller, dispose } = createStore();
    const cached = await controller.fetch(getTodo, { id: 1 });
    server.use(http.get(`${API}/todos/1`, () => HttpResponse.error()));
    await expect(controller.fetch(getTodo, { id: 1 })).rejects.toBeInstanceOf(ConnectionError);
    expect(controller.getResponse(getTodo, { id: 1 }).data).toBe(cached);
    expect(controller.getError(getTodo, { id: 1 })).toBeUndefined();
    dispose();
  });
});

describe('errors serialize (issue 10 item 11)', () => {
  it('NetworkError: name, status, message, body', async () => {
    const error = await failWith(() => HttpResponse.json({ error: 'no' }, { status: 422 }));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NetworkError',
      status: 422,
      message: 'no',
      body: { error: 'no' },
    });
  });

  it('every error class of the store, and foreign errors through errorToJSON', () => {
    const connection = new ConnectionError('GET', `${API}/x`, new TypeError('fetch failed'));
    expect(connection.toJSON()).toEqual({
      name: 'ConnectionError',
      status: 500,
      message: `GET ${API}/x failed: fetch failed`,
    });
    const timeout = new TimeoutError('GET', `${API}/x`, undefined);
    expect(timeout.toJSON()).toMatchObject({ name: 'TimeoutError', status: 504 });
    expect(JSON.parse(JSON.stringify(new SchemaError('Todo', 'bad', 1)))).toEqual({
      name: 'SchemaError',
      message: 'Todo: bad (got 1)',
    });
    expect(new StoreDisposedError().toJSON()).toEqual({
      name: 'StoreDisposedError',
      message: expect.stringMatching(/^Tessera store is disposed: .* Use a new store/),
    });
    expect(errorToJSON(new TypeError('boom'))).toEqual({ name: 'TypeError', message: 'boom' });
    expect(errorToJSON('plain')).toEqual({ name: 'Error', message: 'plain' });
  });
});
