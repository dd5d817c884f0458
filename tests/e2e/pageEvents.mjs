// Browser scenarios for the examples whose store has a PageManager (Vue, Svelte): what a user
// sees when the connection goes and comes back, and when a tab is shown again later.
import assert from 'node:assert/strict';
import { api, assertAccessible, eventually, requestsDuring } from './harness.mjs';
import { freshPage, titles } from './todoPage.mjs';

const isList = (path) => path.startsWith('/api/todos?');

/** Hides the page, then shows it again, as switching tabs does. */
async function switchAwayAndBack(page) {
  await page.evaluate(async () => {
    const show = (state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    show('hidden');
    await new Promise((resolve) => setTimeout(resolve, 10));
    show('visible');
  });
}

export const followsThePage = [
  {
    name: 'offline, a new list waits and says so, then loads once when the connection is back',
    async run({ page, baseURL }) {
      await freshPage(page, baseURL);
      const { body } = await api(baseURL, '/api/todos?userId=3');
      const graceTodos = body.map((todo) => todo.title);
      assert.ok(graceTodos.length > 0);
      const context = page.context();
      await context.setOffline(true);
      try {
        const whileOffline = await requestsDuring(page, 'GET', async () => {
          await page.selectOption('#filter', { label: 'Grace Hopper' });
          await page.locator('#paused').waitFor();
          assert.match(await page.locator('#paused').textContent(), /Offline/);
          await assertAccessible(page, 'while offline');
        });
        // Nothing was tried: no failed request, no error on screen.
        assert.deepEqual(whileOffline.filter(isList), []);
        assert.equal(await page.locator('#error').count(), 0);
        const whenBack = await requestsDuring(page, 'GET', async () => {
          await context.setOffline(false);
          await page.locator('#paused').waitFor({ state: 'detached' });
          await eventually(async () => assert.deepEqual(await titles(page), graceTodos));
        });
        assert.equal(whenBack.filter(isList).length, 1, whenBack.join(', '));
      } finally {
        await context.setOffline(false);
      }
    },
  },
  {
    name: 'a tab shown again after its data expired refetches it once; before, not at all',
    async run({ page, baseURL }) {
      // The page's clock, so the data can expire without waiting a minute.
      await page.clock.install();
      await freshPage(page, baseURL);
      const early = await requestsDuring(page, 'GET', () => switchAwayAndBack(page));
      assert.deepEqual(early.filter(isList), []);
      await page.clock.fastForward('02:00');
      const late = await requestsDuring(page, 'GET', async () => {
        await switchAwayAndBack(page);
        await eventually(async () =>
          assert.equal(
            await page.evaluate(() =>
              Object.keys(window.tessera.controller.getState().fetching).join(),
            ),
            '',
          ),
        );
      });
      const lists = late.filter(isList);
      assert.equal(lists.length, 1, late.join(', '));
      assert.equal(new Set(late).size, late.length, `each once: ${late.join(', ')}`);
    },
  },
];
