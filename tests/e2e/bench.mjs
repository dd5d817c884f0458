// Smoke test of the browser benchmark's apps (bench/browser): each builds for production,
// renders its table and pane, and shows an update in both. The counts checked here (requests,
// row renders) are the behaviour the benchmark reports; its timings are never asserted.
import assert from 'node:assert/strict';
import { buildApp, distDir } from '../../bench/browser/build.mjs';
import { contenders } from '../../bench/browser/contenders.mjs';
import { serve } from '../../bench/browser/serve.mjs';

/** Builds every app, then serves them; the same shape as `startExample`. */
export function start() {
  let server;
  const url = (async () => {
    for (const contender of contenders) await buildApp(contender);
    server = await serve(distDir);
    return server.url;
  })();
  return { url, stop: async () => server?.close() };
}

const open = async (page, baseURL, id) => {
  await page.goto(`${baseURL}/${id}/index.html?rows=100&latency=0`);
  await page.waitForFunction(() => document.querySelectorAll('#rows > tr').length === 100);
  await page.evaluate(() => window.__bench.idle());
};

const act = (page, name, args, outcome) =>
  page.evaluate(
    ([name, args, outcome]) => window.__bench.act(name, args, outcome),
    [name, args, outcome],
  );

/** What each library needs to show a change everywhere: the mutation, plus its refetches. */
const requestsPerMutation = { tessera: 1, baseline: 1, tanstack: 3, colada: 3 };
/**
 * Rows rendered for one changed todo and one renamed user (on 10 of the 100 rows). Colada sets a
 * refetched list as it comes (no structural sharing), so every row gets a new object.
 */
const rowRenders = (library, changed) => (library === 'colada' ? 100 : changed);

export const tests = contenders.flatMap((contender) => [
  {
    name: `${contender.id}: renders 100 rows and the pane, then shows an update in both`,
    async run({ page, baseURL }) {
      await open(page, baseURL, contender.id);
      assert.equal(await page.textContent('#detail .title'), 'Todo 1');
      const title = 'Todo 1, edited';
      const result = await act(page, 'updateTodo', [1, title], {
        texts: [
          ['#rows > tr[data-id="1"] > .title', title],
          ['#detail .title', title],
        ],
      });
      assert.equal(result.requests, requestsPerMutation[contender.library]);
      assert.equal(result.renders, rowRenders(contender.library, 1));
    },
  },
  {
    name: `${contender.id}: a renamed user shows on each of their rows`,
    async run({ page }) {
      const result = await act(page, 'renameUser', [1, 'Ada'], {
        texts: [
          ['#rows > tr[data-id="91"] > .user', 'Ada'],
          ['#detail .user', 'Ada'],
        ],
      });
      const names = await page.$$eval('#rows > tr[data-user="1"] > .user', (cells) =>
        cells.map((cell) => cell.textContent),
      );
      assert.deepEqual(names, Array(10).fill('Ada'));
      assert.equal(result.renders, rowRenders(contender.library, 10));
    },
  },
]);
