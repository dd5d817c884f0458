// Browser scenarios for examples/vue. Each test continues from the page the previous one left
// (one server per suite), and checks both the page and the API behind it.
import assert from 'node:assert/strict';
import { api, eventually, failRequests } from './harness.mjs';
import { createsTodo, row, rows, seedTitles, showsLoadError, titles } from './todoPage.mjs';

const isTodoList = (url) => url.pathname === '/api/todos';

export const tests = [
  {
    name: 'suspends, then shows the first page of todos with their users',
    async run({ page, baseURL }) {
      await page.goto(baseURL);
      await eventually(async () => assert.deepEqual(await titles(page), seedTitles.slice(0, 4)));
      assert.equal(await row(page, 1).locator('.owner').textContent(), 'Ada Lovelace');
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
      await row(page, 7).locator('.title').dblclick();
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
];
