// What the three example pages share: the todo list's markup, the todos the example API starts
// with, and the scenarios that run the same on each page.
import assert from 'node:assert/strict';
import { api, eventually, holdRequests } from './harness.mjs';

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

/** Waits for the error banner, which says the todos could not load, with the status. */
export async function showsLoadError(page, status) {
  await page.locator('#error').waitFor({ state: 'visible' });
  assert.match(
    await page.locator('#error-message').textContent(),
    new RegExp(`^Could not load todos: .*\\b${status}\\b`),
  );
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
