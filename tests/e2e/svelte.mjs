// Browser scenarios for examples/svelte. The page is rendered on the server and hydrated; each
// test continues from the page the previous one left (one server per suite), and checks both the
// page and the API behind it.
import assert from 'node:assert/strict';
import {
  devtoolsFitsNarrowScreen,
  devtoolsInvalidateRefetches,
  devtoolsListsKeys,
} from './devtools.mjs';
import { api, eventually, holdRequests } from './harness.mjs';
import { queuesChanges } from './mutationQueue.mjs';
import { followsThePage } from './pageEvents.mjs';
import {
  createsTodo,
  freshPage,
  pick,
  row,
  rows,
  seedTitles,
  showsOtherPagesChanges,
  tabsInSync,
  titles,
} from './todoPage.mjs';
import { loadMore, pagedPageEnd, showsCreationsOnce, tests as vueTests } from './vue.mjs';

const firstPage = seedTitles.slice(0, 4);

export const tests = [
  {
    name: 'the server renders the first page of todos and the state to hydrate from',
    async run({ baseURL }) {
      const html = await (await fetch(baseURL)).text();
      for (const title of firstPage) assert.ok(html.includes(title), `${title} in the HTML`);
      assert.ok(html.includes('Alan Turing'));
      const state = /<script id="__TESSERA_STATE__" type="application\/json">(.*?)<\/script>/s.exec(
        html,
      );
      assert.ok(state, 'the page carries the store state');
      assert.ok(JSON.parse(state[1]).endpoints['GET /api/todos?perPage=4']);
    },
  },
  {
    name: 'hydrates without refetching what the page carried, and without warnings',
    async run({ page, baseURL }) {
      const requests = [];
      const warnings = [];
      const onRequest = (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) requests.push(`${request.method()} ${pathname}`);
      };
      const onConsole = (message) => {
        if (message.type() === 'warning' || message.type() === 'error') {
          warnings.push(message.text());
        }
      };
      page.on('request', onRequest);
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
        await page.goto(baseURL);
        await page.waitForFunction(() => 'tessera' in window);
        assert.deepEqual(await titles(page), firstPage);
        assert.equal(
          await page.evaluate(
            () =>
              window.serverRow !== null && window.serverRow === document.querySelector('#todos li'),
          ),
          true,
          'the server-rendered rows were hydrated, not replaced',
        );
        // Interactive after hydration: the Svelte handlers answer.
        await page.fill('#new-title', 'typed');
        await page.fill('#new-title', '');
        await page.waitForTimeout(300);
        assert.equal(await row(page, 1).locator('.owner').textContent(), 'Ada Lovelace');
        assert.equal(await page.locator('#summary').textContent(), '2 left · 2 done');
        // The counter is polled (fetched again once older than its poll period); the rest is not.
        assert.deepEqual(
          requests.filter((line) => !line.endsWith('/api/counter')),
          [],
        );
        assert.deepEqual(
          warnings.filter((text) => !/Failed to load resource/.test(text)),
          [],
        );
      } finally {
        page.off('request', onRequest);
        page.off('console', onConsole);
      }
    },
  },
  {
    name: "a forged element with the state id above the real script is passed over: the server's state is read, nothing fetched",
    async run({ page, baseURL }) {
      // A user's post that a sanitizer let through (a div keeps its id), holding a state whose
      // first todo is forged. A page of its own: any error would be reported as a page error.
      const forgedPage = await page.context().newPage();
      const reported = [];
      forgedPage.on('pageerror', (error) => reported.push(error.message));
      const requests = [];
      forgedPage.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/todos') requests.push(pathname);
      });
      await forgedPage.route(baseURL, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const real =
          /<script id="__TESSERA_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)[1];
        const forged = real.replace(firstPage[0], 'Forged title');
        const body = html.replace(
          '<div id="app">',
          `<div id="__TESSERA_STATE__" hidden>${forged}</div><div id="app">`,
        );
        await route.fulfill({ response, body });
      });
      try {
        await forgedPage.goto(baseURL);
        await forgedPage.waitForFunction(() => 'tessera' in window);
        // The server's own script is found wherever the content sits (docs/guide/ssr.md): the
        // real todos show, none forged, and the list is read from the page, not fetched.
        await eventually(async () => assert.deepEqual(await titles(forgedPage), firstPage));
        assert.deepEqual(requests, [], 'the list was read from the page, not fetched');
        assert.deepEqual(reported, []);
        assert.equal(await forgedPage.locator('div#__TESSERA_STATE__').count(), 1, 'forged');
      } finally {
        await forgedPage.close();
      }
    },
  },
  {
    name: 'loads the next page (useInfinite) and appends it',
    async run({ page }) {
      await holdRequests(page, '**/api/todos?*page=2*', 'GET', async (release) => {
        await page.click('#more');
        await eventually(async () =>
          assert.equal(await page.locator('#more').textContent(), 'Loading more todos…'),
        );
        release();
        await eventually(async () => assert.equal(await rows(page).count(), 6));
      });
      assert.equal(await row(page, 6).locator('.title').textContent(), seedTitles[5]);
      await page.locator('#more').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'the live counter follows the server by polling',
    async run({ page, baseURL }) {
      assert.equal(await page.locator('#counter-value').textContent(), '0');
      await api(baseURL, '/api/counter', { method: 'POST' });
      await api(baseURL, '/api/counter', { method: 'POST' });
      await eventually(async () =>
        assert.equal(await page.locator('#counter-value').textContent(), '2'),
      );
    },
  },
  // The same page, the same API: these run exactly as in the Vue example's suite.
  createsTodo,
  ...pick(
    vueTests,
    'toggles and renames a todo (optimistic update)',
    'deletes a todo (optimistic delete)',
    'a failed save rolls back and says so',
  ),
  {
    name: 'filters by user (new arguments, previous list kept until they load)',
    async run({ page }) {
      await holdRequests(page, '**/api/todos?*userId=2*', 'GET', async (release) => {
        await page.selectOption('#filter', { label: 'Alan Turing' });
        await page.locator('section.previous').waitFor();
        assert.equal(await rows(page).count(), 6);
        release();
        await eventually(async () =>
          assert.deepEqual(await titles(page), [
            'Break the Enigma cipher',
            'Propose the imitation game',
            'Learn Tessera properly',
          ]),
        );
      });
      assert.equal(await page.locator('section.previous').count(), 0);
      await page.selectOption('#filter', { label: 'everyone' });
      await eventually(async () =>
        assert.equal((await titles(page))[0], 'Describe the Analytical Engine'),
      );
    },
  },
  ...followsThePage,
  ...queuesChanges,
  // The server's pushes (the WebSocket) are cut off: what reaches the page comes from the other tab.
  tabsInSync((page) => page.routeWebSocket('**/api/live', () => {})),
  loadMore,
  showsOtherPagesChanges,
  showsCreationsOnce,
  ...pagedPageEnd,
  devtoolsListsKeys,
  devtoolsInvalidateRefetches,
  devtoolsFitsNarrowScreen,
  {
    name: 'the page looks sane (screenshot)',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await page.screenshot({ path: '/tmp/tessera-e2e-svelte.png', fullPage: true });
    },
  },
];
