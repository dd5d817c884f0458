import { resolve } from 'node:path';
import { build } from 'esbuild';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import qs from 'qs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectionError, NetworkError, ResponseParseError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';
import type { RestGenerics } from './restTypes';

const API = 'http://api.test';

/** What the server saw of the last request. */
interface Received {
  method: string;
  url: string;
  headers: Headers;
  contentType: string | null;
  text: string;
  form?: FormData;
}

let received: Received[] = [];

async function record(request: Request): Promise<Received> {
  const contentType = request.headers.get('content-type');
  const copy = request.clone();
  const entry: Received = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    contentType,
    text: await request.text(),
  };
  if (contentType?.startsWith('multipart/form-data')) entry.form = await copy.formData();
  received.push(entry);
  return entry;
}

const server = setupServer(
  http.all(`${API}/echo/*`, async ({ request }) => {
    const entry = await record(request);
    return HttpResponse.json({ method: entry.method, url: entry.url, body: entry.text });
  }),
  http.all(`${API}/echo`, async ({ request }) => {
    const entry = await record(request);
    return HttpResponse.json({ method: entry.method, url: entry.url, body: entry.text });
  }),
  http.get(`${API}/users/:id`, ({ params }) =>
    HttpResponse.json({ id: params.id, name: `user ${params.id}` }),
  ),
  http.get(`${API}/status/:code`, ({ params }) =>
    HttpResponse.json({ error: 'nope' }, { status: Number(params.code) }),
  ),
  http.delete(`${API}/users/:id`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/content/json`, () => HttpResponse.json({ ok: true })),
  http.get(
    `${API}/content/vnd`,
    () =>
      new HttpResponse('{"data":[1]}', {
        headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8' },
      }),
  ),
  http.get(`${API}/content/text`, () => HttpResponse.text('hello')),
  http.get(`${API}/content/html`, () => HttpResponse.html('<p>hi</p>')),
  http.get(`${API}/content/xml`, () => HttpResponse.xml('<a/>')),
  http.get(
    `${API}/content/png`,
    () =>
      new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
        headers: { 'Content-Type': 'image/png' },
      }),
  ),
  http.get(
    `${API}/content/pdf`,
    () =>
      new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'Content-Type': 'application/pdf' },
      }),
  ),
  http.get(
    `${API}/content/octet`,
    () =>
      new HttpResponse(new Uint8Array([1, 2, 3]), {
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
  ),
  http.get(`${API}/content/none-empty`, () => new HttpResponse(null, { status: 200 })),
  http.get(
    `${API}/content/none-text`,
    () => new HttpResponse(new TextEncoder().encode('plain words'), { status: 200 }),
  ),
  http.get(
    `${API}/content/json-empty`,
    () => new HttpResponse('', { headers: { 'Content-Type': 'application/json' } }),
  ),
  http.get(
    `${API}/content/broken-json`,
    () => new HttpResponse('{"a": 1,', { headers: { 'Content-Type': 'application/json' } }),
  ),
  http.get(
    `${API}/content/html-as-json`,
    () =>
      new HttpResponse('<!DOCTYPE html><html><body>Gateway error</body></html>', {
        headers: { 'Content-Type': 'application/json' },
      }),
  ),
  http.get(`${API}/slow`, async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return HttpResponse.json({ late: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received = [];
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('calling an endpoint (docs/reference/rest-endpoint.md#call-arguments)', () => {
  it('GET: builds the URL, fetches, parses and resolves to process()', async () => {
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' });
    await expect(getUser({ id: 5 })).resolves.toEqual({ id: '5', name: 'user 5' });
  });

  it('sends leftover params as a sorted query string, without undefined ones', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/echo/:group/user/:id',
      searchParams: {} as { sort?: string; isAdmin?: boolean; missing?: string },
    });
    expect(endpoint.url({ group: 'g', id: 1, sort: 'asc' })).toBe(`${API}/echo/g/user/1?sort=asc`);
    expect(
      endpoint.url({ group: 'g', id: 1, sort: 'asc', isAdmin: true, missing: undefined }),
    ).toBe(`${API}/echo/g/user/1?isAdmin=true&sort=asc`);
    expect(endpoint.url({ group: 'g', id: 1, missing: undefined })).toBe(`${API}/echo/g/user/1`);
    await endpoint({ group: 'g', id: 1, sort: 'a b&c' });
    expect(received[0].url).toBe(`${API}/echo/g/user/1?sort=a+b%26c`);
  });

  it('a __proto__ key from parsed JSON is an ordinary query parameter', () => {
    const endpoint = new RestEndpoint({ path: '/a' });
    const params = JSON.parse('{"__proto__":"x","b":"1"}');
    expect(endpoint.url(params)).toBe('/a?__proto__=x&b=1');
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });

  it('repeats the key for array search params', () => {
    const endpoint = new RestEndpoint({ path: '/items', searchParams: {} as { tag: string[] } });
    expect(endpoint.url({ tag: ['b', 'a'] })).toBe('/items?tag=b&tag=a');
  });

  it('searchToString can be overridden (qs bracket form)', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/echo',
      searchParams: {} as { a: { b: string } },
      searchToString(searchParams) {
        return qs.stringify(searchParams);
      },
    });
    expect(endpoint.url({ a: { b: 'c' } })).toBe(`${API}/echo?a%5Bb%5D=c`);
    await endpoint({ a: { b: 'c' } });
    expect(new URL(received[0].url).search).toBe('?a%5Bb%5D=c');
  });

  it('no params: called without arguments', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/echo' });
    await expect(endpoint()).resolves.toMatchObject({ method: 'GET', url: `${API}/echo` });
  });

  it('with a body and one argument, the URL params are {} and the argument is the body', async () => {
    const create = new RestEndpoint({ urlPrefix: API, path: '/echo', method: 'POST' });
    await create({ name: 'x' });
    expect(received[0]).toMatchObject({ method: 'POST', url: `${API}/echo`, text: '{"name":"x"}' });
  });

  it('with a body and two arguments: params then body', async () => {
    const update = new RestEndpoint({
      urlPrefix: API,
      path: '/echo/:id',
      method: 'PUT',
      searchParams: {} as { v?: number },
    });
    await update({ id: 3, v: 2 }, [1, 2]);
    expect(received[0]).toMatchObject({
      method: 'PUT',
      url: `${API}/echo/3?v=2`,
      text: '[1,2]',
      contentType: 'application/json',
    });
  });

  it('body: undefined in the constructor removes the body even for POST', async () => {
    const trigger = new RestEndpoint({
      urlPrefix: API,
      path: '/echo/:id',
      method: 'POST',
      body: undefined,
    });
    await trigger({ id: 1 });
    expect(received[0]).toMatchObject({ method: 'POST', url: `${API}/echo/1`, text: '' });
  });

  it('GET and DELETE have no body; a declared body adds one (nonstandard combination)', async () => {
    const remove = new RestEndpoint({ urlPrefix: API, path: '/echo/:id', method: 'DELETE' });
    await remove({ id: 1 });
    expect(received[0]).toMatchObject({ method: 'DELETE', text: '' });
    const removeMany = new RestEndpoint({
      urlPrefix: API,
      path: '/echo',
      method: 'DELETE',
      body: [] as string[],
    });
    await removeMany(['a', 'b']);
    expect(received[1]).toMatchObject({ method: 'DELETE', text: '["a","b"]' });
  });

  it('method changes the arguments only in the constructor, not in extend()', async () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/echo/:id' });
    const post = get.extend({ method: 'POST' });
    await post({ id: 4 });
    expect(received[0]).toMatchObject({ method: 'POST', url: `${API}/echo/4`, text: '' });

    const create = new RestEndpoint({ urlPrefix: API, path: '/echo/:id', method: 'POST' });
    const asPut = create.extend({ method: 'PUT' });
    await asPut({ id: 2 }, { a: 1 });
    expect(received[1]).toMatchObject({ method: 'PUT', url: `${API}/echo/2`, text: '{"a":1}' });
    const asGet = create.extend({ method: 'DELETE' });
    await asGet({ id: 2 }, { b: 1 });
    expect(received[2]).toMatchObject({ method: 'DELETE', text: '{"b":1}' });
  });

  it('process(parsed, ...args) gets the call arguments and sets the result', async () => {
    const process = vi.fn((value: any, params: any, body: any) => ({ value, params, body }));
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/echo/:id',
      method: 'PATCH',
      process,
    });
    const result = await endpoint({ id: 1 }, { a: 1 });
    expect(process).toHaveBeenCalledTimes(1);
    expect(result).toEqual({
      value: { method: 'PATCH', url: `${API}/echo/1`, body: '{"a":1}' },
      params: { id: 1 },
      body: { a: 1 },
    });
  });

  it('process may be async', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/users/:id',
      async process(value: { name: string }) {
        return value.name.toUpperCase();
      },
    });
    await expect(endpoint({ id: 2 })).resolves.toBe('USER 2');
  });
});

describe('getRequestInit (docs/reference/rest-endpoint.md#request-init)', () => {
  const post = new RestEndpoint({ urlPrefix: API, path: '/echo', method: 'POST' });

  it('plain objects and arrays are JSON with Content-Type application/json', async () => {
    await post({ a: [1, { b: null }] });
    await post([1, 'two']);
    expect(received.map((r) => [r.text, r.contentType])).toEqual([
      ['{"a":[1,{"b":null}]}', 'application/json'],
      ['[1,"two"]', 'application/json'],
    ]);
  });

  it('keeps a Content-Type already set by requestInit, in any casing', async () => {
    const endpoint = post.extend({
      requestInit: { headers: { 'content-TYPE': 'application/merge-patch+json' } },
    });
    await endpoint({ a: 1 });
    expect(received[0].contentType).toBe('application/merge-patch+json');
    const init = await endpoint.getRequestInit({ a: 1 });
    expect(Object.keys(init.headers as object)).toEqual(['content-TYPE']);
  });

  it('keeps a Content-Type set by requestInit as a Headers instance or an entry list', async () => {
    await post.extend({ requestInit: { headers: new Headers({ 'Content-Type': 'text/x-a' }) } })({
      a: 1,
    });
    await post.extend({ requestInit: { headers: [['content-type', 'text/x-b']] } })({ a: 1 });
    expect(received.map((r) => r.contentType)).toEqual(['text/x-a', 'text/x-b']);
  });

  it('keeps a Content-Type set by getHeaders (async, any casing)', async () => {
    const endpoint = post.extend({
      async getHeaders(headers) {
        await Promise.resolve();
        return { ...headers, 'CONTENT-type': 'application/vnd.api+json' };
      },
    });
    await endpoint({ a: 1 });
    expect(received[0].contentType).toBe('application/vnd.api+json');
    expect(received[0].text).toBe('{"a":1}');
  });

  it('FormData, Blob, URLSearchParams, strings and bytes are sent unchanged', async () => {
    const form = new FormData();
    form.append('field', 'value');
    form.append('file', new Blob(['file body'], { type: 'text/plain' }), 'a.txt');
    await post(form);
    expect(received[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0].form?.get('field')).toBe('value');
    expect(await (received[0].form!.get('file') as File).text()).toBe('file body');

    await post(new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    expect(received[1]).toMatchObject({ contentType: 'image/svg+xml', text: '<svg/>' });

    await post(new URLSearchParams({ a: '1', b: 'x y' }));
    expect(received[2]).toMatchObject({
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      text: 'a=1&b=x+y',
    });

    await post('raw "text"');
    expect(received[3]).toMatchObject({
      contentType: 'text/plain;charset=UTF-8',
      text: 'raw "text"',
    });

    await post(new TextEncoder().encode('bytes'));
    expect(received[4]).toMatchObject({ contentType: null, text: 'bytes' });
  });

  it('requestInit is the base; method, signal and headers are applied on top', async () => {
    const controller = new AbortController();
    const endpoint = new RestEndpoint({
      path: '/x',
      method: 'PUT',
      requestInit: { credentials: 'include', method: 'GET', headers: { 'X-A': '1' } },
      signal: controller.signal,
    });
    const init = await endpoint.getRequestInit({ a: 1 });
    expect(init).toMatchObject({
      credentials: 'include',
      method: 'PUT',
      body: '{"a":1}',
      headers: { 'X-A': '1', 'Content-Type': 'application/json' },
    });
    expect(init.signal).toBe(controller.signal);
  });

  it('no body: no body and no Content-Type', async () => {
    const init = await new RestEndpoint({ path: '/x' }).getRequestInit();
    expect(init).toEqual({ method: 'GET', headers: {} });
  });

  it('a body that cannot be JSON-encoded rejects with the encoder error', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(post(cyclic)).rejects.toThrow(TypeError);
    expect(received).toEqual([]);
  });
});

describe('authentication by subclass (docs/reference/rest-endpoint.md#subclasses-and-authentication)', () => {
  let token = 'token-1';

  class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    override urlPrefix = API;

    override async getHeaders(headers: HeadersInit): Promise<HeadersInit> {
      await Promise.resolve();
      return { ...headers, 'Access-Token': token };
    }
  }

  it('every request carries the credential; urlPrefix comes from the subclass', async () => {
    const me = new AuthdEndpoint({ path: '/echo/me' });
    await me();
    token = 'token-2';
    await me();
    expect(received.map((r) => r.headers.get('access-token'))).toEqual(['token-1', 'token-2']);
    expect(received[0].url).toBe(`${API}/echo/me`);
  });

  it('overrides survive extend(), which returns the same class', async () => {
    const me = new AuthdEndpoint({ path: '/echo/me' });
    const posted = me.extend({ path: '/echo/:id', method: 'POST', body: {} as { a: number } });
    expect(posted).toBeInstanceOf(AuthdEndpoint);
    expect(posted).toBeInstanceOf(RestEndpoint);
    await posted({ id: 'x' }, { a: 1 });
    expect(received[0]).toMatchObject({ method: 'POST', url: `${API}/echo/x`, text: '{"a":1}' });
    expect(received[0].headers.get('access-token')).toBe(token);
  });

  it('extend() options win over subclass fields; constructor options do not (JS field semantics)', () => {
    const byConstructor = new AuthdEndpoint({ path: '/a', urlPrefix: 'http://other.test' });
    expect(byConstructor.urlPrefix).toBe(API);
    expect(byConstructor.extend({ urlPrefix: 'http://other.test' }).urlPrefix).toBe(
      'http://other.test',
    );
  });

  it('class field overrides of methods and data', async () => {
    class Fixed<O extends RestGenerics = any> extends RestEndpoint<O> {
      override dataExpiryLength = 1000;
      override process = (value: unknown) => ({ wrapped: value });
    }
    const endpoint = new Fixed({ urlPrefix: API, path: '/users/:id' });
    expect(endpoint.dataExpiryLength).toBe(1000);
    await expect(endpoint({ id: 1 })).resolves.toEqual({ wrapped: { id: '1', name: 'user 1' } });
    const longer = endpoint.extend({ dataExpiryLength: 5 });
    expect(longer.dataExpiryLength).toBe(5);
    expect(endpoint.dataExpiryLength).toBe(1000);
  });
});

describe('responses (docs/reference/rest-endpoint.md#responses)', () => {
  const get = (path: string, options: Record<string, unknown> = {}) =>
    new RestEndpoint({ urlPrefix: API, path, ...options })();

  it('auto-detects JSON, +json, text, html, xml, binary', async () => {
    await expect(get('/content/json')).resolves.toEqual({ ok: true });
    await expect(get('/content/vnd')).resolves.toEqual({ data: [1] });
    await expect(get('/content/text')).resolves.toBe('hello');
    await expect(get('/content/html')).resolves.toBe('<p>hi</p>');
    await expect(get('/content/xml')).resolves.toBe('<a/>');
    for (const path of ['/content/png', '/content/pdf', '/content/octet']) {
      const blob = await get(path);
      expect(blob).toBeInstanceOf(Blob);
    }
    const png = (await get('/content/png')) as Blob;
    expect(png.type).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });

  it('parses every +json media type as JSON (problem+json, vnd.api+json, hal+json...)', async () => {
    const types = [
      'application/problem+json',
      'application/vnd.api+json',
      'application/hal+json; charset=utf-8',
      'application/ld+json',
      'Application/Problem+JSON',
    ];
    server.use(
      http.get(
        `${API}/typed/:index`,
        ({ params }) =>
          new HttpResponse('{"title":"typed"}', {
            headers: { 'Content-Type': types[Number(params.index)] },
          }),
      ),
    );
    for (let index = 0; index < types.length; index++) {
      await expect(get(`/typed/${index}`), types[index]).resolves.toEqual({ title: 'typed' });
    }
  });

  it('no Content-Type: empty body is null, anything else is text', async () => {
    await expect(get('/content/none-empty')).resolves.toBeNull();
    await expect(get('/content/none-text')).resolves.toBe('plain words');
  });

  it('an empty body under a JSON Content-Type is null', async () => {
    await expect(get('/content/json-empty')).resolves.toBeNull();
  });

  it('204 is null in every mode', async () => {
    for (const content of [undefined, 'json', 'blob', 'text', 'arrayBuffer', 'stream']) {
      const remove = new RestEndpoint({
        urlPrefix: API,
        path: '/users/:id',
        method: 'DELETE',
        content: content as 'json',
      });
      await expect(remove({ id: 1 })).resolves.toBeNull();
    }
  });

  it('content selects the parser, whatever the Content-Type', async () => {
    await expect(get('/content/text', { content: 'json' })).rejects.toBeInstanceOf(
      ResponseParseError,
    );
    await expect(get('/content/json', { content: 'text' })).resolves.toBe('{"ok":true}');
    const blob = (await get('/content/json', { content: 'blob' })) as Blob;
    expect(await blob.text()).toBe('{"ok":true}');
    const buffer = (await get('/content/png', { content: 'arrayBuffer' })) as ArrayBuffer;
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(buffer)]).toEqual([137, 80, 78, 71]);
    const stream = (await get('/content/text', {
      content: 'stream',
    })) as ReadableStream<Uint8Array>;
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await new Response(stream).text()).toBe('hello');
    await expect(get('/content/vnd', { content: 'json' })).resolves.toEqual({ data: [1] });
  });

  it('non-JSON content cannot have a schema', () => {
    expect(
      () => new RestEndpoint({ path: '/file', content: 'blob', schema: { a: 'x' } as never }),
    ).toThrow(/content 'blob' cannot have a schema/);
    expect(() => new RestEndpoint({ path: '/file', content: 'json', schema: {} })).not.toThrow();
  });

  it('parseResponse can be overridden, e.g. to read Content-Disposition', async () => {
    const download = new RestEndpoint({
      urlPrefix: API,
      path: '/content/png',
      content: 'blob',
      dataExpiryLength: 0,
      async parseResponse(response: Response) {
        return { blob: await response.blob(), type: response.headers.get('content-type') };
      },
      process(value: { blob: Blob; type: string | null }) {
        return value;
      },
    });
    const file = await download();
    expect(file.type).toBe('image/png');
    expect(file.blob.size).toBe(4);
  });
});

describe('errors (docs/reference/errors.md)', () => {
  it('a non-ok status rejects with NetworkError carrying status and body', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/status/:code' });
    const error = await endpoint({ code: 404 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(Error);
    const networkError = error as NetworkError;
    expect(networkError.name).toBe('NetworkError');
    expect(networkError.status).toBe(404);
    expect(networkError.url).toBe(`${API}/status/404`);
    // The body was read into the error; its `error` field is the server's message.
    expect(networkError.body).toEqual({ error: 'nope' });
    expect(networkError.message).toBe('nope');
    const serverError = (await endpoint({ code: 503 }).catch((e: unknown) => e)) as NetworkError;
    expect(serverError.status).toBe(503);
  });

  it('errorPolicy can read status', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/status/:code',
      errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : undefined),
    });
    const error = await endpoint({ code: 500 }).catch((e: NetworkError) => e);
    expect(endpoint.errorPolicy?.(error)).toBe('soft');
  });

  it('broken JSON under application/json is a ResponseParseError naming the URL', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/content/broken-json' });
    const error = (await endpoint().catch((e: unknown) => e)) as ResponseParseError;
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`${API}/content/broken-json`);
    expect(error.status).toBe(200);
    expect(error.snippet).toBe('{"a": 1,');
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.message).toContain(`${API}/content/broken-json`);
    expect(error.message).toContain('{\\"a\\": 1,');
  });

  it('HTML under application/json is a ResponseParseError with the start of the page', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/content/html-as-json' });
    const error = (await endpoint().catch((e: unknown) => e)) as ResponseParseError;
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error.contentType).toBe('application/json');
    expect(error.message).toMatch(/Expected JSON from http:\/\/api\.test\/content\/html-as-json/);
    expect(error.message).toContain('<!DOCTYPE html>');
  });

  it('long bodies are cut in the message', async () => {
    server.use(
      http.get(
        `${API}/content/long`,
        () =>
          new HttpResponse('x'.repeat(5000), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const error = (await new RestEndpoint({ urlPrefix: API, path: '/content/long' })().catch(
      (e: unknown) => e,
    )) as ResponseParseError;
    expect(error.snippet.length).toBeLessThan(300);
  });

  it('an unreachable server rejects with a ConnectionError naming the request', async () => {
    server.use(http.get(`${API}/down`, () => HttpResponse.error()));
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/down' });
    const error = (await endpoint().catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(/^GET http:\/\/api\.test\/down failed: /);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('an aborted request rejects with the AbortError (signal member)', async () => {
    const controller = new AbortController();
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/slow', signal: controller.signal });
    const pending = endpoint();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a signal aborted before the call rejects at once', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/slow',
      signal: AbortSignal.abort(),
    });
    await expect(endpoint()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an injected signal (extend) is combined with the endpoint signal', async () => {
    const own = new AbortController();
    const injected = new AbortController();
    const endpoint = new RestEndpoint({ urlPrefix: API, path: '/slow', signal: own.signal });
    const withInjected = endpoint.extend({ signal: injected.signal });
    expect(withInjected.signal).not.toBe(own.signal);
    expect(endpoint.signal).toBe(own.signal);
    const first = withInjected();
    injected.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const again = endpoint.extend({ signal: new AbortController().signal });
    const second = again();
    own.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('requestInit.signal and signal both abort', async () => {
    const base = new AbortController();
    const endpoint = new RestEndpoint({
      urlPrefix: API,
      path: '/slow',
      requestInit: { signal: base.signal },
      signal: new AbortController().signal,
    });
    const pending = endpoint();
    base.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('bad options are rejected clearly', () => {
    expect(() => new RestEndpoint(null as never)).toThrow(/options object/);
    expect(() => new RestEndpoint({} as never)).toThrow(/needs a string `path`/);
    expect(() => new RestEndpoint({ path: '/a', urlPrefix: 3 } as never)).toThrow(/urlPrefix/);
    const parsed = JSON.parse('{"path":"/a","constructor":1}');
    expect(() => new RestEndpoint(parsed)).toThrow(/option "constructor" is not allowed/);
    const proto = JSON.parse('{"path":"/a","__proto__":{"polluted":true}}');
    expect(() => new RestEndpoint(proto)).toThrow(/option "__proto__" is not allowed/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const endpoint = new RestEndpoint({ path: '/a' });
    expect(() => endpoint.extend(null as never)).toThrow(/extend\(\) expects an options object/);
    expect(() => endpoint.url(7 as never)).toThrow(/URL params must be an object \(got number\)/);
    expect(() => new RestEndpoint({ path: '/a', timeout: -1 })).toThrow(/positive number of ms/);
  });
});

describe('development-only checks (docs/reference/messages.md#development-only-checks)', () => {
  /** `RestEndpoint` bundled from the sources as an app's production (or development) build. */
  async function bundled(mode: 'production' | 'development'): Promise<string> {
    const result = await build({
      stdin: {
        contents: `export { RestEndpoint } from './index';`,
        resolveDir: resolve(import.meta.dirname, '..'),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      logLevel: 'silent',
    });
    return result.outputFiles[0].text;
  }

  it('a production bundle leaves out the checks the types make (TSR40-42, TSR45-48)', async () => {
    const production = await bundled('production');
    expect(production).not.toMatch(/TSR4[0-25-8]/);
    // What a well-typed app can still meet stays: reserved keys in parsed JSON, the origin check.
    expect(production).toContain('TSR44');
    expect(production).toContain('TSR49');
    const development = await bundled('development');
    expect(development).toContain('timeout must be a positive number of ms');
    expect(development).toContain('URL params must be an object');
  });

  it('in production, options of the wrong kind are not checked; a bad path still throws', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const noTimeout = new RestEndpoint({ path: '/a', timeout: -1 });
      expect(noTimeout.timeout).toBe(-1);
      // Where the engine itself fails, still a TypeError, without a TSR code.
      expect(() => new RestEndpoint({ path: '/a' }).extend(null as never)).toThrow(TypeError);
      // Where it is written: the constructor compiles the path.
      expect(() => new RestEndpoint({} as never)).toThrow(TypeError);
      expect(() => new RestEndpoint({ path: '/a/{:b' })).toThrow(TypeError);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('joining urlPrefix and path (docs/reference/rest-endpoint.md#url)', () => {
  it('an absolute urlPrefix keeps its origin: a parameter cannot pick the host', () => {
    const get = new RestEndpoint({ urlPrefix: 'http://api.test', path: ':id' });
    expect(() => get.url({ id: '.evil.test' })).toThrow(
      new TypeError(
        'GET :id: http://api.test.evil.test is not on the origin of urlPrefix http://api.test (start the path with /)',
      ),
    );
    expect(() => get.url({ id: '@evil.test' })).toThrow(TypeError);
    expect(() => get.url({ id: 8080 })).toThrow(TypeError);
    expect(() => get.key({ id: '.evil.test' })).toThrow(TypeError);
    // Also a protocol-relative prefix.
    const relative = new RestEndpoint({ urlPrefix: '//api.test', path: ':id' });
    expect(() => relative.url({ id: '.evil.test' })).toThrow(TypeError);
    // Within the prefix's path, a parameter is a path segment as anywhere else.
    const nested = new RestEndpoint({ urlPrefix: 'http://api.test/users/', path: ':id' });
    expect(nested.url({ id: '.evil.test' })).toBe('http://api.test/users/.evil.test');
    expect(new RestEndpoint({ urlPrefix: API, path: '/users/:id' }).url({ id: 1 })).toBe(
      `${API}/users/1`,
    );
    expect(new RestEndpoint({ urlPrefix: API, path: '?{q=:q}' }).url({ q: 'x' })).toBe(
      `${API}?q=x`,
    );
  });

  it('a urlPrefix ending in / and a path starting with / are joined by one slash', async () => {
    const get = new RestEndpoint({ urlPrefix: `${API}/v2/`, path: '/users/:id' });
    expect(get.url({ id: 1 })).toBe(`${API}/v2/users/1`);
    expect(get.testKey(get.key({ id: 1 }))).toBe(true);
    expect(get.testKey(get.key({ id: 1, sort: 'name' } as never))).toBe(true);
    expect(get.testKey(`GET ${API}/v2/users`)).toBe(false);
    const list = new RestEndpoint({ urlPrefix: `${API}/`, path: '/users{/:id}' });
    expect(list.url({})).toBe(`${API}/users`);
    expect(list.testKey(list.key({}))).toBe(true);
    server.use(http.get(`${API}/v2/users/:id`, ({ params }) => HttpResponse.json(params)));
    await expect(get({ id: 7 })).resolves.toEqual({ id: '7' });
  });
});

describe('key, testKey, sideEffect, name (docs/reference/rest-endpoint.md#keys)', () => {
  it('key is METHOD url, from the call arguments (body ignored)', () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/users/:id' });
    expect(get.key({ id: 1 })).toBe(`GET ${API}/users/1`);
    expect(get.key({ id: 1, b: 2, a: 1 } as never)).toBe(`GET ${API}/users/1?a=1&b=2`);
    const put = new RestEndpoint({ path: '/users/:id', method: 'PUT' });
    expect(put.key({ id: 1 }, { name: 'x' })).toBe('PUT /users/1');
    const create = new RestEndpoint({ path: '/users', method: 'POST' });
    expect(create.key({ name: 'x' })).toBe('POST /users');
    expect(new RestEndpoint({ path: '/all' }).key()).toBe('GET /all');
  });

  it('testKey matches keys of this endpoint only', () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/users/:id' });
    expect(get.testKey(get.key({ id: 1 }))).toBe(true);
    expect(get.testKey(`GET ${API}/users/abc?x=1&y=2`)).toBe(true);
    expect(get.testKey(`GET ${API}/users/a%2Fb`)).toBe(true);
    expect(get.testKey(`POST ${API}/users/1`)).toBe(false);
    expect(get.testKey(`GET ${API}/users/1/posts`)).toBe(false);
    expect(get.testKey(`GET ${API}/users/`)).toBe(false);
    expect(get.testKey(`GET ${API}/users`)).toBe(false);
    expect(get.testKey('GET /users/1')).toBe(false);
    expect(get.testKey(`GET http://other.test/users/1`)).toBe(false);
    expect(get.testKey(undefined as never)).toBe(false);
  });

  it('testKey with optional parts, wildcards and query tails', () => {
    const files = new RestEndpoint({ path: '/files{/*path}' });
    expect(files.testKey('GET /files')).toBe(true);
    expect(files.testKey('GET /files/a/b/c')).toBe(true);
    expect(files.testKey('GET /filesx')).toBe(false);
    const search = new RestEndpoint({ path: '/search?{q=:q}{&page=:page}' });
    expect(search.testKey(search.key({ q: 'x', page: 2 }))).toBe(true);
    expect(search.testKey(search.key({ q: 'x', sort: 'asc' } as never))).toBe(true);
    expect(search.testKey('GET /searches')).toBe(false);
    const list = new RestEndpoint({ path: '/todos' });
    expect(list.testKey('GET /todos?userId=1')).toBe(true);
    expect(list.testKey('GET /todos/1')).toBe(false);
  });

  it('sideEffect: false for GET, true otherwise, explicit wins, follows extend', () => {
    expect(new RestEndpoint({ path: '/a' }).sideEffect).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(new RestEndpoint({ path: '/a', method }).sideEffect).toBe(true);
    }
    expect(new RestEndpoint({ path: '/a', method: 'get' }).sideEffect).toBe(false);
    const readOnlyPost = new RestEndpoint({ path: '/a', method: 'POST', sideEffect: false });
    expect(readOnlyPost.sideEffect).toBe(false);
    expect(readOnlyPost.extend({ path: '/b' }).sideEffect).toBe(false);
    expect(new RestEndpoint({ path: '/a' }).extend({ method: 'POST' }).sideEffect).toBe(true);
  });

  it('name is METHOD path unless set', () => {
    expect(new RestEndpoint({ path: '/users/:id' }).name).toBe('GET /users/:id');
    expect(new RestEndpoint({ path: '/users', method: 'POST', name: 'createUser' }).name).toBe(
      'createUser',
    );
  });
});

describe('extend (docs/reference/rest-endpoint.md#extend)', () => {
  const members = {
    path: '/users/:id',
    urlPrefix: API,
    method: 'PATCH',
    schema: { user: 'x' },
    body: { a: 1 },
    searchParams: { q: '' },
    paginationField: 'cursor',
    content: 'json',
    requestInit: { credentials: 'include' },
    signal: new AbortController().signal,
    sideEffect: true,
    dataExpiryLength: 100,
    errorExpiryLength: 200,
    errorPolicy: () => 'soft',
    invalidIfStale: true,
    pollFrequency: 300,
    getOptimisticResponse: () => ({}),
    update: () => ({}),
    url: () => '/custom',
    searchToString: () => 's',
    getRequestInit: () => ({}),
    getHeaders: (headers: Record<string, string>) => headers,
    fetchResponse: () => Promise.resolve(new Response()),
    parseResponse: () => Promise.resolve(null),
    process: (value: unknown) => value,
    key: () => 'k',
    testKey: () => true,
  } as const;

  it('every member of §2.1 is readable and carried through extend', () => {
    const endpoint = new RestEndpoint(members as never);
    const extended = endpoint.extend({ dataExpiryLength: 1 });
    for (const [name, value] of Object.entries(members)) {
      expect(endpoint[name as keyof typeof endpoint], name).toBe(value);
      if (name !== 'dataExpiryLength') {
        expect(extended[name as keyof typeof extended], name).toBe(value);
      }
    }
    expect(extended.dataExpiryLength).toBe(1);
  });

  it('never mutates the original', () => {
    const endpoint = new RestEndpoint({ path: '/a/:id', urlPrefix: API, dataExpiryLength: 5 });
    const before = { ...endpoint };
    const extended = endpoint.extend({ path: '/b/:id', method: 'POST', dataExpiryLength: 6 });
    expect({ ...endpoint }).toEqual(before);
    expect(endpoint.path).toBe('/a/:id');
    expect(endpoint.method).toBe('GET');
    expect(extended).not.toBe(endpoint);
    expect(extended.path).toBe('/b/:id');
    expect(extended.urlPrefix).toBe(API);
  });

  it('endpoints are functions', () => {
    const endpoint = new RestEndpoint({ path: '/a' });
    expect(typeof endpoint).toBe('function');
    expect(endpoint).toBeInstanceOf(Function);
    expect(endpoint).toBeInstanceOf(RestEndpoint);
    expect(RestEndpoint.name).toBe('RestEndpoint');
  });

  it('a signal passed to extend on an endpoint without one is used as is', () => {
    const signal = new AbortController().signal;
    expect(new RestEndpoint({ path: '/a' }).extend({ signal }).signal).toBe(signal);
  });
});
