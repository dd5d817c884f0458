// Browser scenarios for examples/sveltekit, built for production (adapter-node) and served with
// the example API. Load functions fetch on the server into a store per request; the page data
// carries its state; the browser's store starts from it. Each test continues from the page the
// previous one left (one server per suite). The server reaches the API through a proxy of this
// suite (`TESSERA_API_ORIGIN`), which can fail on demand: a failure during the server render only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { stripVTControlCharacters } from 'node:util';
import { onDevServer } from './devServer.mjs';
import { devtoolsInvalidateRefetches, devtoolsListsKeys } from './devtools.mjs';
import { assertAccessible, eventually, startExample } from './harness.mjs';
import { tests as svelteTests } from './svelte.mjs';
import { createsTodo, freshPage, pick, row, rows, seedTitles, titles } from './todoPage.mjs';
import { loadAllPages, loadMore, pagedPageEnd, tests as vueTests } from './vue.mjs';

/** What the server's load functions asked the API for, and whether the proxy fails them. */
const serverSide = { requests: [], failing: false, target: undefined };

/** The demo's process serving the example: what it printed is checked below. */
let example;

/** The proxy, then the example (built first: allow for it), pointed at the proxy. */
export function start() {
  const proxy = createServer(async (req, res) => {
    serverSide.requests.push(`${req.method} ${req.url}`);
    if (serverSide.failing) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"status":503,"message":"The API is down"}}');
      return;
    }
    const answer = await fetch(new URL(req.url, serverSide.target), { method: req.method });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const url = (async () => {
    await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    process.env.TESSERA_API_ORIGIN = `http://127.0.0.1:${proxy.address().port}`;
    // NODE_ENV as `npm run demo` leaves it: the Vite dev servers it starts before this example
    // set it to development in its process, which the build must not take for its own mode.
    example = startExample('sveltekit', { timeoutMs: 600_000, env: { NODE_ENV: 'development' } });
    serverSide.target = await example.url;
    return serverSide.target;
  })();
  const stop = async () => {
    await example?.stop();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  };
  return { url, stop };
}

/** Records the page's requests to /api and to SvelteKit's data endpoint while `action` runs. */
async function pageRequests(page, action) {
  const requests = [];
  const onRequest = (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('__data.json')) {
      requests.push(`${request.method()} ${pathname}${pathname.startsWith('/api/') ? search : ''}`);
    }
  };
  page.on('request', onRequest);
  try {
    await action();
  } finally {
    page.off('request', onRequest);
  }
  return requests;
}

const firstPage = seedTitles.slice(0, 4);
const notCounter = (line) => !line.includes('/api/counter');

export const tests = [
  {
    name: "the server's HTML holds the todos and, in the page data, the store's state",
    async run({ baseURL }) {
      serverSide.requests.length = 0;
      const html = await (await fetch(baseURL)).text();
      for (const title of firstPage) assert.ok(html.includes(title), `${title} in the HTML`);
      assert.ok(html.includes('Alan Turing'));
      // SvelteKit's serialized page data (devalue), not a script of our own.
      assert.match(html, /kit\.start\(app, element, \{[\s\S]*tessera:\{entities:/);
      assert.ok(html.includes('"GET /api/todos?perPage=4"'));
      assert.deepEqual(serverSide.requests.toSorted(), [
        'GET /api/counter',
        'GET /api/todos?perPage=4',
        'GET /api/users',
      ]);
    },
  },
  {
    name: 'the demo prints its URL, and besides it only the line of the build the README explains',
    async run() {
      const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
      const lines = stripVTControlCharacters(example.output()).split('\n');
      const unexplained = lines.filter(
        (line) =>
          line.trim() !== '' &&
          !/^Tessera sveltekit example: /.test(line) &&
          !readme.includes(`\`${line.trim()}\``),
      );
      assert.deepEqual(unexplained, []);
    },
  },
  {
    name: 'a plain first visit logs no warning (SvelteKit warns of history.pushState in development builds)',
    async run({ page, baseURL }) {
      const logged = [];
      const onConsole = (message) => {
        if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
      };
      page.on('console', onConsole);
      try {
        await page.goto(baseURL);
        await page.waitForFunction(() => 'tessera' in window);
        await page.waitForLoadState('networkidle');
      } finally {
        page.off('console', onConsole);
      }
      assert.deepEqual(logged, []);
    },
  },
  {
    name: 'hydrates without a request and without a mismatch',
    async run({ page, baseURL }) {
      const warnings = [];
      const onConsole = (message) => {
        if (message.type() === 'warning' || message.type() === 'error') {
          warnings.push(message.text());
        }
      };
      page.on('console', onConsole);
      // The server's first row, before the app's script runs: hydration keeps that node.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            window.serverRow = document.querySelector('#todos li');
          }
        });
      });
      try {
        const requests = await pageRequests(page, async () => {
          await page.goto(baseURL);
          await page.waitForFunction(() => 'tessera' in window);
          assert.deepEqual(await titles(page), firstPage);
          assert.equal(
            await page.evaluate(
              () =>
                window.serverRow !== null &&
                window.serverRow === document.querySelector('#todos li'),
            ),
            true,
            'the server-rendered rows were hydrated, not replaced',
          );
          // Interactive: Svelte's handlers answer.
          await page.fill('#new-title', 'typed');
          await page.fill('#new-title', '');
          assert.equal(await row(page, 1).locator('.owner').textContent(), 'Ada Lovelace');
          assert.equal(await page.locator('#summary').textContent(), '2 left · 2 done');
        });
        // The counter is polled (fetched again once older than its poll period); nothing else.
        assert.deepEqual(requests.filter(notCounter), []);
        assert.deepEqual(
          warnings.filter((text) => !/Failed to load resource/.test(text)),
          [],
        );
      } finally {
        page.off('console', onConsole);
      }
    },
  },
  ...pick(
    svelteTests,
    'loads the next page (useInfinite) and appends it',
    'the live counter follows the server by polling',
  ),
  createsTodo,
  ...pick(
    vueTests,
    'toggles and renames a todo (optimistic update)',
    'deletes a todo (optimistic delete)',
    'a failed save rolls back and says so',
  ),
  {
    name: 'a navigation to another page and back reuses the cache',
    async run({ page }) {
      serverSide.requests.length = 0;
      const requests = await pageRequests(page, async () => {
        await row(page, 3).locator('a.open').click();
        await page.waitForURL('**/todos/3');
        assert.equal(await page.locator('#todo-title').textContent(), 'Break the Enigma cipher');
        assert.equal(await page.locator('#todo-owner').textContent(), 'Alan Turing');
        await page.click('#back');
        await page.waitForURL((url) => url.pathname === '/');
        await eventually(async () => assert.equal((await titles(page)).length, 6));
      });
      // SvelteKit asks its server for each page's data, which fetches nothing then: what the
      // pages show comes from the browser's store.
      assert.deepEqual(requests.filter(notCounter), [
        'GET /todos/3/__data.json',
        'GET /__data.json',
      ]);
      assert.deepEqual(serverSide.requests, []);
    },
  },
  {
    name: "a mutation on one view updates the other (the todo's page passes an axe-core audit)",
    async run({ page, baseURL }) {
      await row(page, 3).locator('a.open').click();
      await page.waitForURL('**/todos/3');
      await assertAccessible(page, "on a todo's page");
      assert.equal(await page.locator('#todo-done').isChecked(), false);
      assert.equal(await row(page, 3).locator('.toggle').isChecked(), false);
      await page.locator('#todo-done').check();
      // The card and the list's row read the same entity.
      await eventually(async () =>
        assert.match(await row(page, 3).getAttribute('class'), /\bcompleted\b/),
      );
      assert.equal(await row(page, 3).locator('.toggle').isChecked(), true);
      await eventually(async () => {
        const saved = await (await fetch(new URL('/api/todos/3', baseURL))).json();
        assert.equal(saved.completed, true);
      });
      await page.click('#back');
      await page.waitForURL((url) => url.pathname === '/');
    },
  },
  ...pick(svelteTests, 'filters by user (new arguments, previous list kept until they load)'),
  loadMore,
  ...pagedPageEnd,
  {
    name: 'an API failure during the server render falls back to fetching in the browser',
    async run({ page, baseURL }) {
      serverSide.failing = true;
      try {
        const html = await (await fetch(new URL('/todos/5', baseURL))).text();
        assert.ok(html.includes('Loading todo 5'), 'the server renders it loading');
        assert.ok(!html.includes('Find the first bug'));
        const requests = await pageRequests(page, async () => {
          await page.goto(new URL('/todos/5', baseURL).href);
          await eventually(async () =>
            assert.equal(await page.locator('#todo-title').textContent(), 'Find the first bug'),
          );
          await eventually(async () => assert.ok((await rows(page).count()) >= 4));
        });
        assert.ok(requests.includes('GET /api/todos/5'), requests.join(', '));
        assert.ok(requests.includes('GET /api/todos?perPage=4'), requests.join(', '));
        assert.ok(serverSide.requests.includes('GET /api/todos/5'));
      } finally {
        serverSide.failing = false;
      }
    },
  },
  {
    name: 'a list loaded to its end offers no "Load more" after a visit to a todo and back',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await loadAllPages(page);
      const all = await titles(page);
      await row(page, 3).locator('a.open').click();
      await page.waitForURL('**/todos/3');
      await page.click('#back');
      await page.waitForURL((url) => url.pathname === '/');
      await eventually(async () => assert.deepEqual(await titles(page), all));
      // The list's component is new; the pages it appended are still in the store, and so is
      // the count of them (not offered again, and a click would have fetched page 2 again).
      assert.equal(await page.locator('#more').count(), 0);
    },
  },
  // The panel is for development: the production build leaves it out. The example's `vite dev`
  // server has its API in process (the server's own requests to it too).
  ...onDevServer('examples/sveltekit', 'vite', { TESSERA_API_ORIGIN: '' }, [
    devtoolsListsKeys,
    devtoolsInvalidateRefetches,
  ]),
  {
    name: 'the page looks sane (screenshot)',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await page.screenshot({ path: '/tmp/tessera-e2e-sveltekit.png', fullPage: true });
      await page.goto(new URL('/todos/3', baseURL).href);
      await page.locator('#todo-title').waitFor();
      await page.screenshot({ path: '/tmp/tessera-e2e-sveltekit-todo.png', fullPage: true });
    },
  },
];
