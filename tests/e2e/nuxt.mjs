// Browser scenarios for examples/nuxt, served from its production build. The server's own
// requests to the API pass through a proxy started here (`NUXT_TESSERA_SERVER_ORIGIN`), which can
// fail them: that is how a test makes the API fail during the server render only.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { onDevServer } from './devServer.mjs';
import { devtoolsInvalidateRefetches, devtoolsListsKeys } from './devtools.mjs';
import { assertAccessible, eventually, failRequests, startExample } from './harness.mjs';
import { nuxtDevtoolsTab } from './nuxtDevtools.mjs';
import { freshPage, pick, row, rows, seedTitles, showsLoadError, titles } from './todoPage.mjs';
import { loadMore, pagedPageEnd, tests as vueTests } from './vue.mjs';

/** The proxy the server's requests go through; `failing` answers its todos and users with a 503. */
const serverApi = { target: undefined, failing: false };

function startProxy() {
  const proxy = createServer(async (req, res) => {
    const url = new URL(req.url, serverApi.target);
    if (serverApi.failing && ['/api/todos', '/api/users'].includes(url.pathname)) {
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":{}}');
      return;
    }
    try {
      // The cookie the server's request carries (the account endpoint's getHeaders adds it).
      const cookie = req.headers.cookie ? { cookie: req.headers.cookie } : {};
      const response = await fetch(url, {
        method: req.method,
        headers: { accept: '*/*', ...cookie },
      });
      res.writeHead(response.status, { 'Content-Type': response.headers.get('content-type') });
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve({ proxy, port: proxy.address().port })),
  );
}

export function start() {
  let example;
  let proxy;
  const url = (async () => {
    const started = await startProxy();
    proxy = started.proxy;
    example = startExample('nuxt', {
      env: { NUXT_TESSERA_SERVER_ORIGIN: `http://127.0.0.1:${started.port}` },
    });
    serverApi.target = await example.url;
    return serverApi.target;
  })();
  const stop = async () => {
    await example?.stop();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve()));
  };
  return { url, stop };
}

/** Runs `action` and returns the API requests the page made meanwhile (`GET /api/todos`...). */
async function apiRequestsDuring(page, action) {
  const requests = [];
  const onRequest = (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(api|auth)\//.test(pathname)) requests.push(`${request.method()} ${pathname}`);
  };
  page.on('request', onRequest);
  try {
    await action();
  } finally {
    page.off('request', onRequest);
  }
  return requests;
}

/** The counter is polled (fetched again once older than its poll period): not a data request. */
const besidesPolling = (requests) => requests.filter((line) => line !== 'GET /api/counter');

const firstPage = seedTitles.slice(0, 4);
const openCount = (page, userId) => page.locator(`#people li[data-user="${userId}"] .open`);
const ready = (page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));

export const tests = [
  {
    name: 'the server renders the todos, with the store state in Nuxt’s payload',
    async run({ baseURL }) {
      const html = await (await fetch(baseURL)).text();
      for (const title of firstPage) assert.ok(html.includes(title), `${title} in the HTML`);
      assert.match(html, /Ada Lovelace: <span class="open">1 open<\/span>/);
      const payload =
        /<script type="application\/json"[^>]*id="__NUXT_DATA__">(.*?)<\/script>/s.exec(html);
      assert.ok(payload, 'the page carries Nuxt’s payload');
      assert.ok(payload[1].includes('"tessera"'));
      assert.ok(payload[1].includes('GET /api/todos?perPage=4'));
      assert.ok(!html.includes('__TESSERA_STATE__'), 'no state script of its own');
    },
  },
  {
    name: 'hydrates without a request and without a mismatch',
    async run({ page, baseURL }) {
      const messages = [];
      const onConsole = (message) => {
        if (message.type() === 'warning' || message.type() === 'error') {
          messages.push(message.text());
        }
      };
      page.on('console', onConsole);
      // Remember the server's first row before the app's script runs: hydration keeps that node.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            window.serverRow = document.querySelector('#todos li');
          }
        });
      });
      try {
        const requests = await apiRequestsDuring(page, async () => {
          await page.goto(baseURL);
          await ready(page);
        });
        assert.deepEqual(besidesPolling(requests), []);
        assert.deepEqual(await titles(page), firstPage);
        assert.equal(
          await page.evaluate(
            () =>
              window.serverRow !== null && window.serverRow === document.querySelector('#todos li'),
          ),
          true,
          'the server-rendered rows were hydrated, not replaced',
        );
        // Vue logs "Hydration completed but contains mismatches." even in production builds.
        assert.deepEqual(messages, []);
      } finally {
        page.off('console', onConsole);
      }
    },
  },
  {
    name: 'a mutation updates both views of a todo: its row and the open count of its owner',
    async run({ page }) {
      assert.equal(await openCount(page, 2).textContent(), '1 open');
      await row(page, 3).locator('.toggle').click();
      await eventually(async () => {
        assert.match(await row(page, 3).getAttribute('class'), /\bcompleted\b/);
        assert.equal(await openCount(page, 2).textContent(), '0 open');
      });
      await row(page, 3).locator('.toggle').click();
      await eventually(async () => {
        assert.doesNotMatch(await row(page, 3).getAttribute('class'), /\bcompleted\b/);
        assert.equal(await openCount(page, 2).textContent(), '1 open');
      });
    },
  },
  {
    name: 'navigating to the people page and back reuses the cache: no request (the people page passes an axe-core audit)',
    async run({ page }) {
      const requests = await apiRequestsDuring(page, async () => {
        await page.click('#nav-people');
        await page.waitForURL('**/people');
        await page.locator('#todos').waitFor({ state: 'detached' });
        assert.equal(await openCount(page, 1).textContent(), '1 open');
        assert.equal(await openCount(page, 2).textContent(), '1 open');
        await assertAccessible(page, 'on the people page');
        await page.click('#nav-todos');
        await rows(page).first().waitFor();
      });
      assert.deepEqual(besidesPolling(requests), []);
      assert.deepEqual(await titles(page), firstPage);
    },
  },
  {
    name: 'the people page counts every open todo of each person, not only those of the first page',
    async run({ page, baseURL }) {
      // Grace Hopper's open todo ("Ship the first compiler") is on the todos page's second page.
      const html = await (await fetch(new URL('/people', baseURL))).text();
      assert.match(html, /Grace Hopper: <span class="open">1 open<\/span>/);
      await page.goto(new URL('/people', baseURL).href);
      await ready(page);
      for (const user of [1, 2, 3]) {
        assert.equal(await openCount(page, user).textContent(), '1 open');
      }
      assert.match(
        await page.locator('#people li[data-user="3"]').textContent(),
        /Ship the first compiler/,
      );
      // And from the todos page, before any "Load more".
      await page.goto(baseURL);
      await ready(page);
      await page.click('#nav-people');
      await page.waitForURL('**/people');
      assert.equal(await openCount(page, 3).textContent(), '1 open');
      await page.click('#nav-todos');
      await rows(page).first().waitFor();
    },
  },
  ...pick(
    vueTests,
    'loads the next page (useInfinite) and appends it',
    'the live counter follows the server by polling',
    'creates a todo: shown at once (optimistic), then with the id the server gave',
    'toggles and renames a todo (optimistic update)',
    'deletes a todo (optimistic delete)',
    'filters by user (new arguments, previous list kept until they load)',
    'a failed save rolls back and says so',
  ),
  {
    name: 'an API failure during the server render falls back to fetching in the browser',
    async run({ page, baseURL }) {
      serverApi.failing = true;
      const messages = [];
      const onConsole = (message) => {
        if (message.type() === 'warning' || message.type() === 'error') {
          messages.push(message.text());
        }
      };
      page.on('console', onConsole);
      try {
        let html;
        const requests = await apiRequestsDuring(page, async () => {
          html = await (await page.goto(baseURL)).text();
          await eventually(async () => assert.equal(await rows(page).count(), 4));
          await eventually(async () =>
            assert.equal(await page.locator('#new-user option').count(), 3),
          );
        });
        // The list (useSuspense) sent <NuxtClientFallback>'s fallback; the people (useDLE)
        // rendered loading, as the browser first renders them: no error, no mismatch.
        assert.ok(html.includes('id="loading"'), 'the server sent the fallback');
        assert.ok(!html.includes('class="todo'), 'and no todo');
        assert.ok(!html.includes('Could not load'), 'and no error');
        assert.ok(besidesPolling(requests).includes('GET /api/todos'));
        assert.ok(besidesPolling(requests).includes('GET /api/users'));
        assert.equal(await page.locator('.error').count(), 0);
        assert.deepEqual(messages, []);
      } finally {
        serverApi.failing = false;
        page.off('console', onConsole);
      }
    },
  },
  {
    name: 'when the browser’s request fails too, the boundary says so and Retry recovers',
    async run({ page, baseURL }) {
      serverApi.failing = true;
      try {
        await failRequests(
          page,
          (url) => url.pathname === '/api/todos',
          { status: 503 },
          async () => {
            await page.goto(baseURL);
            await showsLoadError(page, 503);
            assert.equal(await rows(page).count(), 0);
          },
        );
      } finally {
        serverApi.failing = false;
      }
      await page.click('#retry');
      await eventually(async () => assert.equal(await rows(page).count(), 4));
      assert.equal(await page.locator('#error').count(), 0);
    },
  },
  loadMore,
  ...pagedPageEnd,
  {
    name: 'the auth recipe: a signed-in visitor’s account is rendered on the server with their cookie, hydrated without a request (the account page passes an axe-core audit)',
    async run({ page, baseURL }) {
      await page.context().addCookies([{ name: 'tessera-user', value: '3', url: baseURL }]);
      try {
        let html;
        const requests = await apiRequestsDuring(page, async () => {
          html = await (await page.goto(new URL('/account', baseURL).href)).text();
          await ready(page);
        });
        assert.match(html, /Signed in as <strong id="account-name">Grace Hopper<\/strong>/);
        assert.deepEqual(
          requests.filter((line) => line.includes('/auth/')),
          [],
          'the browser read the account from the payload',
        );
        await assertAccessible(page, 'on the account page');
        // Signing out and in again goes through the browser's store; a double click signs in once.
        await page.click('#sign-out');
        await page.locator('#signed-out').waitFor();
        await page.selectOption('#sign-in-user', { label: 'Alan Turing' });
        const signIns = await apiRequestsDuring(page, async () => {
          await page.locator('#sign-in button').dblclick();
          await eventually(async () =>
            assert.equal(await page.locator('#account-name').textContent(), 'Alan Turing'),
          );
        });
        assert.equal(signIns.filter((line) => line === 'POST /auth/account').length, 1);
        // The next server render reads the new cookie.
        const again = await (await page.goto(new URL('/account', baseURL).href)).text();
        assert.match(again, /Signed in as <strong id="account-name">Alan Turing<\/strong>/);
      } finally {
        await page.context().clearCookies();
      }
    },
  },
  // The panel is for development: the production build leaves it out. The example's `nuxt dev`
  // server answers its own API (the server render's requests to it too, in process), and has
  // Nuxt DevTools, with the Tessera tab.
  ...onDevServer('examples/nuxt', 'nuxt', {}, [
    devtoolsListsKeys,
    devtoolsInvalidateRefetches,
    nuxtDevtoolsTab,
  ]),
  {
    name: 'the page looks sane (screenshot)',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await page.screenshot({ path: '/tmp/tessera-e2e-nuxt.png', fullPage: true });
    },
  },
];
