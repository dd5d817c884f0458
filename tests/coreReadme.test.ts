// The example of core/README.md, run as written against an msw server. The code between the
// markers below must be the README's code block, character for character.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createStore, Entity, resource } from '@tessera/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, expect, expectTypeOf, it } from 'vitest';

const todosOnServer = [
  { id: 1, title: 'Read the spec', completed: true },
  { id: 2, title: 'Write the store', completed: false },
];
const server = setupServer(
  http.get('https://api.example.com/todos', () => HttpResponse.json(todosOnServer)),
  http.patch('https://api.example.com/todos/:id', async ({ params, request }) => {
    const todo = todosOnServer.find((t) => t.id === Number(params.id))!;
    return HttpResponse.json({ ...todo, ...((await request.json()) as object) });
  }),
);
server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

// --- README example start ---
class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  pk() {
    return this.id;
  }
}

const TodoResource = resource({
  urlPrefix: 'https://api.example.com',
  path: '/todos/:id',
  schema: Todo,
});

// A Controller wired to network, polling and garbage-collection managers
const store = createStore();

// GET /todos: normalized into the store, each Todo kept once under its pk
await store.controller.fetch(TodoResource.getList);
const todos = store.controller.getResponse(TodoResource.getList).data;

// PATCH /todos/2: the stored Todo changes, so every result holding it changes; no refetch
await store.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
const updated = store.controller.getResponse(TodoResource.getList).data;

store.dispose();
// --- README example end ---

it('is the code block of core/README.md', () => {
  const between = (text: string, start: string, end: string) => {
    const from = text.indexOf(start) + start.length;
    return text.slice(from, text.indexOf(end, from));
  };
  const readme = readFileSync(fileURLToPath(new URL('../core/README.md', import.meta.url)), 'utf8');
  const test = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const fromReadme = between(readme, '## Example\n\n```ts\n', '```').trim();
  const ours = between(test, '// --- README example start ---', '// --- README example end ---');
  expect(`import { createStore, Entity, resource } from '@tessera/core';\n\n${ours.trim()}`).toBe(
    fromReadme,
  );
});

it('does what its comments say', () => {
  // undefined until something is stored
  expectTypeOf(todos).toEqualTypeOf<Todo[] | undefined>();
  expect(todos!.map((t) => [t.id, t.completed])).toEqual([
    [1, true],
    [2, false],
  ]);
  expect(todos![0]).toBeInstanceOf(Todo);
  expect(updated!.map((t) => [t.id, t.completed])).toEqual([
    [1, true],
    [2, true],
  ]);
  // The untouched Todo is the same object: only what changed is new.
  expect(updated![0]).toBe(todos![0]);
});
