import { describe, expect, it } from 'vitest';
import { stampOf } from './stamps';
import { keepTable, TableWriter, writeOrUndo } from './TableWriter';

type Table = Record<string, unknown>;
const table = (entries: Record<string, unknown>): Table =>
  Object.assign(Object.create(null) as Table, entries);

describe('TableWriter', () => {
  it('copies a table it does not own once, then writes its copy in place', () => {
    const owner = {};
    const source = table({ a: 1 });
    const first = new TableWriter(owner);
    const copy = first.writable(source);
    expect(copy).not.toBe(source);
    first.put(copy, 'b', 2);
    expect(source).toEqual(table({ a: 1 }));
    const stamp = stampOf(copy);
    const second = new TableWriter(owner);
    expect(second.writable(copy)).toBe(copy);
    second.put(copy, 'a', 3);
    expect(copy).toEqual(table({ a: 3, b: 2 }));
    expect(stampOf(copy)).not.toBe(stamp);
    // Another owner never writes it.
    expect(new TableWriter({}).writable(copy)).not.toBe(copy);
  });

  it('restamps a parent whose child table changes in place', () => {
    const owner = {};
    const setup = new TableWriter(owner);
    const root = setup.writable<Table | undefined>(undefined);
    setup.child(root, 'Todo');
    const rootStamp = stampOf(root);
    const todoStamp = stampOf(root.Todo);
    const writer = new TableWriter(owner);
    writer.put(writer.child(writer.writable(root), 'Todo'), '1', {});
    expect(stampOf(root)).not.toBe(rootStamp);
    expect(stampOf(root.Todo)).not.toBe(todoStamp);
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
