// Browser scenarios for examples/vue. Each test continues from the page the previous one left
// (one server per suite), and checks both the page and the API behind it.
import assert from 'node:assert/strict';
import { devtoolsInvalidateRefetches, devtoolsListsKeys } from './devtools.mjs';
import { api, eventually, failRequests, requestsDuring } from './harness.mjs';
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
  titles,
} from './todoPage.mjs';

const isTodoList = (url) => url.pathname === '/api/todos';

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
      assert.equal(await page.locator('#more').count(), 0);
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
    name: 'loads the next page (getNextPage) and appends it',
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
    async run({ page }) {
      await failRequests(page, isTodoList, { status: 503, method: 'GET' }, async () => {
        await page.reload();
        await showsLoadError(page, 503);
        assert.equal(await rows(page).count(), 0);
      });
      await page.click('#retry');
      await eventually(async () => assert.equal(await rows(page).count(), 4));
      assert.equal(await page.locator('#error').count(), 0);
    },
  },
  showsOtherPagesChanges,
  ...pagedPageEnd,
  devtoolsListsKeys,
  devtoolsInvalidateRefetches,
];
