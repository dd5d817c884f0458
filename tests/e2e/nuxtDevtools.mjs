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
      const openTab = async () => {
        await link.or(overflow).first().waitFor({ timeout: 30_000 });
        if (!(await link.first().isVisible())) await overflow.click();
        await link.first().click();
      };
      await openTab();

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

      // Another tab of Nuxt DevTools: it keeps the Tessera tab's page, hidden, and the panel in
      // it draws nothing while no one sees it (it runs in the app's page).
      const host = tab.locator('[data-tessera-devtools="embedded"]');
      await host.evaluate((element) => element.setAttribute('data-e2e', 'the first panel'));
      const timelineCount = async () =>
        Number((await panel.locator('#tab-timeline').textContent()).match(/\d+/)[0]);
      const before = await timelineCount();
      await client.locator('a[href$="/modules/overview"]').first().click();
      const frame = client.locator('iframe[src*="/__tessera_devtools"]');
      await eventually(async () =>
        assert.equal(
          await frame.evaluate((element) => getComputedStyle(element).visibility),
          'hidden',
        ),
      );
      await host.evaluate((element) => {
        window.drawn = 0;
        new MutationObserver((records) => (window.drawn += records.length)).observe(
          element.shadowRoot,
          { subtree: true, childList: true, characterData: true, attributes: true },
        );
      });
      // An action of the app's while the tab is away, and two of the panel's refresh ticks.
      const refetched = page.waitForResponse((response) =>
        response.url().endsWith('/api/todos?perPage=4'),
      );
      await page.evaluate((key) => {
        window.tessera.controller.dispatch({ type: 'invalidate', keys: [key] });
      }, TODO_PAGE);
      await refetched;
      await page.waitForTimeout(2500);
      assert.equal(await host.evaluate(() => window.drawn), 0, 'drawn while hidden');

      // Back to the tab: the same panel, its timeline kept and caught up with that action.
      await openTab();
      await eventually(async () => assert.ok((await timelineCount()) > before));
      assert.equal(await host.getAttribute('data-e2e'), 'the first panel');
      assert.equal(await tab.locator('[data-tessera-devtools]').count(), 1);
      await page.keyboard.press('Shift+Alt+D');
    } finally {
      await page.unroute(outside, offline);
    }
  },
};
