// HttpSemanticsManager in Chromium, against a real node:http server: a browser's HTTP cache
// answers revalidations itself and hands script a 200, so a store that left them to it would
// parse and normalize again a body that did not change. The manager's requests reach the server
// and its 304 reaches the store. (msw runs inside the page and could not show any of this.)
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type TestServer } from '../core/test/httpServer';
import { launchChromium } from '../scripts/chromium.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The page's script: one store per run, with or without the manager. */
const app = `
import { createStore, Entity, RestEndpoint } from '@tessera/core';
import { HttpSemanticsManager } from '@tessera/core/http';

class Todo extends Entity {
  id = 0;
  title = '';
  static key = 'Todo';
}
let processed = 0;
const getTodos = new RestEndpoint({
  urlPrefix: location.origin,
  path: '/todos',
  schema: [Todo],
  process(value) {
    processed++;
    return value;
  },
});

window.fetchTwice = async (withManager) => {
  processed = 0;
  const store = createStore({ managers: withManager ? [new HttpSemanticsManager()] : [] });
  const { controller } = store;
  const first = await controller.fetch(getTodos);
  const { date } = controller.getState().meta[getTodos.key()];
  const second = await controller.fetch(getTodos);
  const meta = controller.getState().meta[getTodos.key()];
  store.dispose();
  return {
    same: first === second,
    titles: second.map((todo) => todo.title),
    processed,
    lifetime: meta.expiresAt - meta.date,
    renewed: meta.date > date,
  };
};
window.ready = true;
`;

let server: TestServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  server = await startHttpServer();
  const bundled = await build({
    stdin: { contents: app, resolveDir: repo, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    write: false,
    logLevel: 'silent',
  });
  server.files.set('/app.js', { type: 'text/javascript', body: bundled.outputFiles[0].text });
  server.files.set('/', {
    type: 'text/html',
    body: '<!doctype html><title>http</title><script type="module" src="/app.js"></script>',
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  server.seen.length = 0;
  server.version = 1;
  server.todos = [{ id: 1, title: 'one' }];
  await clearHttpCache();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
});

/** Each case starts with an empty HTTP cache. */
async function clearHttpCache(): Promise<void> {
  const session = await browser.context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

interface Run {
  same: boolean;
  titles: string[];
  processed: number;
  lifetime: number;
  renewed: boolean;
}

const fetchTwice = (withManager: boolean): Promise<Run> =>
  page.evaluate(
    (flag) => (window as unknown as { fetchTwice(flag: boolean): Promise<Run> }).fetchTwice(flag),
    withManager,
  );

const todoRequests = () =>
  server.seen
    .filter((each) => each.path === '/todos')
    .map((each) => [each.headers['if-none-match'], each.status]);

describe('HTTP semantics in Chromium', { timeout: 120_000 }, () => {
  it('without the manager, the browser revalidates itself and hands script a 200: parsed and normalized again', async () => {
    server.cacheControl = 'no-cache';
    const run = await fetchTwice(false);
    // The server did answer 304, but to the browser, which gave the page its cached body.
    expect(todoRequests()).toEqual([
      [undefined, 200],
      ['"v1"', 304],
    ]);
    expect(run.processed).toBe(2);
  });

  it('with it, the 304 reaches the store: nothing parsed again, the same object, expiry renewed', async () => {
    server.cacheControl = 'no-cache';
    const run = await fetchTwice(true);
    expect(todoRequests()).toEqual([
      [undefined, 200],
      ['"v1"', 304],
    ]);
    expect(run).toMatchObject({ same: true, titles: ['one'], processed: 1, renewed: true });
    // no-cache: stale at once.
    expect(run.lifetime).toBe(0);
  });

  it('max-age: the refetch the store asks for reaches the server (not the HTTP cache), and max-age is its lifetime', async () => {
    server.cacheControl = 'max-age=60';
    const withoutManager = await fetchTwice(false);
    // The browser answered the refetch from its cache: the server never heard of it.
    expect(todoRequests()).toEqual([[undefined, 200]]);
    expect(withoutManager.processed).toBe(2);
    await clearHttpCache();
    server.seen.length = 0;
    const run = await fetchTwice(true);
    expect(todoRequests()).toEqual([
      [undefined, 200],
      ['"v1"', 304],
    ]);
    expect(run).toMatchObject({ same: true, processed: 1, lifetime: 60_000, renewed: true });
  });
});
