// Copy-on-write of the records the store does not write in place (`fetching`: small, and each
// state keeps its own). Copies are prototype-free, so keys such as `__proto__` stay plain data.

import { copyTable } from '../tables/tableCopy';

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
  copy[key] = value;
  return copy;
}
