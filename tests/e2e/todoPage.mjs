// What the example pages share: the todo list's markup, the todos the example API starts
// with, and the scenarios that run the same on each page.
import assert from 'node:assert/strict';
import {
  api,
  assertAccessible,
  eventually,
  failRequests,
  holdRequests,
  newVisit,
  requestsDuring,
} from './harness.mjs';

/** The example API's todos, in order (examples/server). */
export const seedTitles = [
  'Write the first program',
  'Describe the Analytical Engine',
  'Break the Enigma cipher',
  'Propose the imitation game',
  'Find the first bug',
  'Ship the first compiler',
];

export const rows = (page) => page.locator('#todos li.todo');
export const row = (page, id) => page.locator(`#todos li.todo[data-id="${id}"]`);
export const titles = (page) => page.locator('#todos li.todo .title').allTextContents();
/** The ids of the rows shown, in order. */
export const rowIds = (page) =>
  rows(page).evaluateAll((all) => all.map((li) => Number(li.dataset.id)));
/** Every error the page shows, one line each (load errors, failed saves). */
export const errorLines = async (page) =>
  (await page.locator('.error-message:visible, .row-error:visible').allInnerTexts()).flatMap(
    (text) => text.split('\n'),
  );

/** The scenarios of these names from another page's suite (the pages share markup and behaviour). */
export function pick(tests, ...names) {
  return names.map((name) => {
    const test = tests.find((candidate) => candidate.name === name);
    if (!test) throw new Error(`No scenario named "${name}"`);
    return test;
  });
}

/** A fresh load of the page, with its todos and people shown: a start that needs no earlier test. */
export async function freshPage(page, baseURL) {
  await newVisit(page, baseURL);
  await eventually(async () => {
    assert.ok((await rows(page).count()) > 0);
    assert.equal(await page.locator('#new-user option').count(), 3);
  });
}

/** Waits for the error banner to say that the todos could not load, with the status. */
export async function showsLoadError(page, status) {
  await page.locator('#error').waitFor({ state: 'visible' });
  const loadError = new RegExp(`^Could not load todos: .*\\b${status}\\b`, 'm');
  await eventually(async () => assert.match((await errorLines(page)).join('\n'), loadError));
}

/** Needs the six seeded todos on the page; adds the seventh, "Learn Tessera" for Alan Turing. */
export const createsTodo = {
  name: 'creates a todo: shown at once (optimistic), then with the id the server gave',
  async run({ page, baseURL }) {
    await holdRequests(page, '**/api/todos', 'POST', async (release) => {
      await page.fill('#new-title', 'Learn Tessera');
      await page.selectOption('#new-user', '2');
      await page.click('#new-todo button[type=submit]');
      // The server has not answered yet: the row is there, marked pending.
      const optimistic = page.locator('#todos li.todo.pending');
      await optimistic.waitFor();
      assert.equal(await optimistic.locator('.title').textContent(), 'Learn Tessera');
      assert.ok(Number(await optimistic.getAttribute('data-id')) < 0);
      assert.equal(await page.inputValue('#new-title'), '');
      release();
      await row(page, 7).waitFor();
      await eventually(async () =>
        assert.equal(await page.locator('#todos li.todo.pending').count(), 0),
      );
    });
    assert.equal(await row(page, 7).locator('.owner').textContent(), 'Alan Turing');
    assert.equal(await rows(page).count(), 7);
    const saved = await api(baseURL, '/api/todos/7');
    assert.deepEqual(saved.body, { id: 7, userId: 2, title: 'Learn Tessera', completed: false });
  },
};

export const deletesOnceOnDoubleClick = {
  name: 'double-clicking a delete button deletes that row only',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    const [first, next, ...rest] = await rowIds(page);
    const deletes = await requestsDuring(page, 'DELETE', async () => {
      await row(page, first).locator('.delete').dblclick();
      await row(page, first).waitFor({ state: 'detached' });
      await eventually(async () =>
        assert.equal((await api(baseURL, `/api/todos/${first}`)).status, 404),
      );
    });
    assert.deepEqual(deletes, [`/api/todos/${first}`]);
    assert.deepEqual((await rowIds(page)).slice(0, rest.length + 1), [next, ...rest]);
    assert.equal((await api(baseURL, `/api/todos/${next}`)).status, 200);
    assert.deepEqual(await errorLines(page), []);
  },
};

export const failedFilterShowsNoOtherList = {
  name: "a filter that fails to load shows no other filter's todos, says so, and recovers on Retry",
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    const isGraceList = (url) => url.pathname === '/api/todos' && url.search.includes('userId=3');
    await failRequests(page, isGraceList, { status: 503 }, async () => {
      await page.selectOption('#filter', { label: 'Grace Hopper' });
      await showsLoadError(page, 503);
      // Nothing of the list shown before: no rows, no counts, no "Nothing to do".
      assert.equal(await rows(page).count(), 0);
      assert.equal(await page.locator('#summary:visible').count(), 0);
      assert.equal(await page.locator('#empty:visible').count(), 0);
    });
    await page.getByRole('button', { name: 'Retry' }).click();
    await eventually(async () => assert.ok((await rows(page).count()) > 0));
    const owners = await page.locator('#todos li.todo .owner').allTextContents();
    assert.deepEqual([...new Set(owners)], ['Grace Hopper']);
    assert.deepEqual(await errorLines(page), []);
  },
};

export const usersFailureSaysUsers = {
  name: 'a failure of /api/users says the users could not load, and the todos still show',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    await failRequests(page, '**/api/users', { status: 503 }, async () => {
      await newVisit(page, baseURL);
      await page.waitForFunction(() => 'tessera' in window);
      // A server-rendered page carries the users: have them fetched again, as when they expire.
      await page.evaluate(() =>
        window.tessera.controller.invalidateAll({ testKey: (key) => key.includes('/api/users') }),
      );
      await eventually(async () =>
        assert.deepEqual(await errorLines(page), [
          'Could not load users: GET /api/users failed: 503 Service Unavailable',
        ]),
      );
      assert.ok((await rows(page).count()) > 0);
    });
    await page.getByRole('button', { name: 'Retry' }).click();
    await eventually(async () => assert.deepEqual(await errorLines(page), []));
    // Every owner has a name again.
    const [id] = await rowIds(page);
    const { userId } = (await api(baseURL, `/api/todos/${id}`)).body;
    const { name } = (await api(baseURL, `/api/users/${userId}`)).body;
    await eventually(async () =>
      assert.equal(await row(page, id).locator('.owner').textContent(), name),
    );
  },
};

/** The accessible names of the first row's controls, which say which todo they act on. */
export const namesRowControls = {
  name: "names each row's controls after its todo: the checkbox, Edit and Delete",
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    const [id] = await rowIds(page);
    const title = await row(page, id).locator('.title').textContent();
    const named = (role, name) => row(page, id).getByRole(role, { name, exact: true });
    assert.equal(await named('checkbox', `Done: ${title}`).count(), 1);
    assert.equal(await named('button', `Edit: ${title}`).count(), 1);
    assert.equal(await named('button', `Delete: ${title}`).count(), 1);
  },
};

export const renamesWithKeyboard = {
  name: 'renames a todo with the keyboard alone (its Edit button, Enter saves, Escape cancels)',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    const [id] = await rowIds(page);
    const title = await row(page, id).locator('.title').textContent();
    const renamed = `${title} (renamed)`;
    /** Waits for the focus to be on this control: its row's id and its accessible name. */
    const focusIsOn = (control) =>
      eventually(async () =>
        assert.equal(
          await page.evaluate(() => {
            const element = document.activeElement;
            return `${element?.closest('li')?.dataset.id} ${element?.getAttribute('aria-label')}`;
          }),
          control,
        ),
      );

    // Escape leaves the title as it was, and sends nothing.
    const patches = await requestsDuring(page, 'PATCH', async () => {
      await row(page, id)
        .getByRole('button', { name: `Edit: ${title}` })
        .focus();
      await page.keyboard.press('Enter');
      await focusIsOn(`${id} Rename: ${title}`);
      await page.keyboard.type(' and more');
      await page.keyboard.press('Escape');
      await row(page, id).locator('.title').waitFor();
      assert.equal(await row(page, id).locator('.title').textContent(), title);
    });
    assert.deepEqual(patches, []);
    // Focus is back on the Edit button, so Enter opens the field again.
    await focusIsOn(`${id} Edit: ${title}`);
    await page.keyboard.press('Enter');
    await focusIsOn(`${id} Rename: ${title}`);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(renamed);
    await page.keyboard.press('Enter');
    await eventually(async () =>
      assert.equal(await row(page, id).locator('.title').textContent(), renamed),
    );
    await focusIsOn(`${id} Edit: ${renamed}`);
    await eventually(async () =>
      assert.equal((await api(baseURL, `/api/todos/${id}`)).body.title, renamed),
    );
    // The server's answer re-renders the row: the focus stays.
    await focusIsOn(`${id} Edit: ${renamed}`);
  },
};

export const passesAccessibilityAudit = {
  name: 'passes an axe-core audit: the list, a todo being renamed, a failed save, a failed load',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    await assertAccessible(page, 'with the list shown');
    // The new-todo field is named by a visible <label>, not by its placeholder alone.
    assert.deepEqual(
      await page
        .locator('#new-title')
        .evaluate((input) => [...input.labels].map((label) => label.checkVisibility())),
      [true],
    );
    assert.equal(
      await page.getByLabel('New todo', { exact: true }).getAttribute('id'),
      'new-title',
    );
    const [id] = await rowIds(page);
    await row(page, id).locator('.edit').click();
    await row(page, id).locator('input.edit-title').waitFor();
    await assertAccessible(page, 'while a todo is renamed');
    await row(page, id).locator('input.edit-title').press('Escape');
    await failRequests(page, `**/api/todos/${id}`, { status: 500, method: 'PATCH' }, async () => {
      await row(page, id).locator('.toggle').click();
      await eventually(async () => assert.match((await errorLines(page)).join(), /Could not save/));
      await assertAccessible(page, 'with a failed save shown');
    });
    const isGraceList = (url) => url.pathname === '/api/todos' && url.search.includes('userId=3');
    await failRequests(page, isGraceList, { status: 503 }, async () => {
      await page.selectOption('#filter', { label: 'Grace Hopper' });
      await showsLoadError(page, 503);
      await assertAccessible(page, 'with a failed load shown');
    });
  },
};

/**
 * The pages that read their lists live (Vue over Server-Sent Events, Svelte over WebSocket): a
 * change made on a second page shows on the first without a request of its own, and so does a
 * deletion.
 */
export const showsOtherPagesChanges = {
  name: 'a change made on another page shows here without a request (pushed by the server)',
  async run({ page, baseURL }) {
    await freshPage(page, baseURL);
    await page.locator('#live-status[data-status="open"]').waitFor();
    const other = await page.context().newPage();
    try {
      await freshPage(other, baseURL);
      const [changed, deleted] = await rowIds(page);
      const wasDone = await row(page, changed).locator('.toggle').isChecked();
      const fetched = await requestsDuring(page, 'GET', async () => {
        await row(other, changed).locator('.toggle').click();
        await eventually(async () =>
          assert.equal(await row(page, changed).locator('.toggle').isChecked(), !wasDone),
        );
        await row(other, deleted).locator('.delete').click();
        await row(page, deleted).waitFor({ state: 'detached' });
      });
      assert.deepEqual(
        fetched.filter((path) => path.startsWith('/api/todos')),
        [],
      );
      assert.match(await page.locator('#live-status').innerText(), /Live updates: on/);
    } finally {
      await other.close();
    }
  },
};

/** What every example page ends its suite with: the row controls, errors and the audit. */
export const everyPage = [
  deletesOnceOnDoubleClick,
  failedFilterShowsNoOtherList,
  usersFailureSaysUsers,
  namesRowControls,
  renamesWithKeyboard,
  passesAccessibilityAudit,
];

/**
 * Two tabs of the app (pages of one context, one origin): a todo ticked in one shows in the
 * other without a request. `cutPushes` cuts the server's pushes off the receiving tab first, so
 * only the other tab can have told it. New pages, so the suite's page keeps its connection.
 */
export function tabsInSync(cutPushes) {
  return {
    name: 'tabs in sync: a todo ticked in another tab shows here without a request, with no server push',
    async run({ page, baseURL }) {
      const context = page.context();
      const here = await context.newPage();
      const other = await context.newPage();
      try {
        await cutPushes(here);
        await freshPage(here, baseURL);
        await freshPage(other, baseURL);
        const [changed] = await rowIds(here);
        const wasDone = await row(here, changed).locator('.toggle').isChecked();
        const fetched = await requestsDuring(here, 'GET', async () => {
          await row(other, changed).locator('.toggle').click();
          await eventually(async () =>
            assert.equal(await row(here, changed).locator('.toggle').isChecked(), !wasDone),
          );
        });
        assert.deepEqual(
          fetched.filter((path) => path.startsWith('/api/todos')),
          [],
        );
      } finally {
        await here.close();
        await other.close();
      }
    },
  };
}
