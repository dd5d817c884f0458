/**
 * Where a PersistManager keeps the store: entries by key (one per entity, result, meta or index
 * table), written as the store changes. Built in: `indexedDBStorage` and `localStorageStorage`;
 * any other (a file, a native store) implements these three methods
 * (docs/guide/offline.md#persistence).
 */
export interface PersistStorage {
  /** Every entry stored. */
  read(): Promise<Map<string, unknown>>;
  /** Puts (`undefined` deletes) these entries, all or none where the storage can. */
  write(entries: ReadonlyMap<string, unknown>): Promise<void>;
  /** Deletes every entry. */
  clear(): Promise<void>;
}
