// Two entities, Todo and Tag, in one production build (tests/e2e/entityKeys): a minifier names
// both classes `schema`, and so their default table. Without `static key` the store refuses the
// second class (the page says so) instead of mixing the lists; with it, both lists are right.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildAndServe } from './docs.mjs';
import { assertAccessible, eventually } from './harness.mjs';
import { seedTitles } from './todoPage.mjs';

const configFile = fileURLToPath(new URL('./entityKeys/vite.config.ts', import.meta.url));
export const start = () => buildAndServe(configFile);

const items = async (page, id) =>
  (await page.locator(`#${id} li`).allInnerTexts()).map((text) => text.trim());
const status = (page, id) => page.locator(`#${id}-status`).innerText();

/** Loads a page, waits for the todos, then shows the tags. */
async function showBoth(page, url) {
  await page.goto(url);
  await eventually(async () => assert.deepEqual(await items(page, 'todos'), seedTitles));
  await page.getByRole('button', { name: 'Show tags' }).click();
}

export const tests = [
  {
    name: 'without static key: the tags fail with an error naming the table, the todos stay',
    async run({ page, baseURL }) {
      await showBoth(page, baseURL);
      await eventually(async () =>
        assert.equal(
          await status(page, 'tags'),
          'Could not load: schema at [0]: TSR18 set static key',
        ),
      );
      assert.deepEqual(await items(page, 'tags'), []);
      assert.deepEqual(await items(page, 'todos'), seedTitles);
      assert.equal(await status(page, 'todos'), '');
    },
  },
  {
    name: 'with static key, as the guide writes entities: both lists are right',
    async run({ page, baseURL }) {
      await showBoth(page, new URL('?keyed', baseURL).href);
      await eventually(async () =>
        assert.deepEqual(await items(page, 'tags'), ['urgent', 'later']),
      );
      assert.deepEqual(await items(page, 'todos'), seedTitles);
      assert.equal(await status(page, 'tags'), '');
      assert.equal(await status(page, 'todos'), '');
      await assertAccessible(page, 'with both lists shown');
    },
  },
];
