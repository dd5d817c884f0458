// The in-flight marks (`fetching`): written in place while the store owns the record, as its
// tables are, so a fetch costs the same with 10 or 10,000 others in flight; copied once after
// a state holding it was kept (`keepState`, `snapshot`). Copies are prototype-free, so keys
// such as `__proto__` stay plain data.

import { copyTable } from '../tables/tableCopy';

type Writable<T> = { [key: string]: T };

/** Records the store may write in place (made by it, not kept since). */
const owned = new WeakSet<object>();

/** A record later writes copy instead of changing (a kept state holds it). */
export function keepRecord(record: object): void {
  owned.delete(record);
}

/** `source` itself when the store owns it, else an owned copy. */
function writable<T>(source: { readonly [key: string]: T }): Writable<T> {
  if (owned.has(source)) return source as Writable<T>;
  const copy = copyTable(source);
  owned.add(copy);
  return copy;
}

/** `source` with `key` set to `value` (itself when owned). */
export function withEntry<T>(source: { readonly [key: string]: T }, key: string, value: T) {
  const record = writable(source);
  record[key] = value;
  return record;
}

/** `source` without `key` (itself when owned). */
export function withoutEntry<T>(source: { readonly [key: string]: T }, key: string) {
  const record = writable(source);
  delete record[key];
  return record;
}
