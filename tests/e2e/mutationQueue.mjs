// Browser scenarios for the examples whose store has a MutationQueue (Vue, Svelte): changes made
// offline wait, marked queued, survive a reload, and are sent once when the connection is back;
// a change the server refuses rolls back on screen.
import assert from 'node:assert/strict';
import { api, assertAccessible, eventually } from './harness.mjs';
import { freshPage, row, rowIds } from './todoPage.mjs';

const todoPath = '**/api/todos/*';
const queueCount = (page) => page.locator('#queue-count').innerText();

/** A fresh page whose script runs (a server-rendered page shows its rows before it hydrates). */
async function readyPage(page, baseURL) {
  await freshPage(page, baseURL);
  await page.waitForFunction(() => 'tessera' in window);
}

/** Renames a row through its Edit button (Enter saves). */
async function rename(page, id, title) {
  await row(page, id).locator('.edit').click();
  await row(page, id).locator('.edit-title').fill(title);
  await row(page, id).locator('.edit-title').press('Enter');
}

/**
 * The page's PATCH requests to a todo while `action(control)` runs: `control.drop` true aborts
 * them as a lost connection would (they never reach the server), else they go through and are
 * counted in `control.sent`. The route is removed afterwards.
 */
async function patches(page, action, { drop = false } = {}) {
  const control = { drop, sent: 0 };
  const handler = (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    if (control.drop) return route.abort('internetdisconnected');
    control.sent += 1;
    return route.continue();
  };
  await page.route(todoPath, handler);
  try {
    await action(control);
  } finally {
    await page.unroute(todoPath, handler);
  }
}

export const queuesChanges = [
  {
    name: 'a rename made offline stays, marked queued, across a reload, and is sent once when back online',
    async run({ page, baseURL }) {
      await readyPage(page, baseURL);
      const [id] = await rowIds(page);
      const renamed = 'Renamed while offline';
      const context = page.context();
      await patches(page, async (control) => {
        try {
          await context.setOffline(true);
          await rename(page, id, renamed);
          await row(page, id).locator('.queued-mark').waitFor();
          assert.equal(await row(page, id).locator('.title').textContent(), renamed);
          assert.match(await queueCount(page), /^1 change waiting to be sent$/);
          await assertAccessible(page, 'with a change queued');
          // The page itself needs the network to load again; the change's request still cannot
          // get through (it is dropped as a lost connection would), so it stays queued.
          control.drop = true;
          await context.setOffline(false);
          await page.reload();
          await page.waitForFunction(() => 'tessera' in window);
          await row(page, id).locator('.queued-mark').waitFor();
          assert.equal(await row(page, id).locator('.title').textContent(), renamed);
          assert.match(await queueCount(page), /^1 change waiting to be sent$/);
          assert.equal(control.sent, 0);
          // The connection goes and comes back: the change is sent now, and once.
          control.drop = false;
          await context.setOffline(true);
        } finally {
          await context.setOffline(false);
        }
        await eventually(async () =>
          assert.equal((await api(baseURL, `/api/todos/${id}`)).body.title, renamed),
        );
        await eventually(async () => {
          assert.equal(await row(page, id).locator('.queued-mark').count(), 0);
          assert.equal(await queueCount(page), '');
        });
        assert.equal(await row(page, id).locator('.title').textContent(), renamed);
        assert.equal(control.sent, 1);
      });
    },
  },
  {
    name: 'a queued change the server refuses rolls back on screen and says so',
    async run({ page, baseURL }) {
      await readyPage(page, baseURL);
      const [id] = await rowIds(page);
      const toggle = row(page, id).locator('.toggle');
      const wasDone = await toggle.isChecked();
      const context = page.context();
      const refuse = (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: '{"message":"Refused by the test"}',
            })
          : route.fallback();
      await page.route(todoPath, refuse);
      try {
        await context.setOffline(true);
        await toggle.click();
        await row(page, id).locator('.queued-mark').waitFor();
        assert.equal(await toggle.isChecked(), !wasDone);
        await context.setOffline(false);
        await eventually(async () => assert.equal(await toggle.isChecked(), wasDone));
        await row(page, id).locator('.row-error').waitFor();
        assert.match(await row(page, id).locator('.row-error').innerText(), /Refused by the test/);
        assert.match(await page.locator('#queue-refused').innerText(), /^Not saved: Mark todo/);
        assert.equal(await queueCount(page), '');
        await assertAccessible(page, 'after a refused change');
      } finally {
        await context.setOffline(false);
        await page.unroute(todoPath, refuse);
      }
      assert.equal((await api(baseURL, `/api/todos/${id}`)).body.completed, wasDone);
    },
  },
  {
    name: 'Cancel drops one queued change (a double click drops no other) and restores its row',
    async run({ page, baseURL }) {
      await readyPage(page, baseURL);
      const [first, second] = await rowIds(page);
      const firstTitle = await row(page, first).locator('.title').textContent();
      const context = page.context();
      await patches(page, async (control) => {
        try {
          await context.setOffline(true);
          await rename(page, first, 'Cancelled rename');
          await rename(page, second, 'Kept rename');
          await eventually(async () =>
            assert.match(await queueCount(page), /^2 changes waiting to be sent$/),
          );
          await page
            .getByRole('button', { name: 'Cancel: Rename todo', exact: false })
            .first()
            .dblclick();
          await eventually(async () =>
            assert.equal(await row(page, first).locator('.title').textContent(), firstTitle),
          );
          assert.match(await queueCount(page), /^1 change waiting to be sent$/);
          assert.equal(await row(page, first).locator('.queued-mark').count(), 0);
          assert.equal(await row(page, first).locator('.row-error').count(), 0);
        } finally {
          await context.setOffline(false);
        }
        await eventually(async () => assert.equal(await queueCount(page), ''));
        assert.equal(control.sent, 1);
      });
      assert.equal((await api(baseURL, `/api/todos/${first}`)).body.title, firstTitle);
      assert.equal((await api(baseURL, `/api/todos/${second}`)).body.title, 'Kept rename');
    },
  },
  {
    name: 'two tabs: a change waiting in one is left to it by the other, and sent once',
    async run({ page, baseURL }) {
      await readyPage(page, baseURL);
      const [id] = await rowIds(page);
      const renamed = 'Renamed in one tab';
      const context = page.context();
      const other = await context.newPage();
      try {
        // Both tabs' requests go through the context's routes.
        await patches(
          context,
          async (control) => {
            await rename(page, id, renamed);
            await row(page, id).locator('.queued-mark').waitFor();
            // Opened while the change waits: the first tab, still open, keeps sending it.
            await other.goto(baseURL);
            await other.waitForFunction(() => 'tessera' in window);
            await row(other, id).waitFor();
            assert.equal(await queueCount(other), '');
            control.drop = false;
            try {
              await context.setOffline(true);
            } finally {
              await context.setOffline(false);
            }
            await eventually(async () =>
              assert.equal((await api(baseURL, `/api/todos/${id}`)).body.title, renamed),
            );
            await eventually(async () => assert.equal(await queueCount(page), ''));
            assert.equal(control.sent, 1);
          },
          { drop: true },
        );
      } finally {
        await other.close();
      }
    },
  },
];
