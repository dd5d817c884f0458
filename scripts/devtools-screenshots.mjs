#!/usr/bin/env node
// `node scripts/devtools-screenshots.mjs`: the screenshots in adapters/devtools/README.md. Starts
// the Vue example (with its API), opens the devtools panel in headless Chromium and takes one
// picture per view: the keys (one opened), the entities (searched), the timeline (an action
// opened).
import { fileURLToPath } from 'node:url';
import { startExample } from '../tests/e2e/harness.mjs';
import { launchChromium } from './chromium.mjs';

const out = (name) =>
  fileURLToPath(new URL(`../adapters/devtools/docs/${name}.png`, import.meta.url));

const example = startExample('vue');
const browser = await launchChromium(undefined, { viewport: { width: 1000, height: 760 } });
try {
  const page = await browser.context.newPage();
  page.setDefaultNavigationTimeout(60_000);
  await page.goto(await example.url);
  await page.locator('#todos li.todo').first().waitFor();
  await page.screenshot({ path: out('button') });

  await page.getByRole('button', { name: 'Tessera devtools' }).click();
  const panel = page.getByRole('region', { name: 'Tessera' });
  const list = panel.locator('#view-keys li').filter({ hasText: 'GET /api/todos?perPage=4' });
  await list.locator('.badge', { hasText: 'fresh' }).waitFor();
  await list.locator('summary').click();
  // An opened row fills its body when the browser says it opened (a task after the click).
  await list.locator('pre').filter({ hasText: /\S/ }).waitFor();
  await page.screenshot({ path: out('keys') });

  await panel.getByRole('tab', { name: /^Entities/ }).click();
  await panel.getByRole('searchbox', { name: 'Search entities' }).fill('lovelace');
  const users = panel.locator('#view-entities > div > ul > li').filter({ hasText: 'User' });
  await users.locator('summary').first().click();
  await users.locator('li summary').first().click();
  await users.locator('li pre').filter({ hasText: /\S/ }).first().waitFor();
  await page.screenshot({ path: out('entities') });

  // An action to show: rename the first todo (an optimistic update, then the server's answer).
  await page.getByRole('tab', { name: /^Timeline/ }).click();
  await page.locator('#todos li.todo .toggle').first().click();
  const response = panel.locator('#view-timeline li').filter({ hasText: 'response PATCH' });
  await response.first().locator('summary').click();
  await response.first().locator('.changes li').first().waitFor();
  await page.screenshot({ path: out('timeline') });
  console.log(`screenshots: ${['button', 'keys', 'entities', 'timeline'].map(out).join(', ')}`);
} finally {
  await browser.close();
  await example.stop();
}
