// The module in a running Nuxt app: examples/nuxt's production build (made by `npm test`, or
// `npm run build -w @tessera/example-nuxt`), served by @nuxt/test-utils.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { $fetch, setup, url } from '@nuxt/test-utils/e2e';
import { createStore, EndpointObserver, hydrate } from '@tessera/core';
import { parse } from 'devalue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_PAGE, TodoResource } from '../../../examples/vue/src/api';

const rootDir = fileURLToPath(new URL('../../../examples/nuxt', import.meta.url));
const output = `${rootDir}/.output`;
if (!existsSync(`${output}/server/index.mjs`)) {
  throw new Error(`No build of examples/nuxt: run \`npm run build -w @tessera/example-nuxt\``);
}

await setup({ rootDir, build: false, nuxtConfig: { nitro: { output: { dir: output } } } });

/** Nuxt's payload in a page, read back as the browser does (its wrappers taken off). */
function payloadOf(html: string): Record<string, unknown> {
  const json = /<script[^>]*id="__NUXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no payload');
  const unwrap = (value: unknown) => value;
  return parse(json, {
    ShallowReactive: unwrap,
    Reactive: unwrap,
    ShallowRef: unwrap,
    Ref: unwrap,
    EmptyRef: unwrap,
    EmptyShallowRef: unwrap,
  });
}

describe('@tessera/nuxt in a server render', () => {
  it('fetches during the render (await useSuspense) and puts the state in the payload', async () => {
    const html = await $fetch<string>('/');
    expect(html).toContain('Describe the Analytical Engine');
    expect(html).not.toContain('__TESSERA_STATE__');
    // The browser's store starts from it and reads the list without a request.
    const store = createStore({
      start: false,
      initialState: hydrate(payloadOf(html).tessera),
    });
    const list = new EndpointObserver(store.controller, TodoResource.getList, [
      { perPage: PER_PAGE },
    ]);
    const { data, loading } = list.getSnapshot();
    expect(loading).toBe(false);
    expect(data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    store.dispose();
  });

  it('gives each request a store of its own: the next render fetches anew', async () => {
    const counterIn = (html: string) => /id="counter-value">(\d+)</.exec(html)?.[1];
    const before = Number(counterIn(await $fetch<string>('/')));
    await $fetch('/api/counter', { method: 'POST' });
    expect(Number(counterIn(await $fetch<string>('/')))).toBe(before + 1);
  });

  it('renders the page a link leads to with its own data', async () => {
    const html = await $fetch<string>('/people');
    expect(html).toMatch(/Grace Hopper: <span class="open">\d+ open<\/span>/);
    expect(payloadOf(html).tessera).toMatchObject({
      endpoints: { 'GET /api/users': expect.anything() },
    });
  });
});

/** GETs `path` of the running example with these headers (fetch would not send a Host of ours). */
function page(path: string, headers: IncomingHttpHeaders): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url(path), { headers }, (response) => {
      let html = '';
      response.setEncoding('utf8').on('data', (chunk) => (html += chunk));
      response.on('end', () => resolve(html));
    })
      .on('error', reject)
      .end();
  });
}

describe('where a server render sends relative API requests', () => {
  // A server the page request names as its host: it would answer with a forged todo list.
  const attacker = { requests: [] as string[], origin: '' };
  const forged = createServer((req, res) => {
    attacker.requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify([{ id: 1, title: 'Forged by the host', completed: false, userId: 1 }]));
  });
  beforeAll(
    () =>
      new Promise<void>((resolve) =>
        forged.listen(0, '127.0.0.1', () => {
          attacker.origin = `127.0.0.1:${(forged.address() as AddressInfo).port}`;
          resolve();
        }),
      ),
  );
  afterAll(() => new Promise<void>((resolve) => forged.close(() => resolve())));

  it('never to the host the request names (Host: attacker.test): the app answers in process', async () => {
    const html = await page('/', { host: 'attacker.test' });
    expect(html).toContain('Describe the Analytical Engine');
    expect(payloadOf(html).tessera).toMatchObject({
      endpoints: { 'GET /api/todos?perPage=4': expect.anything() },
    });
  });

  it('never to a server the Host or X-Forwarded-Host header names, even one that answers', async () => {
    for (const headers of [{ host: attacker.origin }, { 'x-forwarded-host': attacker.origin }]) {
      const html = await page('/', headers);
      expect(html).toContain('Describe the Analytical Engine');
      expect(html).not.toContain('Forged by the host');
    }
    expect(attacker.requests).toEqual([]);
  });

  it('refuses to start in production without serverOrigin, saying what to set', () => {
    const started = spawnSync(process.execPath, [`${output}/server/index.mjs`], {
      env: { ...process.env, PORT: '0', NUXT_TESSERA_SERVER_ORIGIN: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).not.toBe(0);
    // A production build says the code and the option (docs/reference/messages.md has the rest).
    expect(started.stderr).toContain('TSR82 tessera.serverOrigin');
  });
});

describe("an endpoint's getHeaders in a server render (the README's auth recipe, app/pages/account.vue)", () => {
  it("runs inside the request's Nuxt context: useRequestHeaders() forwards the cookie", async () => {
    const html = await page('/account', { cookie: 'tessera-user=3' });
    expect(html).toMatch(/Signed in as <strong id="account-name">Grace Hopper<\/strong>/);
    expect(payloadOf(html).tessera).toMatchObject({
      endpoints: { 'GET /auth/account': '3' },
    });
  });

  it('renders no account without the cookie (the browser then asks, and gets a 401)', async () => {
    const html = await page('/account', {});
    expect(html).not.toContain('Signed in as');
    expect(html).toContain('Loading the account');
  });
});
