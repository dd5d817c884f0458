// How the store writes its tables without copying them. A table belongs to an owner (the store's
// committed state, or one replay of optimistic updates): a write by that owner changes the table
// in place, so one changed entity costs what changed, not the size of its table. Any other table
// (a caller's plain objects, a hydrated or a frozen state) is copied once, and the copy is the
// owner's from then on: `normalize` with a fresh owner never changes its input.

import { getOwn } from '../schema/ownProperty';
import { restamp } from './stamps';
import { addKey, copyTable, deleteEntry, type KeyList, keyListOf, putEntry } from './tableCopy';

type Table<T = unknown> = { [key: string]: T };

/** Who may write a table in place: any object, compared by identity. */
export type TableOwner = object;

const owners = new WeakMap<object, TableOwner>();
const hasOwn = Object.prototype.hasOwnProperty;
/**
 * A table being written, for many puts (a normalize walk): what `put` finds out per call is
 * found once here.
 */
export interface TableHandle<T> {
  readonly table: Table<T>;
  /** False for a copy made by this write: nobody else sees it, nothing to undo. */
  readonly journaled: boolean;
  readonly keys: KeyList | undefined;
}

/** Journal mark of a key that was absent before the write. */
const ABSENT: unique symbol = Symbol('absent');

/**
 * One write into tables. Every table it changes in place gets a new stamp (readers that
 * remember stamps see the change) and every change is journaled, so `rollback` undoes a write
 * that failed midway: the store loses nothing it had.
 */
export class TableWriter {
  /** Flat triples: table, key, previous value (or ABSENT). */
  private readonly journal: unknown[] = [];
  /** Tables this write may change: restamped owned tables and its own fresh copies. */
  private readonly writableTables = new Set<object>();
  /** Copies made by this write: nobody else sees them before it ends, so nothing to journal. */
  private readonly copies = new Set<object>();

  constructor(readonly owner: TableOwner) {}

  /** `table` itself when this write may change it in place, else a copy that it may. */
  writable<T>(table: { readonly [key: string]: T } | undefined): Table<T> {
    if (table !== undefined && this.writableTables.has(table)) return table as Table<T>;
    if (table !== undefined && owners.get(table) === this.owner && !Object.isFrozen(table)) {
      restamp(table);
      this.writableTables.add(table);
      return table as Table<T>;
    }
    const copy = copyTable(table);
    owners.set(copy, this.owner);
    this.writableTables.add(copy);
    this.copies.add(copy);
    return copy;
  }

  /** The writable table under `key` of a writable `parent` (a copy is put in its place). */
  child<T>(parent: Table<Table<T> | undefined>, key: string): Table<T> {
    const current = getOwn(parent, key);
    const table = this.writable(current);
    if (table !== current) this.put(parent, key, table);
    return table;
  }

  /** A handle for many puts into the writable table under `key` of a writable `parent`. */
  childHandle<T>(parent: Table<Table<T> | undefined>, key: string): TableHandle<T> {
    const table = this.child(parent, key);
    return { table, journaled: !this.copies.has(table), keys: keyListOf(table) };
  }

  /** `put` through a handle. */
  putIn<T>(handle: TableHandle<T>, key: string, value: T): void {
    const table = handle.table;
    if (handle.journaled) {
      this.journal.push(table, key, hasOwn.call(table, key) ? table[key] : ABSENT);
      putEntry(table, key, value);
      return;
    }
    if (handle.keys !== undefined && !hasOwn.call(table, key)) addKey(handle.keys, key);
    table[key] = value;
  }

  /** Sets an entry of a table given by `writable` or `child`. */
  put<T>(table: Table<T>, key: string, value: T): void {
    if (!this.copies.has(table)) {
      this.journal.push(table, key, hasOwn.call(table, key) ? table[key] : ABSENT);
    }
    putEntry(table, key, value);
  }

  /** Removes an entry of a table given by `writable` or `child`. */
  delete(table: Table, key: string): void {
    if (!hasOwn.call(table, key)) return;
    if (!this.copies.has(table)) this.journal.push(table, key, table[key]);
    deleteEntry(table, key);
  }

  /** Undoes every in-place change of this write, newest first. */
  rollback(): void {
    const journal = this.journal;
    for (let i = journal.length - 3; i >= 0; i -= 3) {
      const table = journal[i] as Table;
      const key = journal[i + 1] as string;
      const previous = journal[i + 2];
      if (previous === ABSENT) deleteEntry(table, key);
      else putEntry(table, key, previous);
    }
    journal.length = 0;
  }
}

/** Runs a write; if it throws, its in-place changes are undone before the error goes on. */
export function writeOrUndo<R>(writer: TableWriter, write: () => R): R {
  try {
    return write();
  } catch (error) {
    writer.rollback();
    throw error;
  }
}

/**
 * Gives up writing a table in place: from now on its owner copies it before a change, so
 * whoever holds it (a kept state, a snapshot) goes on reading it as it is. O(1).
 */
export function keepTable(table: object | undefined): void {
  if (table !== undefined) owners.delete(table);
}
