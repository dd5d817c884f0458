// The store writes its own entity tables in place (issue 13): what that must never cost.
import { describe, expect, it } from 'vitest';
import { deferred, localEndpoint } from '../../test/endpoints';
import { Entity, SchemaError } from '../schema';
import { dehydrate } from '../ssr';
import { gcAction } from '../store/writeCache';
import { createStore } from './createStore';

class Todo extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

const listTodos = localEndpoint({
  key: () => 'GET /todos',
  schema: [Todo],
  resolve: () => [
    { id: '1', title: 'one' },
    { id: '2', title: 'two' },
  ],
});

async function storeWithTodos() {
  const store = createStore();
  await store.controller.fetch(listTodos);
  return store;
}

const titles = (table: unknown) =>
  Object.entries(table as Record<string, Todo>).map(([pk, todo]) => `${pk}:${todo.title}`);

describe('writes in place', () => {
  it('a response that fails midway restores what it overwrote, entity objects included', async () => {
    const { controller, dispose } = await storeWithTodos();
    const table = controller.getState().entities.Todo;
    const one = table?.['1'];
    const shown = controller.getResponse(listTodos).data;
    const broken = localEndpoint({
      key: () => 'GET /todos/broken',
      schema: [Todo],
      // todo 1 is changed and todo 3 added before the missing primary key is met
      resolve: () => [{ id: '1', title: 'changed' }, { id: '3', title: 'three' }, { title: '?' }],
    });
    await expect(controller.fetch(broken)).rejects.toBeInstanceOf(SchemaError);
    const after = controller.getState().entities.Todo;
    expect(after).toBe(table);
    expect(after?.['1']).toBe(one);
    expect(titles(after)).toEqual(['1:one', '2:two']);
    // The memoized result is the same object: nothing it was built from changed.
    expect(controller.getResponse(listTodos).data).toBe(shown);
    dispose();
  });

  it('an `update` that throws after the entities were written undoes them', async () => {
    const { controller, dispose } = await storeWithTodos();
    const create = localEndpoint({
      key: () => 'POST /todos',
      schema: Todo,
      sideEffect: true,
      update: () => {
        throw new Error('bad updater');
      },
      resolve: () => ({ id: '1', title: 'renamed' }),
    });
    await expect(controller.fetch(create)).rejects.toThrow('bad updater');
    expect(titles(controller.getState().entities.Todo)).toEqual(['1:one', '2:two']);
    expect(controller.getResponse(listTodos).data?.[0]?.title).toBe('one');
    dispose();
  });

  it('optimistic updates never write the committed tables; a failure leaves them exact', async () => {
    const { controller, dispose } = await storeWithTodos();
    const committed = controller.getState().entities.Todo;
    const gate = deferred<void>();
    const rename = localEndpoint({
      key: () => 'PUT /todos/1',
      schema: Todo,
      sideEffect: true,
      getOptimisticResponse: () => ({ id: '1', title: 'optimistic' }),
      resolve: async () => {
        await gate.promise;
        throw new Error('server down');
      },
    });
    const pending = controller.fetch(rename);
    expect(controller.getResponse(listTodos).data?.[0]?.title).toBe('optimistic');
    expect(controller.getState().entities.Todo).not.toBe(committed);
    expect(titles(committed)).toEqual(['1:one', '2:two']);
    // A committed write while the optimistic one is pending: in place, and shown beneath it.
    await controller.set(Todo, { id: '2' }, { id: '2', title: 'TWO' });
    expect(controller.getState().committed?.entities.Todo).toBe(committed);
    expect(controller.getResponse(listTodos).data?.map((todo) => todo.title)).toEqual([
      'optimistic',
      'TWO',
    ]);
    gate.resolve();
    await expect(pending).rejects.toThrow('server down');
    expect(controller.getState().entities.Todo).toBe(committed);
    expect(titles(committed)).toEqual(['1:one', '2:TWO']);
    dispose();
  });

  it('a hydrated or caller-made state is copied on first write, never written', async () => {
    const { controller: source, dispose: disposeSource } = await storeWithTodos();
    const initialState = source.keepState();
    const snapshot = JSON.stringify(initialState);
    const { controller, dispose } = createStore({ initialState });
    await controller.set(Todo, { id: '1' }, { id: '1', title: 'elsewhere' });
    expect(JSON.stringify(initialState)).toBe(snapshot);
    expect(controller.get(Todo, { id: '1' })?.title).toBe('elsewhere');
    // Two stores never share a table they write.
    await source.set(Todo, { id: '2' }, { id: '2', title: 'source only' });
    expect(controller.get(Todo, { id: '2' })?.title).toBe('two');
    dispose();
    disposeSource();
  });

  it('garbage collection evicts in place, and a kept state keeps what was evicted', async () => {
    const { controller, dispose } = await storeWithTodos();
    const kept = controller.keepState();
    await controller.dispatch(gcAction([], [{ key: 'Todo', pk: '2' }]));
    expect(Object.keys(controller.getState().entities.Todo ?? {})).toEqual(['1']);
    expect(Object.keys(controller.getState().entitiesMeta.Todo ?? {})).toEqual(['1']);
    expect(Object.keys(kept.entities.Todo ?? {})).toEqual(['1', '2']);
    const table = controller.getState().entities.Todo;
    await controller.dispatch(gcAction([], [{ key: 'Todo', pk: '1' }]));
    expect(controller.getState().entities.Todo).toBe(table);
    expect(Object.keys(table ?? {})).toEqual([]);
    dispose();
  });

  it('reading a kept state gives its data and leaves the live reads as they were', async () => {
    const { controller, dispose } = await storeWithTodos();
    const kept = controller.keepState();
    await controller.set(Todo, { id: '1' }, { id: '1', title: 'ONE' });
    const list = controller.getResponse(listTodos).data;
    const one = controller.get(Todo, { id: '1' });
    const keptList = controller.getResponse(listTodos, kept).data;
    expect(keptList?.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(controller.get(Todo, { id: '1' }, kept)?.title).toBe('one');
    expect(controller.getResponse(listTodos).data).toBe(list);
    expect(controller.get(Todo, { id: '1' })).toBe(one);
    // Read again, the kept state gives what it gave.
    expect(controller.getResponse(listTodos, kept).data).toBe(keptList);
    dispose();
  });

  it('results and their meta are written in place too; a kept state keeps them', async () => {
    const { controller, dispose } = await storeWithTodos();
    const getTodo = localEndpoint({
      key: ({ id }: { id: string }) => `GET /todos/${id}`,
      schema: Todo,
      resolve: ({ id }: { id: string }) => ({ id, title: `todo ${id}` }),
    });
    await controller.fetch(getTodo, { id: '1' });
    const { endpoints, meta } = controller.getState();
    const kept = controller.keepState();
    await controller.fetch(getTodo, { id: '5' });
    const after = controller.getState();
    expect(Object.keys(kept.endpoints)).toEqual(['GET /todos', 'GET /todos/1']);
    expect(Object.keys(after.endpoints)).toEqual(['GET /todos', 'GET /todos/1', 'GET /todos/5']);
    // Copied once after being kept, then written in place again.
    await controller.fetch(getTodo, { id: '6' });
    await controller.invalidate(getTodo, { id: '1' });
    expect(controller.getState().endpoints).toBe(after.endpoints);
    expect(controller.getState().meta).toBe(after.meta);
    expect(Object.hasOwn(after.endpoints, 'GET /todos/1')).toBe(false);
    expect(endpoints).toBe(kept.endpoints);
    expect(meta['GET /todos/1']?.invalidated).toBeUndefined();
    dispose();
  });

  it("another store's state given as initialState, and a dehydrated one, never change after", async () => {
    const { controller: source, dispose: disposeSource } = await storeWithTodos();
    const { controller, dispose } = createStore({ initialState: source.getState() });
    const dehydrated = dehydrate(source);
    const snapshot = JSON.stringify(dehydrated);
    await source.set(Todo, { id: '1' }, { id: '1', title: 'source only' });
    await source.fetch(
      localEndpoint({
        key: () => 'GET /more',
        schema: [Todo],
        resolve: () => [{ id: '9', title: 'nine' }],
      }),
    );
    expect(controller.get(Todo, { id: '1' })?.title).toBe('one');
    expect(controller.get(Todo, { id: '9' })).toBeUndefined();
    expect(JSON.stringify(dehydrated)).toBe(snapshot);
    expect(source.get(Todo, { id: '1' })?.title).toBe('source only');
    dispose();
    disposeSource();
  });
});
