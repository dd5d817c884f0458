// The change log of one committed write: which (table, key) pairs it changed. It is the one
// signal that everything following the store reads (see core/docs/how-the-store-works.md).

/** Keys changed in one table, or `WHOLE` when the table is new (put where none was). */
export type ChangedKeys = Set<string> | typeof WHOLE;

/** Every key of a table may have changed (the table is new, or was replaced). */
export const WHOLE: unique symbol = Symbol('whole table');

/** Where a table sits in the store: a root record, or the table of one entity key below it. */
export type Root = 'entities' | 'entitiesMeta' | 'indexes' | 'endpoints' | 'meta';

export class Changes {
  /** Entity tables by entity key: the pks whose stored value changed. */
  readonly entities = new Map<string, ChangedKeys>();
  /** Likewise for the entities' write meta (an entity refetched equal changes only this). */
  readonly entitiesMeta = new Map<string, ChangedKeys>();
  /** Entity keys whose indexes changed. */
  readonly indexes = new Set<string>();
  /** Result keys whose result, meta or in-flight mark changed. */
  readonly results = new Set<string>();
  /** Everything may have changed (a reset). */
  all = false;

  /** Notes a change of `key` in the table of `root` (and entity key `table`, below the root). */
  note(root: Root, table: string | undefined, key: string | typeof WHOLE): void {
    if (root === 'endpoints' || root === 'meta') {
      if (key === WHOLE) this.all = true;
      else this.results.add(key);
    } else if (table === undefined) {
      // An entry of a root is a whole table: changed as such only when put where none was.
      if (key === WHOLE) this.all = true;
      else if (root === 'indexes') this.indexes.add(key);
      else noteKey(this[root], key, WHOLE);
    } else if (root === 'indexes') this.indexes.add(table);
    else noteKey(this[root], table, key);
  }

  /** Adds every change of `other` to this log. */
  add(other: Changes): void {
    if (other.all) this.all = true;
    for (const [table, keys] of other.entities) addKeys(this.entities, table, keys);
    for (const [table, keys] of other.entitiesMeta) addKeys(this.entitiesMeta, table, keys);
    for (const key of other.indexes) this.indexes.add(key);
    for (const key of other.results) this.results.add(key);
  }
}

function noteKey(
  tables: Map<string, ChangedKeys>,
  table: string,
  key: string | typeof WHOLE,
): void {
  const keys = tables.get(table);
  if (keys === WHOLE) return;
  if (key === WHOLE) tables.set(table, WHOLE);
  else if (keys === undefined) tables.set(table, new Set([key]));
  else keys.add(key);
}

function addKeys(tables: Map<string, ChangedKeys>, table: string, keys: ChangedKeys): void {
  if (keys === WHOLE) tables.set(table, WHOLE);
  else for (const key of keys) noteKey(tables, table, key);
}
