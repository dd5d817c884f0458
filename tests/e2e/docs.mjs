// Browser tests of the getting-started apps of the docs (docs/apps): each is built for
// production, served by `vite preview` with the example REST API, and used as the guide says.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { api, eventually, failRequests, requestsDuring } from './harness.mjs';
import { seedTitles } from './todoPage.mjs';

/** The suite of one app (`vanilla`, `vue` or `svelte`): a build, a preview server, the tests. */
export function docsApp(app) {
  const configFile = fileURLToPath(
    new URL(`../../docs/apps/${app}/vite.config.ts`, import.meta.url),
  );
  return { start: () => buildAndServe(configFile), tests };
}

/** Builds the app of `configFile` for production and serves it with `vite preview`. */
export function buildAndServe(configFile) {
  // The repo imports without file extensions; Vite's bundling config loader handles that.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const outDir = mkdtempSync(join(tmpdir(), 'tessera-docs-app-'));
  let server;
  const url = (async () => {
    await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0 },
    });
    return server.resolvedUrls.local[0];
  })();
  const stop = async () => {
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const todos = (page) => page.locator('ul li');
const todo = (page, title) => todos(page).filter({ hasText: title });
const texts = async (page) => (await todos(page).allInnerTexts()).map((text) => text.trim());
/** What the page says: its alerts and status lines (the vanilla app has one status line). */
const messages = async (page) =>
  (await page.getByRole('alert').or(page.getByRole('status')).allInnerTexts()).join('\n');

const tests = [
  {
    name: 'shows the todos of the API',
    async run({ page, baseURL }) {
      await page.goto(baseURL);
      await eventually(async () => assert.deepEqual(await texts(page), seedTitles));
      assert.equal(
        await todo(page, 'Write the first program').getByRole('checkbox').isChecked(),
        true,
      );
      assert.equal(await messages(page), '');
    },
  },
  {
    name: 'a toggle is saved and shown, without fetching the list again',
    async run({ page, baseURL }) {
      const checkbox = todo(page, 'Describe the Analytical Engine').getByRole('checkbox');
      const gets = await requestsDuring(page, 'GET', async () => {
        await checkbox.click();
        await eventually(async () =>
          assert.equal((await api(baseURL, '/api/todos/2')).body.completed, true),
        );
        await eventually(async () => assert.equal(await checkbox.isChecked(), true));
      });
      assert.deepEqual(gets, []);
    },
  },
  {
    name: 'a new todo is added at the end of the list',
    async run({ page, baseURL }) {
      const input = page.getByRole('textbox', { name: 'New todo' });
      await input.fill('Read the guide');
      await input.press('Enter');
      await eventually(async () =>
        assert.deepEqual(await texts(page), [...seedTitles, 'Read the guide']),
      );
      await eventually(async () => assert.equal(await input.inputValue(), ''));
      assert.equal((await api(baseURL, '/api/todos/7')).body.title, 'Read the guide');
    },
  },
  {
    name: 'a failed save says so',
    async run({ page }) {
      await failRequests(page, '**/api/todos/3', { status: 500, method: 'PATCH' }, async () => {
        await todo(page, 'Break the Enigma cipher').getByRole('checkbox').click();
        await eventually(async () =>
          assert.match(await messages(page), /Could not save: .*\b500\b/),
        );
      });
    },
  },
  {
    name: 'a failed load shows the error',
    async run({ page }) {
      await failRequests(page, '**/api/todos', { status: 503 }, async () => {
        await page.reload();
        await eventually(async () =>
          assert.match(await messages(page), /Could not load: .*\b503\b/),
        );
      });
    },
  },
];
