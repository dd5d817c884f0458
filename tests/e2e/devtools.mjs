// The devtools panel (@tessera/devtools), the same on the three example pages: it opens from its
// button, lists the store's keys, passes the audit, and an invalidate from it refetches.
// Playwright's locators reach into the panel's (open) shadow root.
import assert from 'node:assert/strict';
import { assertAccessible, eventually } from './harness.mjs';
import { freshPage } from './todoPage.mjs';

/** The todo list's key: `GET /api/todos` (vanilla) or `GET /api/todos?perPage=4` (paginated). */
const TODO_LIST = /^GET \/api\/todos(\?perPage=\d+)?$/;

const panel = (page) => page.getByRole('region', { name: 'Tessera' });
// The first that matches: the Nuxt page reads two todo lists (all, for the counts, and a page).
const keyRow = (page, key) =>
  panel(page)
    .locator('#view-keys li')
    .filter({ has: page.locator('.key', { hasText: key }) })
    .first();

/** A fresh page with the panel opened from the keyboard, its keys listed. */
async function openPanel(page, baseURL) {
  await freshPage(page, baseURL);
  const toggle = page.getByRole('button', { name: 'Tessera devtools' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await panel(page).waitFor();
  await eventually(async () =>
    assert.match(await keyRow(page, TODO_LIST).locator('.badge').textContent(), /^fresh$/),
  );
}

export const devtoolsListsKeys = {
  name: 'devtools: the panel opens from its button and lists the keys, their status and readers',
  async run({ page, baseURL }) {
    await openPanel(page, baseURL);
    const keys = await panel(page).locator('#view-keys .key').allTextContents();
    assert.ok(
      keys.some((key) => TODO_LIST.test(key)),
      keys.join(', '),
    );
    assert.ok(keys.includes('GET /api/users'), keys.join(', '));
    assert.match(
      await keyRow(page, 'GET /api/users').locator('.info').textContent(),
      /[1-9]\d* reader/,
    );
    await assertAccessible(page, 'with the devtools panel open');
    await keyRow(page, TODO_LIST).locator('summary').click();
    await assertAccessible(page, 'with a key of the devtools panel open');
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    assert.equal(
      await page.evaluate(() => {
        const host = document.querySelector('[data-tessera-devtools]');
        return host?.shadowRoot?.activeElement?.textContent;
      }),
      'Tessera devtools',
    );
  },
};

export const devtoolsInvalidateRefetches = {
  name: 'devtools: invalidating the todo list from the panel fetches it again',
  async run({ page, baseURL }) {
    await openPanel(page, baseURL);
    const row = keyRow(page, TODO_LIST);
    await row.locator('summary').click();
    const refetch = page.waitForRequest(
      (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/todos',
    );
    await row.getByRole('button', { name: 'Invalidate' }).click();
    await refetch;
    await eventually(async () => assert.equal(await row.locator('.badge').textContent(), 'fresh'));
    // The timeline shows the invalidation, then the fetch it caused.
    await panel(page)
      .getByRole('tab', { name: /^Timeline/ })
      .click();
    const actions = await panel(page).locator('#view-timeline summary .key').allTextContents();
    const invalidated = actions.findIndex((action) =>
      action.startsWith('invalidate GET /api/todos'),
    );
    const after = actions.slice(0, invalidated);
    assert.ok(
      after.some((action) => /^fetch GET \/api\/todos/.test(action)),
      actions.slice(0, invalidated + 1).join(', '),
    );
    assert.ok((await page.locator('#todos li.todo').count()) > 0);
  },
};

export const devtoolsFitsNarrowScreen = {
  name: 'devtools: at 400 px wide the toolbar wraps within the screen and the page scrolls past the panel to its footer',
  async run({ page, baseURL }) {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 400, height: 700 });
    try {
      await openPanel(page, baseURL);
      const controls = panel(page).locator('header h2, header button');
      const outside = await controls.evaluateAll((elements) =>
        elements
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return (
              box.left < 0 || box.right > innerWidth || box.top < 0 || box.bottom > innerHeight
            );
          })
          .map((element) => element.textContent),
      );
      assert.deepEqual(outside, []);
      assert.ok((await controls.count()) >= 6);
      // Scrolled to its end, the page shows its footer above the panel, not under it.
      const onTop = () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const footer = document.querySelector('#summary');
          const box = footer.getBoundingClientRect();
          const found = document.elementFromPoint(
            box.left + box.width / 2,
            box.top + box.height / 2,
          );
          return footer.contains(found) ? 'footer' : found?.outerHTML.slice(0, 80);
        });
      assert.equal(await onTop(), 'footer');
      // Closed, the page is as it was: nothing left at its bottom for the panel.
      const padding = () => page.evaluate(() => document.body.style.paddingBottom);
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'hidden' });
      assert.equal(await padding(), '');
      assert.equal(await onTop(), 'footer');
    } finally {
      await page.setViewportSize(viewport);
    }
  },
};
