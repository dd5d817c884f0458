// readStateScript in Chromium, on a page whose content was written to defeat it: a user's post
// holding an element with the state script's id above the real script, and named elements that
// shadow the document's own members (`<img name="body">` makes `document.body` that image in a
// browser; happy-dom does not do this, so it is tried here). The server's script is read.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStore } from '../core/src/managers/createStore';
import { renderStateScript, STATE_SCRIPT_ID } from '../core/src/ssr/stateScript';
import { localEndpoint } from '../core/test/endpoints';
import { launchChromium } from '../scripts/chromium.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let reader = '';

beforeAll(async () => {
  const bundled = await build({
    stdin: {
      contents: `import { readStateScript } from '@tessera/core';
        window.read = (id) => {
          const reported = [];
          const report = window.reportError;
          window.reportError = (error) => reported.push(String(error));
          try {
            const state = readStateScript(id);
            return { keys: state ? Object.keys(state.meta) : undefined, reported };
          } finally {
            window.reportError = report;
          }
        };`,
      resolveDir: repo,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    write: false,
    logLevel: 'silent',
  });
  reader = bundled.outputFiles[0].text;
  browser = await launchChromium();
  page = await browser.context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const getNote = localEndpoint({
  key: ({ id }: { id: number }) => `GET /notes/${id}`,
  resolve: ({ id }: { id: number }) => ({ id, text: 'from the server' }),
});

/** The server's script, for a store holding note 1. */
async function serverScript(): Promise<string> {
  const { controller, dispose } = createStore();
  await controller.fetch(getNote, { id: 1 });
  const script = renderStateScript(controller);
  dispose();
  return script;
}

/** Loads `body` as the page (the reader's script in its head), then reads its state. */
async function readPage(body: string) {
  await page.setContent(
    `<!doctype html><html><head><title>t</title><script>${reader}</script></head><body>${body}</body></html>`,
  );
  return page.evaluate(() => (window as unknown as { read(): unknown }).read());
}

const named = ['body', 'head', 'querySelectorAll', 'getElementById', 'documentElement']
  .map((name) => `<img name="${name}"><form name="${name}"></form>`)
  .join('');

it('reads the server’s script under a forged element with its id and shadowed document members', async () => {
  const real = await serverScript();
  const forged = `<div id="${STATE_SCRIPT_ID}">{"forged":true}</div>`;
  const result = await readPage(
    `<main id="app"><article>${forged}${named}</article></main>${real}`,
  );
  // The page does shadow them: what the reader had to withstand.
  expect(await page.evaluate(() => document.body instanceof HTMLBodyElement)).toBe(false);
  expect(result).toEqual({ keys: ['GET /notes/1'], reported: [] });
});

it('refuses, without throwing, a page whose only element with the id is page content', async () => {
  const forged = `<div id="${STATE_SCRIPT_ID}">{"forged":true}</div>`;
  const result = (await readPage(`<main id="app">${forged}${named}</main>`)) as {
    keys: unknown;
    reported: string[];
  };
  expect(result.keys).toBeUndefined();
  expect(result.reported).toHaveLength(1);
  expect(result.reported[0]).toMatch(/^TypeError: The page state "__TESSERA_STATE__" is not read/);
});
