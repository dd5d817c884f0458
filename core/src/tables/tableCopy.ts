// Copies of tables the store cannot write in place (see `TableWriter`): a table it does not own
// (an initial or hydrated state, a kept or frozen one). Optimistic updates put layers over
// tables instead (see `layer.ts`).
// Copying a large prototype-free object is dominated by `Object.keys` (V8 collects and sorts a
// dictionary's keys). So every copy made here remembers its key list, shared with its source
// until a key is added, and the next copy walks that list instead: about half the cost.
// Write into a copy only through `putEntry`/`deleteEntry`, which keep the list exact.

type Table<T> = { [key: string]: T };

export interface KeyList {
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
  const table: Table<T> = Object.create(null);
  if (source === undefined || source === null) return table;
  const known = keyLists.get(source);
  let keys: string[];
  if (known !== undefined) {
    known.shared = true;
    keys = known.keys;
  } else {
    keys = Object.keys(source);
  }
  for (let i = 0; i < keys.length; i++) table[keys[i]] = source[keys[i]];
  if (keys.length >= TRACK_FROM) keyLists.set(table, { keys, shared: known !== undefined });
  return table;
}

/** The remembered key list of a table, if it has one (write into it with `addKey`). */
export function keyListOf(table: object): KeyList | undefined {
  return keyLists.get(table);
}

/** Lists a key just added to the table whose list this is. */
export function addKey(list: KeyList, key: string): void {
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
