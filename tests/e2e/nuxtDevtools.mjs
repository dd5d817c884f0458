// The Tessera tab of Nuxt DevTools (examples/nuxt on `nuxt dev`): opened as a user opens it, it
// shows @tessera/devtools' panel of the app's store, and a row's Invalidate refetches in the app.
import assert from 'node:assert/strict';
import { eventually } from './harness.mjs';
import { freshPage } from './todoPage.mjs';

/** The todo list's page of four: the key the todos page reads. */
const TODO_PAGE = 'GET /api/todos?perPage=4';

/**
 * Nuxt DevTools' own page, in its frame. It asks a browser for authorization before it shows the
 * project's data on its overview: a user may say no (Cancel), and the other tabs work all the same.
 */
const devtoolsClient = (page) => page.frameLocator('iframe[src*="/__nuxt_devtools__/client"]');

export const nuxtDevtoolsTab = {
  name: 'Nuxt DevTools: the Tessera tab shows the store, and its Invalidate refetches',
  async run({ page, baseURL }) {
    // Nuxt DevTools loads its icons from esm.sh, out of reach here: an empty set stands in, so
    // the page has no error of theirs. Anything else from outside is refused.
    const offline = (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === 'esm.sh') return route.fulfill({ json: { prefix: 'carbon', icons: {} } });
      return route.abort();
    };
    const outside = (url) => url.hostname !== new URL(baseURL).hostname;
    await page.route(outside, offline);
    try {
      await freshPage(page, baseURL);
      // A returning user: Nuxt DevTools' first-visit welcome screen is behind them.
      await page.evaluate(() => localStorage.setItem('nuxt-devtools-first-visit', 'false'));
      // Its shortcut, once Nuxt DevTools has set itself up in the page.
      await page.locator('#nuxt-devtools-container').waitFor({ state: 'attached' });
      await page.keyboard.press('Shift+Alt+D');
      const client = devtoolsClient(page);
      await client.locator('body').waitFor({ timeout: 60_000 });
      const cancel = client.getByRole('button', { name: 'Cancel' });
      await cancel.waitFor({ timeout: 30_000 }).then(
        () => cancel.click(),
        () => {},
      );
      // The tab: in the side bar, or under its overflow menu when the bar is full.
      const link = client.locator('a[href$="/modules/custom-tessera"]');
      const overflow = client.locator('button:has([class*="overflow-menu"])');
      await link.or(overflow).first().waitFor({ timeout: 30_000 });
      if (!(await link.first().isVisible())) await overflow.click();
      await link.first().click();

      const tab = client.frameLocator('iframe[src*="/__tessera_devtools"]');
      const panel = tab.getByRole('region', { name: 'Tessera' });
      await panel.waitFor({ timeout: 30_000 });
      // The panel is the tab's: the app's page shows only its own button.
      assert.equal(await page.locator('[data-tessera-devtools="embedded"]').count(), 0);
      const row = panel
        .locator('#view-keys li')
        .filter({ has: tab.locator('.key', { hasText: TODO_PAGE }) })
        .first();
      await eventually(async () =>
        assert.equal(await row.locator('.badge').textContent(), 'fresh'),
      );
      const keys = await panel.locator('#view-keys .key').allTextContents();
      assert.ok(keys.includes('GET /api/users'), keys.join(', '));

      // Invalidate from the tab: the app's page fetches the list again, once.
      const refetches = [];
      const onRequest = (request) => {
        const url = new URL(request.url());
        if (
          request.method() === 'GET' &&
          `${url.pathname}${url.search}` === '/api/todos?perPage=4'
        ) {
          refetches.push(request.frame() === page.mainFrame());
        }
      };
      page.on('request', onRequest);
      try {
        await row.locator('summary').click();
        await row.getByRole('button', { name: 'Invalidate' }).click();
        await eventually(() => assert.equal(refetches.length, 1));
        await eventually(async () =>
          assert.equal(await row.locator('.badge').textContent(), 'fresh'),
        );
      } finally {
        page.off('request', onRequest);
      }
      assert.deepEqual(refetches, [true], 'one request, made by the app’s page');
      assert.ok((await page.locator('#todos li.todo').count()) > 0);
      await page.keyboard.press('Shift+Alt+D');
    } finally {
      await page.unroute(outside, offline);
    }
  },
};
