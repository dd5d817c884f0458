// Browser scenarios for examples/vue. Each test continues from the page the previous one left
// (one server per suite), and checks both the page and the API behind it.
import assert from 'node:assert/strict';
import {
  devtoolsFitsNarrowScreen,
  devtoolsInvalidateRefetches,
  devtoolsListsKeys,
} from './devtools.mjs';
import {
  api,
  assertAccessible,
  eventually,
  failRequests,
  holdRequests,
  newVisit,
  requestsDuring,
} from './harness.mjs';
import { queuesChanges } from './mutationQueue.mjs';
import { followsThePage } from './pageEvents.mjs';
import {
  createsTodo,
  everyPage,
  freshPage,
  row,
  rowIds,
  rows,
  seedTitles,
  showsLoadError,
  showsOtherPagesChanges,
  tabsInSync,
  titles,
} from './todoPage.mjs';

const isTodoList = (url) => url.pathname === '/api/todos';
const isNextPage = (url) => isTodoList(url) && url.searchParams.has('page');

/** Clicks "Load more" until the list is loaded to its end. */
export async function loadAllPages(page) {
  while ((await page.locator('#more').count()) > 0) {
    const before = await rows(page).count();
    await page.click('#more');
    // The page has landed: its rows are shown and the button is ready again, or gone.
    await page.waitForFunction((shown) => {
      const more = document.querySelector('#more');
      return !more || (!more.disabled && document.querySelectorAll('#todos li').length > shown);
    }, before);
  }
}

/** "Load more" of the Vue and Svelte examples (`useInfinite`), from a fresh page with two pages. */
export const loadMore = {
  name: 'Load more: a failed page says so and keeps the list; a double click loads one page, announced',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    const more = page.getByRole('button', { name: 'Load more todos' });
    await more.waitFor();
    const shown = await rowIds(page);
    await failRequests(page, isNextPage, { status: 503 }, async () => {
      await more.click();
      await page.locator('#more-error').waitFor();
      assert.match(
        await page.locator('#more-error').innerText(),
        /^Could not load more todos: .*\b503\b/,
      );
      assert.deepEqual(await rowIds(page), shown);
      await assertAccessible(page, 'with a failed page shown');
    });
    const requested = await requestsDuring(page, 'GET', async () => {
      await holdRequests(page, isNextPage, 'GET', async (release) => {
        await more.dblclick();
        await page.locator('section[aria-busy="true"]').waitFor();
        await eventually(async () =>
          assert.equal(await page.locator('#more-status').textContent(), 'Loading more todos…'),
        );
        assert.equal(await page.locator('#more-error').count(), 0);
        await assertAccessible(page, 'while a page loads');
        release();
      });
      await eventually(async () => assert.ok((await rows(page).count()) > shown.length));
    });
    assert.deepEqual(
      requested.filter((path) => path.includes('page=')),
      ['/api/todos?page=2&perPage=4'],
    );
    await eventually(async () =>
      assert.equal(
        await page.locator('#more-status').textContent(),
        `${await rows(page).count()} todos shown`,
      ),
    );
    assert.equal(await page.locator('section[aria-busy="true"]').count(), 0);
  },
};

/**
 * Live creations (the server pushes `created` beside `updated` and `deleted`): a todo created on
 * one page shows on another once, without a request, and once on the page that made it, which
 * gets both its POST's answer and the server's push. The other page cannot hear of it from a tab
 * (no BroadcastChannel there): only the push can tell it. Its list then loads to the end: the
 * page that holds the new todo adds it once, in the server's order.
 */
export const showsCreationsOnce = {
  name: 'a todo created on another page shows here once without a request (pushed), and once on the page that made it',
  async run({ page, baseURL }) {
    const other = await page.context().newPage();
    try {
      await other.addInitScript(() => {
        delete window.BroadcastChannel;
      });
      await freshPage(page, baseURL);
      await freshPage(other, baseURL);
      for (const shown of [page, other]) {
        await shown.locator('#live-status[data-status="open"]').waitFor();
      }
      const title = 'Made on the first page';
      // The most rows with this title each page showed at once (saved ones; the maker's pending
      // copy is apart), kept by a MutationObserver from before the creation.
      const watch = (text) => {
        const count = () =>
          [...document.querySelectorAll('#todos li.todo:not(.pending) .title')].filter(
            (node) => node.textContent === text,
          ).length;
        window.mostShown = count();
        new MutationObserver(() => {
          window.mostShown = Math.max(window.mostShown, count());
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      };
      await page.evaluate(watch, title);
      await other.evaluate(watch, title);
      const made = (shown) =>
        shown.locator('#todos li.todo:not(.pending)', { hasText: title }).first();
      const fetched = await requestsDuring(other, 'GET', async () => {
        await page.fill('#new-title', title);
        await page.click('#new-todo button[type=submit]');
        await made(other).waitFor();
        await made(page).waitFor();
        await eventually(async () =>
          assert.equal(await page.locator('#todos li.todo.pending').count(), 0),
        );
      });
      assert.deepEqual(
        fetched.filter((path) => path.startsWith('/api/todos')),
        [],
      );
      const id = Number(await made(page).getAttribute('data-id'));
      assert.equal(Number(await made(other).getAttribute('data-id')), id);
      // A rename pushed after the creation, on the same stream or socket: once a page shows it,
      // the page has had the creation's push too (the maker's may come after its answer).
      const renamed = `${title}, renamed`;
      await api(baseURL, `/api/todos/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: renamed }),
      });
      for (const shown of [page, other]) {
        await eventually(async () =>
          assert.equal(await row(shown, id).locator('.title').textContent(), renamed),
        );
        assert.equal(await shown.locator('#todos li.todo', { hasText: title }).count(), 1);
        assert.equal(await shown.evaluate(() => window.mostShown), 1);
      }
      await loadAllPages(other);
      const { body } = await api(baseURL, '/api/todos');
      assert.equal(await other.locator('#todos li.todo', { hasText: title }).count(), 1);
      assert.deepEqual(
        await rowIds(other),
        body.map((todo) => todo.id),
      );
      assert.equal(await other.evaluate(() => window.mostShown), 1);
    } finally {
      await other.close();
    }
  },
};

/**
 * How a page with pages of todos, a filter and the live counter ends its suite (the Svelte,
 * SvelteKit and Nuxt suites too): then what every page ends with.
 */
export const pagedPageEnd = [
  {
    name: 'a list loaded to its end, shown again after another filter, offers no "Load more"',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await loadAllPages(page);
      const everyone = await rowIds(page);
      const requested = await requestsDuring(page, 'GET', async () => {
        await page.selectOption('#filter', { label: 'Alan Turing' });
        await eventually(async () =>
          assert.deepEqual(
            [...new Set(await page.locator('#todos li.todo .owner').allTextContents())],
            ['Alan Turing'],
          ),
        );
        await page.selectOption('#filter', { label: 'everyone' });
        await eventually(async () => assert.deepEqual(await rowIds(page), everyone));
      });
      assert.equal(await page.locator('#more').count(), 0, requested.join(', '));
      assert.deepEqual(
        requested.filter((path) => path.includes('page=')),
        [],
      );
    },
  },
  {
    name: 'a todo created before the next page loads takes its place in the order of the server',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await page.locator('#more').waitFor();
      await page.fill('#new-title', 'Made before page 2');
      await page.click('#new-todo button[type=submit]');
      const made = page.locator('#todos li.todo:not(.pending)', { hasText: 'Made before page 2' });
      await made.waitFor();
      await loadAllPages(page);
      const { body } = await api(baseURL, '/api/todos');
      assert.deepEqual(
        await rowIds(page),
        body.map((todo) => todo.id),
      );
    },
  },
  {
    name: 'the live counter stands apart from the form, and says when it cannot refresh',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const counter = page.locator('#counter');
      const gap = await page.evaluate(
        () =>
          document.querySelector('#new-todo').getBoundingClientRect().top -
          document.querySelector('#counter').getBoundingClientRect().bottom,
      );
      assert.ok(gap >= 8, `${gap} px between the counter and the form`);
      const color = () => counter.evaluate((element) => getComputedStyle(element).color);
      const normal = await color();
      await failRequests(page, '**/api/counter', { status: 503 }, async () => {
        await page.locator('#counter.failed').waitFor();
        assert.notEqual(await color(), normal);
        assert.match(await counter.innerText(), /could not refresh/);
      });
      await page.locator('#counter:not(.failed)').waitFor();
      assert.doesNotMatch(await counter.innerText(), /could not refresh/);
    },
  },
  ...everyPage,
];

export const tests = [
  {
    name: 'suspends, then shows the first page of todos with their users',
    async run({ page, baseURL }) {
      await page.goto(baseURL);
      await eventually(async () => assert.deepEqual(await titles(page), seedTitles.slice(0, 4)));
      await eventually(async () =>
        assert.equal(await row(page, 1).locator('.owner').textContent(), 'Ada Lovelace'),
      );
      assert.equal(await row(page, 3).locator('.owner').textContent(), 'Alan Turing');
      assert.equal(await page.locator('#summary').textContent(), '2 left · 2 done');
    },
  },
  {
    name: 'loads the next page (useInfinite) and appends it',
    async run({ page }) {
      await page.click('#more');
      await eventually(async () => assert.equal(await rows(page).count(), 6));
      assert.equal(await row(page, 6).locator('.title').textContent(), seedTitles[5]);
      await page.locator('#more').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'the live counter follows the server by polling',
    async run({ page, baseURL }) {
      await eventually(async () =>
        assert.equal(await page.locator('#counter-value').textContent(), '0'),
      );
      await api(baseURL, '/api/counter', { method: 'POST' });
      await api(baseURL, '/api/counter', { method: 'POST' });
      await eventually(async () =>
        assert.equal(await page.locator('#counter-value').textContent(), '2'),
      );
    },
  },
  {
    name: 'the live counter stops polling while the page is hidden, and catches up when shown',
    async run({ page }) {
      const isCounter = (request) => new URL(request.url()).pathname === '/api/counter';
      // Polling, as the page is shown.
      await page.waitForRequest(isCounter);
      /** What the browser does when the tab goes to the background or comes back. */
      const setVisibility = (state) =>
        page.evaluate((visibility) => {
          Object.defineProperty(document, 'visibilityState', {
            configurable: true,
            get: () => visibility,
          });
          document.dispatchEvent(new Event('visibilitychange'));
        }, state);
      const hidden = await requestsDuring(page, 'GET', async () => {
        await setVisibility('hidden');
        // Three polling periods of the counter (pollFrequency: 1 s).
        await page.waitForTimeout(3_500);
      });
      assert.deepEqual(
        hidden.filter((path) => path === '/api/counter'),
        [],
      );
      // Shown again: its data is older than one period, so it is fetched at once.
      const caughtUp = page.waitForRequest(isCounter);
      await setVisibility('visible');
      await caughtUp;
    },
  },
  createsTodo,
  {
    name: 'toggles and renames a todo (optimistic update)',
    async run({ page, baseURL }) {
      await row(page, 2).locator('.toggle').click();
      await eventually(async () =>
        assert.match(await row(page, 2).getAttribute('class'), /\bcompleted\b/),
      );
      await eventually(async () =>
        assert.equal((await api(baseURL, '/api/todos/2')).body.completed, true),
      );
      await row(page, 7).locator('.edit').click();
      await row(page, 7).locator('input.edit-title').fill('Learn Tessera properly');
      await row(page, 7).locator('input.edit-title').press('Enter');
      await eventually(async () =>
        assert.equal((await api(baseURL, '/api/todos/7')).body.title, 'Learn Tessera properly'),
      );
      assert.equal(await row(page, 7).locator('.title').textContent(), 'Learn Tessera properly');
    },
  },
  {
    name: 'deletes a todo (optimistic delete)',
    async run({ page, baseURL }) {
      await row(page, 1).locator('.delete').click();
      await row(page, 1).waitFor({ state: 'detached' });
      await eventually(async () => assert.equal((await api(baseURL, '/api/todos/1')).status, 404));
    },
  },
  {
    name: 'filters by user (new arguments, previous list kept until they load)',
    async run({ page }) {
      await page.selectOption('#filter', { label: 'Alan Turing' });
      await eventually(async () =>
        assert.deepEqual(await titles(page), [
          'Break the Enigma cipher',
          'Propose the imitation game',
          'Learn Tessera properly',
        ]),
      );
      await page.selectOption('#filter', { label: 'everyone' });
      await eventually(async () =>
        assert.equal((await titles(page))[0], 'Describe the Analytical Engine'),
      );
    },
  },
  {
    name: 'a failed save rolls back and says so',
    async run({ page }) {
      await failRequests(page, '**/api/todos/3', { status: 500, method: 'PATCH' }, async () => {
        await row(page, 3).locator('.toggle').click();
        await row(page, 3).locator('.row-error').waitFor();
        assert.match(
          await row(page, 3).locator('.row-error').textContent(),
          /Could not save: .*\b500\b/,
        );
        await eventually(async () =>
          assert.equal(await row(page, 3).locator('.toggle').isChecked(), false),
        );
      });
    },
  },
  {
    name: 'a failed load shows the error boundary and recovers on Retry',
    async run({ page, baseURL }) {
      await failRequests(page, isTodoList, { status: 503, method: 'GET' }, async () => {
        await newVisit(page, baseURL);
        await showsLoadError(page, 503);
        assert.equal(await rows(page).count(), 0);
      });
      await page.click('#retry');
      await eventually(async () => assert.equal(await rows(page).count(), 4));
      assert.equal(await page.locator('#error').count(), 0);
    },
  },
  ...followsThePage,
  ...queuesChanges,
  // The server's pushes (SSE) are cut off: what reaches the page comes from the other tab.
  tabsInSync((page) => page.route('**/api/events**', (route) => route.abort())),
  {
    name: 'a reload shows what the last visit loaded at once, from IndexedDB, with no request',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const shown = await titles(page);
      // Written a moment after it changed (throttled): wait until IndexedDB holds the list.
      await eventually(async () =>
        assert.ok(
          await page.evaluate(
            () =>
              new Promise((resolve, reject) => {
                const open = indexedDB.open('tessera-example-vue');
                open.onerror = () => reject(open.error);
                open.onsuccess = () => {
                  const keys = open.result
                    .transaction('entries')
                    .objectStore('entries')
                    .getAllKeys();
                  keys.onsuccess = () => {
                    open.result.close();
                    resolve(keys.result.some((key) => key.includes('/api/todos?')));
                  };
                };
              }),
          ),
        ),
      );
      const requested = await requestsDuring(page, 'GET', async () => {
        await page.reload();
        await eventually(async () => assert.deepEqual(await titles(page), shown));
        await page.waitForFunction(() => 'tessera' in window);
      });
      assert.deepEqual(
        requested.filter((path) => path.startsWith('/api/todos') || path.startsWith('/api/users')),
        [],
      );
    },
  },
  loadMore,
  showsOtherPagesChanges,
  showsCreationsOnce,
  ...pagedPageEnd,
  devtoolsListsKeys,
  devtoolsInvalidateRefetches,
  devtoolsFitsNarrowScreen,
];
