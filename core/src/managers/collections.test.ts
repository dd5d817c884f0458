import { describe, expect, it } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import { Collection, Entity, Invalidate, type Schema, Values } from '../schema';
import { ExpiryStatus } from '../store';
import { createStore } from './createStore';

class Todo extends Entity {
  id = '';
  userId = '';
  title = '';
  pk() {
    return this.id;
  }
}

type Params = { userId?: string };
type Body = Partial<Todo>;

const todos = new Collection([Todo]);
let nextId = 100;
const created = (body: Body) => ({ id: String(nextId++), userId: '', title: '', ...body });

const listTodos = localEndpoint({
  key: (params: Params = {}) => `GET /todos${params.userId ? `?userId=${params.userId}` : ''}`,
  schema: todos,
  resolve: (params: Params = {}) =>
    [
      { id: '1', userId: '1', title: 'a' },
      { id: '2', userId: '1', title: 'b' },
      { id: '3', userId: '2', title: 'c' },
    ].filter((t) => !params.userId || t.userId === params.userId),
});
const mutation = <S extends Schema>(name: string, schema: S, respond: (body: Body) => unknown) =>
  localEndpoint({
    key: (params: Params) => `${name} /todos?userId=${params.userId ?? ''}`,
    schema,
    sideEffect: true,
    resolve: (_params: Params, body: Body) => respond(body),
  });
const pushTodo = mutation('POST', todos.push, created);
const unshiftTodo = mutation('POST unshift', todos.unshift, created);
const removeTodo = mutation('PATCH remove', todos.remove, (body) => body);
const moveTodo = mutation('PATCH move', todos.move, (body) => body);
const getTodo = localEndpoint({
  key: ({ id }: { id: string }) => `GET /todos/${id}`,
  schema: Todo,
  resolve: ({ id }: { id: string }) => ({ id, userId: '1', title: 'a' }),
});
const deleteTodo = localEndpoint({
  key: ({ id }: { id: string }) => `DELETE /todos/${id}`,
  schema: new Invalidate(Todo),
  sideEffect: true,
  resolve: ({ id }: { id: string }) => ({ id }),
});

const ids = (list: readonly Todo[] | undefined) => list?.map((t) => t.id);

async function seeded() {
  const store = createStore();
  const { controller } = store;
  await controller.fetch(listTodos, {});
  await controller.fetch(listTodos, { userId: '1' });
  await controller.fetch(listTodos, { userId: '2' });
  return store;
}

describe('collections through the store', () => {
  it('push and unshift change every stored collection whose arguments match', async () => {
    const { controller, dispose } = await seeded();
    const added = await controller.fetch(pushTodo, { userId: '1' }, { title: 'new' });
    expect(added).toBeInstanceOf(Todo);
    const newId = (added as Todo).id;
    expect(ids(controller.getResponse(listTodos, { userId: '1' }).data)).toEqual(['1', '2', newId]);
    expect(ids(controller.getResponse(listTodos, {}).data)).toEqual(['1', '2', '3', newId]);
    expect(ids(controller.getResponse(listTodos, { userId: '2' }).data)).toEqual(['3']);

    const first = (await controller.fetch(
      unshiftTodo,
      { userId: '2' },
      { title: 'first' },
    )) as Todo;
    expect(ids(controller.getResponse(listTodos, { userId: '2' }).data)).toEqual([first.id, '3']);
    expect(ids(controller.getResponse(listTodos, {}).data)?.[0]).toBe(first.id);
    dispose();
  });

  it('remove and move update matching collections', async () => {
    const { controller, dispose } = await seeded();
    await controller.fetch(removeTodo, { userId: '1' }, { id: '2', userId: '1' });
    expect(ids(controller.getResponse(listTodos, { userId: '1' }).data)).toEqual(['1']);
    expect(ids(controller.getResponse(listTodos, {}).data)).toEqual(['1', '3']);

    await controller.fetch(moveTodo, { userId: '1' }, { id: '1', userId: '2' });
    expect(ids(controller.getResponse(listTodos, { userId: '1' }).data)).toEqual([]);
    expect(ids(controller.getResponse(listTodos, { userId: '2' }).data)).toEqual(['3', '1']);
    expect(controller.get(Todo, { id: '1' })?.userId).toBe('2');
    dispose();
  });

  it('assign merges into a Values collection', async () => {
    const byId = new Collection(new Values(Todo));
    const getMap = localEndpoint({
      key: () => 'GET /todo-map',
      schema: byId,
      resolve: () => ({ a: { id: 'a', userId: '1', title: 'A' } }),
    });
    const assign = localEndpoint({
      key: () => 'POST /todo-map',
      schema: byId.assign,
      sideEffect: true,
      resolve: (body: Record<string, Body>) => body,
    });
    const { controller, dispose } = createStore();
    await controller.fetch(getMap);
    await controller.fetch(assign, { b: { id: 'b', userId: '1', title: 'B' } });
    const map = controller.getResponse(getMap).data as Record<string, Todo>;
    expect(Object.keys(map)).toEqual(['a', 'b']);
    expect(map.b).toBeInstanceOf(Todo);
    dispose();
  });

  it('Invalidate removes the entity from lists; a required one invalidates the whole response', async () => {
    const { controller, dispose } = await seeded();
    await controller.fetch(getTodo, { id: '1' });
    expect(controller.getResponse(getTodo, { id: '1' }).expiryStatus).toBe(ExpiryStatus.Valid);
    await controller.fetch(deleteTodo, { id: '1' });
    expect(ids(controller.getResponse(listTodos, {}).data)).toEqual(['2', '3']);
    expect(ids(controller.getResponse(listTodos, { userId: '1' }).data)).toEqual(['2']);
    expect(controller.getResponse(getTodo, { id: '1' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    // Invalid means: fetch again.
    await controller.fetchIfStale(getTodo, { id: '1' });
    expect(controller.getResponse(getTodo, { id: '1' }).data?.title).toBe('a');
    dispose();
  });

  it('Invalidate without an endpoint, through controller.set', async () => {
    const { controller, dispose } = await seeded();
    await controller.set(new Invalidate(Todo), { id: '3' });
    expect(ids(controller.getResponse(listTodos, {}).data)).toEqual(['1', '2']);
    await controller.set([new Invalidate(Todo)], [{ id: '1' }, { id: '2' }]);
    expect(ids(controller.getResponse(listTodos, {}).data)).toEqual([]);
    dispose();
  });

  it('a page appends to its source list', async () => {
    const nextPage = localEndpoint({
      key: (params: Params & { cursor: string }) =>
        `GET /todos?userId=${params.userId}&cursor=${params.cursor}`,
      schema: todos.paginate(({ cursor: _cursor, ...rest }: Params & { cursor: string }) => [rest]),
      resolve: (_params: Params & { cursor: string }) => [
        { id: '9', userId: '1', title: 'page 2' },
      ],
    });
    const { controller, dispose } = await seeded();
    await controller.fetch(nextPage, { userId: '1', cursor: '2' });
    expect(ids(controller.getResponse(listTodos, { userId: '1' }).data)).toEqual(['1', '2', '9']);
    dispose();
  });

  it('update rewrites other cached results by key', async () => {
    const plainList = localEndpoint({
      key: () => 'GET /plain-todos',
      schema: [Todo],
      resolve: () => [{ id: '1', userId: '1', title: 'a' }],
    });
    const create = localEndpoint({
      key: () => 'POST /plain-todos',
      schema: Todo,
      sideEffect: true,
      resolve: (body: Body) => ({ id: '50', userId: '1', title: '', ...body }),
      update: (newId: string) => ({ [plainList.key()]: (list: string[] = []) => [newId, ...list] }),
    });
    const { controller, dispose } = createStore();
    await controller.fetch(plainList);
    await controller.fetch(create, { title: 'made' });
    expect(ids(controller.getResponse(plainList).data)).toEqual(['50', '1']);
    dispose();
  });
});
