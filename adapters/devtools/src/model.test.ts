import { resetEntireStore } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { setupDevtools } from '../test/setup';
import { describeChanges, entityReaders, entityTables, keyRows, statusOf, toText } from './model';

const ctx = setupDevtools();
const LIST = 'GET http://api.test/todos';
const ONE = 'GET http://api.test/todos/1';

const row = (key: string) =>
  keyRows(ctx.store.controller, ctx.session.sources).find((candidate) => candidate.key === key);

describe('key rows', () => {
  it('say fresh, then stale when the clock passes the expiry, then invalid when invalidated', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    expect(row(LIST)).toMatchObject({ status: 'fresh', expiresAt: ctx.clock.now() + 60_000 });
    ctx.clock.advance(60_000);
    expect(row(LIST)?.status).toBe('stale');
    await controller.invalidate(TodoResource.getList);
    expect(row(LIST)?.status).toBe('invalid');
  });

  it('say loading while a fetch is in flight, and error when it failed', async () => {
    const { controller } = ctx.store;
    const release = ctx.api.hold();
    const fetching = controller.fetch(TodoResource.get, { id: 1 });
    expect(row(ONE)?.status).toBe('loading');
    ctx.api.failNext(500);
    release();
    await expect(fetching).rejects.toMatchObject({ status: 500 });
    expect(row(ONE)).toMatchObject({ status: 'error', error: { status: 500 } });
    expect(statusOf(controller.getState(), 'GET http://api.test/never', ctx.clock.now())).toBe(
      'invalid',
    );
  });

  it('count the readers that follow a key, and read its data through the endpoint', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    expect(row(LIST)?.readers).toBe(0);
    const readers = [1, 2].map(() => controller.select(TodoResource.getList).subscribe(() => {}));
    expect(row(LIST)?.readers).toBe(2);
    const data = row(LIST)?.data as Todo[];
    expect(data.map((todo) => todo.title)).toEqual(['Todo 1', 'Todo 2', 'Todo 3']);
    expect(data[0]).toBeInstanceOf(Todo);
    for (const reader of readers) reader.unsubscribe();
    expect(row(LIST)?.readers).toBe(0);
  });

  it('know the endpoint of a key fetched before the session, from its live readers only', async () => {
    ctx.session.stop();
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.get, { id: 1 });
    const fresh = new Map();
    const unread = keyRows(controller, fresh)[0];
    expect(unread.source).toBeUndefined();
    // Without the endpoint, the data shows as stored: the pk.
    expect(unread.data).toBe('1');
    const reader = controller.select(TodoResource.get, { id: 1 }).subscribe(() => {});
    expect(keyRows(controller, fresh)[0].source).toEqual({
      endpoint: TodoResource.get,
      args: [{ id: 1 }],
    });
    reader.unsubscribe();
  });
});

describe('entity tables', () => {
  it('list each entity with the keys that read it', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    await controller.fetch(TodoResource.get, { id: 1 });
    const readers = entityReaders(keyRows(controller, ctx.session.sources));
    const tables = entityTables(controller.getState(), readers);
    // The list's collection is a table of the store too.
    expect(tables.map(({ name }) => name)).toEqual(['COLLECT:ArraySchema(Todo)', 'Todo']);
    const table = tables[1];
    expect(table.size).toBe(3);
    expect(table.rows.map(({ pk, readBy }) => [pk, readBy])).toEqual([
      ['1', [LIST, ONE]],
      ['2', [LIST]],
      ['3', [LIST]],
    ]);
    expect(table.rows[1].value).toMatchObject({ id: 2, title: 'Todo 2' });
  });

  it('are searched by table name, pk or stored value, ignoring case', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    const state = controller.getState();
    const pks = (search: string) =>
      entityTables(state, new Map(), search)
        .filter((table) => table.name === 'Todo')
        .flatMap((table) => table.rows.map((r) => r.pk));
    expect(pks('todo 2')).toEqual(['2']);
    expect(pks('3')).toEqual(['3']);
    expect(pks('TODO')).toEqual(['1', '2', '3']);
    expect(entityTables(state, new Map(), 'nothing like it')).toEqual([]);
  });
});

describe('timeline', () => {
  it('records each action with what it changed itself', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    await controller.set(Todo, { id: 2 }, { id: 2, title: 'Renamed' });
    await controller.invalidate(TodoResource.getList);
    const lines = ctx.session.timeline.map(
      (entry) => `${entry.what}: ${describeChanges(entry.changed).join('; ')}`,
    );
    expect(lines).toEqual([
      // The fetch marks the key in flight; the response it dispatches writes the rest.
      `fetch ${LIST}: ${LIST}`,
      // The list's collection is a table of the store too.
      `response ${LIST}: ${LIST}; COLLECT:ArraySchema(Todo) {}; Todo 1, 2, 3`,
      'set Todo: Todo 2',
      `invalidate ${LIST}: ${LIST}`,
    ]);
  });

  it('says a reset changed everything, and an action that changed nothing so', async () => {
    const { controller } = ctx.store;
    await controller.fetch(TodoResource.getList);
    await resetEntireStore(controller);
    const unsubscribe = controller.keepLive(TodoResource.getList);
    unsubscribe();
    const [reset, subscribe] = ctx.session.timeline.slice(-3);
    expect(describeChanges(reset.changed)[0]).toBe('everything (reset)');
    expect(subscribe.what).toBe(`subscribe ${LIST}`);
    expect(describeChanges(subscribe.changed)).toEqual([]);
  });

  it('keeps the last 500 actions', async () => {
    const { controller } = ctx.store;
    for (let i = 0; i < 510; i++) await controller.invalidate(TodoResource.get, { id: i });
    expect(ctx.session.timeline).toHaveLength(500);
    expect(ctx.session.timeline[0].what).toBe('invalidate GET http://api.test/todos/10');
  });
});

describe('toText', () => {
  it('shows errors, functions and cycles, and never throws', () => {
    const cyclic: { name: string; self?: unknown } = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { id: 1 };
    expect(JSON.parse(toText({ a: shared, b: shared, cyclic }))).toEqual({
      a: { id: 1 },
      b: { id: 1 },
      cyclic: { name: 'loop', self: '[circular]' },
    });
    expect(JSON.parse(toText(Object.assign(new Error('down'), { status: 503 })))).toEqual({
      name: 'Error',
      message: 'down',
      status: 503,
    });
    expect(toText({ run: function run() {} })).toContain('[function run]');
    expect(toText(undefined)).toBe('undefined');
    expect(toText({ big: 1n })).toContain('1n');
    const long = toText('x'.repeat(30_000));
    expect(long.length).toBeLessThan(20_100);
    expect(long.endsWith('(cut at 20000 characters)')).toBe(true);
  });
});
