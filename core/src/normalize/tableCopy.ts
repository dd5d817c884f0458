// Copy-on-write of the store's keyed tables (entity tables, their meta, indexes and the
// `endpoints`/`meta` records). An immutable plain object can only change by copying it, and
// copying a large prototype-free object is dominated by `Object.keys` (V8 collects and sorts a
// dictionary's keys). So every copy made here remembers its key list, shared with its source
// until a key is added, and the next copy walks that list instead: about half the cost.
// Write into a copy only through `TableCopy.put` or `putEntry`/`deleteEntry`, which keep the
// list exact.

type Table<T> = { [key: string]: T };

interface KeyList {
  keys: string[];
  /** Also the list of another table: copy it before adding a key. */
  shared: boolean;
}

const keyLists = new WeakMap<object, KeyList>();
/**
 * Smaller tables are not tracked: listing their keys costs little, and bulk writes into a new
 * table (a first response) then pay no bookkeeping.
 */
const TRACK_FROM = 128;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A writable, prototype-free copy of a table (empty for none): keys such as `__proto__` stay
 * plain data. The source is never modified.
 */
export function copyTable<T>(source: { readonly [key: string]: T } | null | undefined): Table<T> {
  return new TableCopy(source).table;
}

/** A copy being written, for many writes: `put` needs no lookup of the key list. */
export class TableCopy<T> {
  /** The copy itself, a plain object (publish it once written). */
  readonly table: Table<T> = Object.create(null);
  private readonly list: KeyList | undefined;

  constructor(source: { readonly [key: string]: T } | null | undefined) {
    const table = this.table;
    if (source === undefined || source === null) return;
    const known = keyLists.get(source);
    let keys: string[];
    if (known !== undefined) {
      known.shared = true;
      keys = known.keys;
    } else {
      keys = Object.keys(source);
    }
    for (let i = 0; i < keys.length; i++) table[keys[i]] = source[keys[i]];
    if (keys.length >= TRACK_FROM) {
      this.list = { keys, shared: known !== undefined };
      keyLists.set(table, this.list);
    }
  }

  put(key: string, value: T): void {
    const table = this.table;
    if (this.list !== undefined && !hasOwn.call(table, key)) addKey(this.list, key);
    table[key] = value;
  }

  /**
   * Sets a key the caller just read as absent (`undefined`), skipping the ownership check. Were
   * it present with an `undefined` value, its key is only listed twice: a copy then sets it twice.
   */
  putAbsent(key: string, value: T): void {
    if (this.list !== undefined) addKey(this.list, key);
    this.table[key] = value;
  }
}

function addKey(list: KeyList, key: string): void {
  if (list.shared) {
    list.keys = list.keys.slice();
    list.shared = false;
  }
  list.keys.push(key);
}

/** Sets an entry of a table made by `copyTable` (a `__proto__` key is plain data there). */
export function putEntry<T>(table: Table<T>, key: string, value: T): void {
  if (!hasOwn.call(table, key)) {
    const list = keyLists.get(table);
    if (list !== undefined) addKey(list, key);
  }
  table[key] = value;
}

/** Removes an entry of a table made by `copyTable`. */
export function deleteEntry(table: Table<unknown>, key: string): void {
  if (!hasOwn.call(table, key)) return;
  delete table[key];
  // Rare (eviction, invalidation): the next copy lists the keys afresh.
  keyLists.delete(table);
}
