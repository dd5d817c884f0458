#!/usr/bin/env node
// Browser tests: `node tests/e2e/run.mjs [vanilla vue svelte sveltekit nuxt bench docs-vue ...]`
// (every suite when none is named). Starts each example with its REST API, drives it in headless
// Chromium, prints `N passed, M failed` and exits non-zero on any failure. Servers and the
// browser are always torn down, also on failure or Ctrl-C.
import { findChromium, launchChromium } from '../../scripts/chromium.mjs';
import { startExample } from './harness.mjs';

const suites = [
  { example: 'vanilla', load: () => import('./vanilla.mjs') },
  { example: 'vue', load: () => import('./vue.mjs') },
  { example: 'svelte', load: () => import('./svelte.mjs') },
  // Built for production first (adapter-node), then served with the API (examples/demo.mjs).
  { example: 'sveltekit', load: () => import('./sveltekit.mjs') },
  // Built for production once by `npm test` (or the demo), then served by Nitro's node server.
  { example: 'nuxt', load: () => import('./nuxt.mjs') },
  // Not an example: the browser benchmark's apps, built and served by the suite itself.
  { example: 'bench', load: () => import('./bench.mjs') },
  // Two entities in one production build, with and without `static key`.
  { example: 'entity-keys', load: () => import('./entityKeys.mjs') },
  // The getting-started apps of the docs, built and served by the suite itself.
  ...['vanilla', 'vue', 'svelte'].map((app) => ({
    example: `docs-${app}`,
    load: () => import('./docs.mjs').then(({ docsApp }) => docsApp(app)),
  })),
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !suites.some((suite) => suite.example === name));
if (unknown.length) {
  console.log(`Unknown suite ${unknown.join(', ')}: choose from ${suites.map((s) => s.example)}`);
  process.exit(1);
}

let passed = 0;
let failed = 0;
const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length) await cleanups.pop()();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  const chromium = findChromium();
  console.log(`Chromium: ${chromium.executablePath} (from ${chromium.source})`);
  for (const suite of suites.filter((s) => !chosen.length || chosen.includes(s.example))) {
    const { tests, start } = await suite.load();
    const example = start ? start() : startExample(suite.example);
    cleanups.push(example.stop);
    const baseURL = await example.url;
    const browser = await launchChromium(chromium);
    cleanups.push(browser.close);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(10_000);
    // The first load makes Vite compile the example's modules, slow on a busy machine.
    page.setDefaultNavigationTimeout(60_000);
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    console.log(`\n▶ e2e ${suite.example} (${baseURL})`);
    for (const test of tests) {
      pageErrors.length = 0;
      try {
        await test.run({ page, baseURL });
        if (pageErrors.length) throw new Error(`page error: ${pageErrors[0].stack}`);
        passed += 1;
        console.log(`  ✓ ${test.name}`);
      } catch (error) {
        failed += 1;
        console.log(
          `  ✖ ${test.name}\n    ${String(error?.stack ?? error).replaceAll('\n', '\n    ')}`,
        );
        const shot = `/tmp/tessera-e2e-${suite.example}-failure-${passed + failed}.png`;
        await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
        console.log(`    screenshot: ${shot}`);
      }
    }
    await cleanUp();
  }
} catch (error) {
  failed += 1;
  console.log(`✖ e2e setup failed: ${error?.stack ?? error}`);
} finally {
  await cleanUp();
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
