// Copy-on-write of the records the store does not write in place (`fetching`: small, and each
// state keeps its own). Copies are prototype-free, so keys such as `__proto__` stay plain data.
// Write into a copy only with `withEntry` or `deleteEntry` (re-exported here).

import { copyTable, deleteEntry, putEntry } from '../tables/tableCopy';

export { deleteEntry };

type Writable<T> = { [key: string]: T };

/** A writable, prototype-free copy of a record. */
export function copyRecord<T>(source: { readonly [key: string]: T } | undefined): Writable<T> {
  return copyTable(source);
}

/** A copy of `source` with `key` set to `value`. */
export function withEntry<T>(
  source: { readonly [key: string]: T } | undefined,
  key: string,
  value: T,
) {
  const copy = copyTable(source);
  putEntry(copy, key, value);
  return copy;
}
