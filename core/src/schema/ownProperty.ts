// Keys from a response are data, never prototype edits: these helpers read and write own
// properties only, so `__proto__`, `constructor` and `prototype` round-trip as plain data.

const hasOwn = Object.prototype.hasOwnProperty;
const ObjectPrototype = Object.prototype;

/** Reads an own property; an inherited one (e.g. `constructor` on a plain object) is absent. */
export function getOwn<V>(
  obj: { readonly [key: string]: V } | null | undefined,
  key: string,
): V | undefined {
  if (obj === undefined || obj === null) return undefined;
  const value = obj[key];
  // Stored values are never functions nor Object.prototype, so only then is the slow check due.
  if (value !== undefined && (typeof value === 'function' || value === ObjectPrototype)) {
    return hasOwn.call(obj, key) ? value : undefined;
  }
  return value;
}

/** Writes an own data property even when the key is `__proto__`. */
export function setOwn(obj: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    (obj as Record<string, unknown>)[key] = value;
  }
}

/** Copies own enumerable properties onto target without ever invoking a `__proto__` setter. */
export function assignOwn<T extends object>(target: T, source: object): T {
  if (hasOwn.call(source, '__proto__')) {
    for (const key of Object.keys(source))
      setOwn(target, key, (source as Record<string, unknown>)[key]);
    return target;
  }
  return Object.assign(target, source);
}

export function isOwn(obj: object, key: string): boolean {
  return hasOwn.call(obj, key);
}

/** A dictionary with no prototype: lookups never hit Object.prototype. */
export function createTable<T = unknown>(): Record<string, T> {
  return Object.create(null);
}
