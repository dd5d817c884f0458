// Browser scenarios for examples/vanilla. Each test continues from the page the previous one
// left (one server per suite), and checks both the page and the API behind it.
import assert from 'node:assert/strict';
import {
  devtoolsFitsNarrowScreen,
  devtoolsInvalidateRefetches,
  devtoolsListsKeys,
} from './devtools.mjs';
import { api, eventually, failRequests, requestsDuring } from './harness.mjs';
import {
  createsTodo,
  deletesOnceOnDoubleClick,
  failedFilterShowsNoOtherList,
  freshPage,
  namesRowControls,
  passesAccessibilityAudit,
  renamesWithKeyboard,
  row,
  rows,
  seedTitles,
  showsLoadError,
  titles,
  usersFailureSaysUsers,
} from './todoPage.mjs';

/** What sticks out of the card, or makes the page scroll sideways: [] when the layout holds. */
const overflowing = (page) =>
  page.evaluate(() => {
    const card = document.querySelector('main.app').getBoundingClientRect();
    const found = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth)
      found.push(`page: ${scrollWidth} px > ${window.innerWidth}`);
    for (const element of document.querySelectorAll('main.app *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.left < card.left - 0.5 || box.right > card.right + 0.5))
        found.push(`${element.tagName} ${element.className}: ${box.left}–${box.right} px`);
    }
    return found;
  });

export const tests = [
  {
    name: 'loads the todos and users from the REST API',
    async run({ page, baseURL }) {
      await page.goto(baseURL);
      await eventually(async () => assert.deepEqual(await titles(page), seedTitles));
      assert.equal(await page.locator('#error').isHidden(), true);
      assert.equal(await page.locator('#status').textContent(), '');
      assert.equal(await row(page, 1).locator('.owner').textContent(), 'Ada Lovelace');
      assert.equal(await row(page, 1).locator('.toggle').isChecked(), true);
      assert.equal(await page.locator('#summary').textContent(), '3 left · 3 done');
      assert.deepEqual(await page.locator('#new-user option').allTextContents(), [
        'Ada Lovelace',
        'Alan Turing',
        'Grace Hopper',
      ]);
    },
  },
  createsTodo,
  {
    name: 'edits a title in place (Edit, type, Enter)',
    async run({ page, baseURL }) {
      await row(page, 7).locator('.edit').click();
      const input = row(page, 7).locator('input.edit-title');
      await input.fill('Learn Tessera properly');
      await input.press('Enter');
      await eventually(async () =>
        assert.equal(await row(page, 7).locator('.title').textContent(), 'Learn Tessera properly'),
      );
      await eventually(async () =>
        assert.equal((await api(baseURL, '/api/todos/7')).body.title, 'Learn Tessera properly'),
      );
    },
  },
  {
    name: 'toggles a todo done',
    async run({ page, baseURL }) {
      await row(page, 2).locator('.toggle').click();
      await eventually(async () =>
        assert.equal(await row(page, 2).getAttribute('class'), 'todo completed'),
      );
      assert.equal(await row(page, 2).locator('.toggle').isChecked(), true);
      await eventually(async () =>
        assert.equal((await api(baseURL, '/api/todos/2')).body.completed, true),
      );
      assert.equal(await page.locator('#summary').textContent(), '3 left · 4 done');
    },
  },
  {
    name: 'deletes a todo',
    async run({ page, baseURL }) {
      await row(page, 1).locator('.delete').click();
      await row(page, 1).waitFor({ state: 'detached' });
      assert.equal(await rows(page).count(), 6);
      await eventually(async () => assert.equal((await api(baseURL, '/api/todos/1')).status, 404));
    },
  },
  {
    name: 'filters by user',
    async run({ page }) {
      await page.selectOption('#filter', '2');
      await eventually(async () =>
        assert.deepEqual(await titles(page), [
          'Break the Enigma cipher',
          'Propose the imitation game',
          'Learn Tessera properly',
        ]),
      );
      const owners = await page.locator('#todos li.todo .owner').allTextContents();
      assert.deepEqual([...new Set(owners)], ['Alan Turing']);
      await page.selectOption('#filter', '');
      await eventually(async () => assert.equal(await rows(page).count(), 6));
    },
  },
  {
    name: 'a reload shows what the server kept',
    async run({ page }) {
      await page.reload();
      await eventually(async () => assert.equal(await rows(page).count(), 6));
      const shown = await titles(page);
      assert.ok(shown.includes('Learn Tessera properly'));
      assert.ok(!shown.includes('Write the first program'));
      assert.equal(await row(page, 2).locator('.toggle').isChecked(), true);
    },
  },
  {
    name: 'a failed save rolls back and says so',
    async run({ page }) {
      await failRequests(page, '**/api/todos/3', { status: 500, method: 'PATCH' }, async () => {
        await row(page, 3).locator('.toggle').click();
        await page.locator('#error').waitFor({ state: 'visible' });
        assert.match(
          await page.locator('#error-message').textContent(),
          /^Could not save: .*\b500\b/,
        );
        await eventually(async () =>
          assert.equal(await row(page, 3).locator('.toggle').isChecked(), false),
        );
        await page.click('#dismiss');
        await page.locator('#error').waitFor({ state: 'hidden' });
      });
    },
  },
  {
    name: 'a failed load shows the error and recovers on Retry',
    async run({ page }) {
      await failRequests(page, '**/api/todos', { status: 503 }, async () => {
        await page.reload();
        await showsLoadError(page, 503);
        assert.equal(await page.locator('#retry').isVisible(), true);
      });
      await page.click('#retry');
      await eventually(async () => assert.equal(await rows(page).count(), 6));
      await page.locator('#error').waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'Dismiss hides a load error',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      await failRequests(page, '**/api/todos', { status: 503 }, async () => {
        await page.reload();
        await page.locator('#error').waitFor({ state: 'visible' });
        await page.click('#dismiss');
        await page.locator('#error').waitFor({ state: 'hidden' });
      });
    },
  },
  {
    name: 'after an outage of the whole API, Retry brings back todos and people, and adding works',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const count = await rows(page).count();
      await failRequests(page, '**/api/**', { status: 503 }, async () => {
        await page.reload();
        await page.locator('#error').waitFor({ state: 'visible' });
        // Both failures are shown, neither hides the other.
        await eventually(async () => {
          const lines = (await page.locator('#error-message').innerText()).split('\n');
          assert.equal(lines.length, 2);
          assert.match(lines[0], /^Could not load todos: .*\b503\b/);
          assert.match(lines[1], /^Could not load users: .*\b503\b/);
        });
        assert.equal(await page.locator('#new-user option').count(), 0);
        assert.equal(await page.locator('#retry').isVisible(), true);
      });
      await page.click('#retry');
      await eventually(async () => assert.equal(await rows(page).count(), count));
      await eventually(async () =>
        assert.deepEqual(await page.locator('#new-user option').allTextContents(), [
          'Ada Lovelace',
          'Alan Turing',
          'Grace Hopper',
        ]),
      );
      await page.locator('#error').waitFor({ state: 'hidden' });
      // Owners have their names again (not "user 2").
      assert.equal(await row(page, 3).locator('.owner').textContent(), 'Alan Turing');

      await page.fill('#new-title', 'Back online');
      await page.selectOption('#new-user', '3');
      await page.click('#new-todo button[type=submit]');
      const added = page.locator('#todos li.todo:not(.pending)', { hasText: 'Back online' });
      await added.waitFor();
      assert.equal(await added.locator('.owner').textContent(), 'Grace Hopper');
      const id = await added.getAttribute('data-id');
      assert.equal((await api(baseURL, `/api/todos/${id}`)).body.title, 'Back online');
    },
  },
  deletesOnceOnDoubleClick,
  failedFilterShowsNoOtherList,
  usersFailureSaysUsers,
  {
    name: 'a whitespace-only title is refused with a word, and nothing is sent',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const count = await rows(page).count();
      const validationMessage = () =>
        page.locator('#new-title').evaluate((input) => input.validationMessage);
      const posts = await requestsDuring(page, 'POST', async () => {
        await page.fill('#new-title', '   ');
        await page.click('#new-todo button[type=submit]');
        assert.equal(await validationMessage(), 'Write what needs doing first.');
      });
      assert.deepEqual(posts, []);
      assert.equal(await rows(page).count(), count);
      // Typing again clears the complaint.
      await page.fill('#new-title', 'Something');
      assert.equal(await validationMessage(), '');
      await page.fill('#new-title', '');
    },
  },
  {
    name: 'a 200-letter word stays inside the card, and at 375 px wide nothing sticks out',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const word = 'W'.repeat(200);
      await page.fill('#new-title', word);
      await page.click('#new-todo button[type=submit]');
      await page.locator('#todos li.todo:not(.pending)', { hasText: word }).waitFor();
      assert.deepEqual(await overflowing(page), []);
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        assert.deepEqual(await overflowing(page), []);
        const path = '/tmp/tessera-e2e-vanilla-375.png';
        await page.screenshot({ path, fullPage: true });
        console.log(`    screenshot: ${path}`);
      } finally {
        await page.setViewportSize({ width: 900, height: 800 });
      }
    },
  },
  {
    name: 'the page names its own icon, so the browser asks for no missing /favicon.ico',
    async run({ page }) {
      const icon = await page.evaluate(async () => {
        const link = document.querySelector('link[rel~="icon"]');
        if (!link) return 'no <link rel="icon">';
        const response = await fetch(link.href);
        return { ok: response.ok, type: response.headers.get('content-type') };
      });
      assert.deepEqual(icon, { ok: true, type: 'image/svg+xml' });
    },
  },
  namesRowControls,
  renamesWithKeyboard,
  passesAccessibilityAudit,
  devtoolsListsKeys,
  devtoolsInvalidateRefetches,
  devtoolsFitsNarrowScreen,
  {
    name: 'the page looks sane (screenshot)',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const path = '/tmp/tessera-e2e-vanilla.png';
      await page.screenshot({ path, fullPage: true });
      console.log(`    screenshot: ${path}`);
    },
  },
];
