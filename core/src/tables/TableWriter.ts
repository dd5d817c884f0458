// How the store writes its tables without copying them. A table belongs to an owner (the store's
// committed state, or one replay of optimistic updates): a write by that owner changes the table
// in place, so one changed entity costs what changed, not the size of its table. Any other table
// (a caller's plain objects, a hydrated or a frozen state) is copied once, and the copy is the
// owner's from then on: `normalize` with a fresh owner never changes its input. A layered write
// (optimistic updates) puts a layer over such a table instead of a copy (see `layer.ts`). Every
// change is journaled: undone if the write throws, logged as the write's change log if it
// succeeds. See core/docs/how-the-store-works.md.

import { message } from '../schema/development';
import { getOwn } from '../schema/ownProperty';
import { type Changes, type Root, WHOLE } from './Changes';
import { copyTable } from './tableCopy';

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
  /** False for a table this write created: nobody else saw it, nothing to undo. */
  readonly journaled: boolean;
}

/** Journal mark of a key that was absent before the write. */
const ABSENT: unique symbol = Symbol('absent');

/** Where a writable table sits: a root, and below it the entity key it belongs to. */
interface Address {
  readonly root: Root;
  readonly table?: string;
}

/**
 * One write into tables. Every change is journaled, so `writeOrUndo` undoes a write that failed
 * midway (the store loses nothing it had), and a write that succeeds hands its journal on as its
 * change log.
 */
export class TableWriter {
  /** @internal Flat triples: table, key, previous value (or ABSENT). */
  readonly journal: unknown[] = [];
  /** @internal Tables this write may change, by where they sit (undefined: unnamed, never logged). */
  readonly writableTables = new Map<object, Address | undefined>();
  /**
   * Tables this write created where none was: nobody saw them, nothing to journal. (A copy of an
   * empty table is journaled: its log names the keys written, not the whole table.)
   * @internal
   */
  readonly created = new Set<object>();

  constructor(
    /** @internal */
    readonly owner: TableOwner,
    /** Where `writeOrUndo` logs what this write changed. */
    readonly changes?: Changes,
    /** @internal Makes a table it may not change in place writable: a copy, or a layer over it. */
    readonly over: <T>(table: { readonly [key: string]: T }) => Table<T> = copyTable,
  ) {}

  /** `table` itself when this write may change it in place, else a copy that it may. */
  writable<T>(table: { readonly [key: string]: T } | undefined, root?: Root): Table<T> {
    return this.open(table, root && { root });
  }

  private open<T>(
    table: { readonly [key: string]: T } | undefined,
    address: Address | undefined,
  ): Table<T> {
    if (table !== undefined && this.writableTables.has(table)) {
      if (address !== undefined) this.writableTables.set(table, address);
      return table as Table<T>;
    }
    if (table !== undefined && owners.get(table) === this.owner && !Object.isFrozen(table)) {
      this.writableTables.set(table, address);
      return table as Table<T>;
    }
    const copy = table === undefined ? copyTable<T>(table) : this.over(table);
    owners.set(copy, this.owner);
    this.writableTables.set(copy, address);
    if (table === undefined) this.created.add(copy);
    return copy;
  }

  /** The writable table under `key` of a writable `parent` (a copy is put in its place). */
  child<T>(parent: Table<Table<T> | undefined>, key: string): Table<T> {
    if (!this.writableTables.has(parent)) {
      throw new Error(
        message(
          `TSR61 ${key}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `TableWriter: parent of "${key}" not made writable by this write`,
        ),
      );
    }
    const above = this.writableTables.get(parent);
    const current = getOwn(parent, key);
    const table = this.open(current, above && { root: above.root, table: above.table ?? key });
    if (table !== current) this.put(parent, key, table);
    return table;
  }

  /** @internal A handle for many puts into the writable table under `key` of a writable `parent`. */
  childHandle<T>(parent: Table<Table<T> | undefined>, key: string): TableHandle<T> {
    const table = this.child(parent, key);
    return { table, journaled: !this.created.has(table) };
  }

  /** @internal `put` through a handle. */
  putIn<T>(handle: TableHandle<T>, key: string, value: T): void {
    const table = handle.table;
    if (handle.journaled)
      this.journal.push(table, key, hasOwn.call(table, key) ? table[key] : ABSENT);
    table[key] = value;
  }

  /** Sets an entry of a table given by `writable` or `child`. */
  put<T>(table: Table<T>, key: string, value: T): void {
    if (!this.created.has(table)) {
      this.journal.push(table, key, hasOwn.call(table, key) ? table[key] : ABSENT);
    }
    table[key] = value;
  }

  /** Removes an entry of a table given by `writable` or `child`. */
  delete(table: Table, key: string): void {
    if (!hasOwn.call(table, key)) return;
    if (!this.created.has(table)) this.journal.push(table, key, table[key]);
    delete table[key];
  }
}

function isTableRoot(root: Root): boolean {
  return root === 'entities' || root === 'entitiesMeta' || root === 'indexes';
}

/**
 * Runs a write; if it throws, its in-place changes are undone (newest first) before the error
 * goes on, else what it changed is logged.
 */
export function writeOrUndo<R>(writer: TableWriter, write: () => R): R {
  const journal = writer.journal;
  let result: R;
  try {
    result = write();
  } catch (error) {
    for (let i = journal.length - 3; i >= 0; i -= 3) {
      const table = journal[i] as Table;
      const key = journal[i + 1] as string;
      const previous = journal[i + 2];
      if (previous === ABSENT) delete table[key];
      else table[key] = previous;
    }
    journal.length = 0;
    throw error;
  }
  if (writer.changes !== undefined) logChanges(writer, writer.changes);
  journal.length = 0;
  return result;
}

/** Logs what a write changed: its journal, and the tables it created as a whole. */
function logChanges(writer: TableWriter, changes: Changes): void {
  const { journal, writableTables } = writer;
  for (let i = 0; i < journal.length; i += 3) {
    const table = journal[i] as Table;
    const address = writableTables.get(table);
    const key = journal[i + 1] as string;
    const previous = journal[i + 2];
    // Unnamed, or written with the value it held (an entity invalidated again): no change.
    if (address === undefined || (hasOwn.call(table, key) ? table[key] : ABSENT) === previous)
      continue;
    // A table put into a root: a change as such only where none was (a copy that replaces
    // one journals its own keys).
    if (address.table === undefined && isTableRoot(address.root) && previous !== ABSENT) continue;
    changes.note(address.root, address.table, key);
  }
  for (const table of writer.created) {
    const address = writableTables.get(table);
    if (address === undefined) continue;
    if (address.table !== undefined) changes.note(address.root, address.table, WHOLE);
    else for (const key in table) changes.note(address.root, undefined, key);
  }
}

/**
 * Gives up writing a table in place: from now on its owner copies it before a change, so
 * whoever holds it (a kept state, a snapshot) goes on reading it as it is. O(1).
 */
export function keepTable(table: object | undefined): void {
  if (table !== undefined) owners.delete(table);
}
