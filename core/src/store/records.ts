// Copy-on-write helpers for the state's keyed records. Copies are prototype-free, so keys such
// as `__proto__` stay plain data, and a plain loop copies large records several times faster
// than object spread does once V8 has put them in dictionary mode.

type Writable<T> = { [key: string]: T };

/** A writable, prototype-free copy of a record. */
export function copyRecord<T>(source: { readonly [key: string]: T } | undefined): Writable<T> {
  const copy: Writable<T> = Object.create(null);
  if (source) {
    const keys = Object.keys(source);
    for (let i = 0; i < keys.length; i++) copy[keys[i]] = source[keys[i]];
  }
  return copy;
}

/** A copy of `source` with `key` set to `value`. */
export function withEntry<T>(
  source: { readonly [key: string]: T } | undefined,
  key: string,
  value: T,
) {
  const copy = copyRecord(source);
  copy[key] = value;
  return copy;
}
