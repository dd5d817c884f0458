import { describe, expect, it } from 'vitest';
import { Changes, WHOLE } from './Changes';
import { keepTable, TableWriter, writeOrUndo } from './TableWriter';

type Table = Record<string, unknown>;
const table = (entries: Record<string, unknown>): Table =>
  Object.assign(Object.create(null) as Table, entries);

/** Nothing logged. */
function isEmpty(changes: Changes): boolean {
  const { all, entities, entitiesMeta, indexes, results } = changes;
  return !all && entities.size + entitiesMeta.size + indexes.size + results.size === 0;
}

describe('TableWriter', () => {
  it('copies a table it does not own once, then writes its copy in place', () => {
    const owner = {};
    const source = table({ a: 1 });
    const first = new TableWriter(owner);
    const copy = first.writable(source);
    expect(copy).not.toBe(source);
    first.put(copy, 'b', 2);
    expect(source).toEqual(table({ a: 1 }));
    const second = new TableWriter(owner);
    expect(second.writable(copy)).toBe(copy);
    second.put(copy, 'a', 3);
    expect(copy).toEqual(table({ a: 3, b: 2 }));
    // Another owner never writes it.
    expect(new TableWriter({}).writable(copy)).not.toBe(copy);
  });

  it('logs the keys it changed in place, and a table it created as a whole', () => {
    const owner = {};
    const setup = new TableWriter(owner);
    const root = setup.writable<Table | undefined>(undefined, 'entities');
    setup.put(setup.child(root, 'Todo'), '1', {});
    const changes = new Changes();
    const writer = new TableWriter(owner, changes);
    writeOrUndo(writer, () => {
      const r = writer.writable(root, 'entities');
      writer.put(writer.child(r, 'Todo'), '2', {});
      writer.put(writer.child(r, 'User'), 'u', {});
    });
    expect(changes.entities.get('Todo')).toEqual(new Set(['2']));
    expect(changes.entities.get('User')).toBe(WHOLE);
    // A failed write logs nothing.
    const none = new Changes();
    const failing = new TableWriter(owner, none);
    expect(() =>
      writeOrUndo(failing, () => {
        failing.put(failing.child(failing.writable(root, 'entities'), 'Todo'), '3', {});
        throw new Error('bad');
      }),
    ).toThrow('bad');
    expect(isEmpty(none)).toBe(true);
    expect(Object.keys(root.Todo as object)).toEqual(['1', '2']);
  });

  it('logs nothing for an entry written with the value it held', () => {
    const owner = {};
    const setup = new TableWriter(owner);
    const root = setup.writable<Table | undefined>(undefined, 'entities');
    const held = {};
    setup.put(setup.child(root, 'Todo'), '1', held);
    const changes = new Changes();
    const writer = new TableWriter(owner, changes);
    writeOrUndo(writer, () => {
      writer.put(writer.child(writer.writable(root, 'entities'), 'Todo'), '1', held);
    });
    expect(isEmpty(changes)).toBe(true);
  });

  it('logs the keys written into a copy of an empty table, not the whole table', () => {
    const owner = {};
    const setup = new TableWriter(owner);
    const root = setup.writable<Table | undefined>(undefined, 'entities');
    setup.put(setup.child(root, 'Todo'), '1', {});
    setup.delete(root.Todo as Table, '1');
    // Another owner (an optimistic replay) copies the table, empty now, to write into it.
    const changes = new Changes();
    const writer = new TableWriter({}, changes);
    writeOrUndo(writer, () => {
      writer.put(writer.child(writer.writable(root, 'entities'), 'Todo'), '2', {});
    });
    expect(changes.entities.get('Todo')).toEqual(new Set(['2']));
  });

  it('refuses a child of a parent that this write did not make writable', () => {
    const owner = {};
    const root = new TableWriter(owner).writable<Table | undefined>(undefined);
    expect(() => new TableWriter(owner).child(root, 'Todo')).toThrow(/not made writable/);
  });

  it('copies a frozen or kept table instead of writing it', () => {
    const owner = {};
    const owned = new TableWriter(owner).writable(table({ a: 1 }));
    Object.freeze(owned);
    expect(new TableWriter(owner).writable(owned)).not.toBe(owned);
    const kept = new TableWriter(owner).writable(table({ a: 1 }));
    keepTable(kept);
    const copy = new TableWriter(owner).writable(kept);
    expect(copy).not.toBe(kept);
    expect(copy).toEqual(kept);
  });

  it('rolls back every in-place change of a failed write, a copy put into a parent included', () => {
    const owner = {};
    const setup = new TableWriter(owner);
    const root = setup.writable<Table | undefined>(undefined);
    const todos = setup.child(root, 'Todo');
    setup.put(todos, '1', 'one');
    setup.put(todos, '2', 'two');
    const foreign = table({ x: 1 });
    setup.put(root, 'User', foreign);
    const before = JSON.stringify(root);

    const writer = new TableWriter(owner);
    expect(() =>
      writeOrUndo(writer, () => {
        const r = writer.writable(root);
        const t = writer.child(r, 'Todo');
        writer.put(t, '1', 'changed');
        writer.put(t, '3', 'added');
        writer.delete(t, '2');
        writer.put(writer.child(r, 'User'), 'y', 2);
        writer.put(writer.child(r, 'Post'), 'p', 3);
        throw new Error('bad response');
      }),
    ).toThrow('bad response');
    expect(JSON.stringify(root)).toBe(before);
    expect(root.User).toBe(foreign);
    expect(Object.keys(root)).toEqual(['Todo', 'User']);
    expect(Object.keys(todos)).toEqual(['1', '2']);
  });
});
