// The README's example, run as written against an msw server: if this fails, the README lies.
import { Entity, NetworkError, resource } from '@tessera/core';
import { createTessera } from '@tessera/vanilla';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, expectTypeOf, test } from 'vitest';

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
// --- README example end ---

const todos = [
  { id: 1, title: 'Read the spec', completed: true },
  { id: 2, title: 'Write the store', completed: false },
];
const server = setupServer(
  http.get('https://api.example.com/todos', () => HttpResponse.json(todos)),
  http.get('https://api.example.com/todos/:id', ({ params }) => {
    const todo = todos.find((t) => t.id === Number(params.id));
    return todo ? HttpResponse.json(todo) : new HttpResponse('not found', { status: 404 });
  }),
  http.patch('https://api.example.com/todos/:id', async ({ params, request }) => {
    const body = (await request.json()) as Partial<(typeof todos)[number]>;
    return HttpResponse.json({ ...todos.find((t) => t.id === Number(params.id)), ...body });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test('the README example: list, update everywhere, errors', async () => {
  const tessera = createTessera();
  const seen: { data?: Todo[]; loading: boolean }[] = [];
  const stop = tessera.dle(TodoResource.getList).listen(({ data, loading }) => {
    seen.push({ data, loading });
  });
  const list = await tessera.suspense(TodoResource.getList);
  expectTypeOf(list).toEqualTypeOf<Todo[]>();
  expect(list.map((t) => t.title)).toEqual(['Read the spec', 'Write the store']);
  expect(list[0]).toBeInstanceOf(Todo);

  // One entity, updated anywhere, is updated everywhere: the list shows the PATCH result.
  await tessera.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true });
  expect(seen.at(-1)?.data?.[1].completed).toBe(true);
  expect(seen.at(-1)?.data?.[0]).toBe(list[0]);

  // Direct calls resolve to the parsed response; HTTP failures are NetworkErrors with a status.
  await expect(TodoResource.get({ id: 99 })).rejects.toBeInstanceOf(NetworkError);
  await expect(TodoResource.get({ id: 99 })).rejects.toMatchObject({ status: 404 });
  stop();
  tessera.dispose();
});
