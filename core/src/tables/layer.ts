// A layer: what optimistic updates wrote over a table, read through to the table beneath for
// every other key. It holds only the entries written (an update costs what it changed, not the
// size of the table it touched) and reads as a plain table: own keys, `Object.keys`, `in`. See
// core/docs/how-the-store-works.md ("Optimistic layers").

type Table = { [key: string]: unknown };

/** Mark of a key deleted in the layer but held beneath it. */
const GONE: unique symbol = Symbol('gone');
const hasOwn = Object.prototype.hasOwnProperty;

/** A writable table over `below` that changes only itself; `below` is never written. */
export function layerOver<T>(below: { readonly [key: string]: T }): { [key: string]: T } {
  const own: Table = Object.create(null);
  const read = (key: string) =>
    hasOwn.call(own, key) ? own[key] : hasOwn.call(below, key) ? below[key] : GONE;
  return new Proxy(own, {
    get: (_, key) => {
      if (typeof key !== 'string') return undefined;
      const value = hasOwn.call(own, key) ? own[key] : below[key];
      return value === GONE ? undefined : value;
    },
    has: (_, key) => typeof key === 'string' && read(key) !== GONE,
    getOwnPropertyDescriptor: (_, key) => {
      const value = typeof key === 'string' ? read(key) : GONE;
      return value === GONE
        ? undefined
        : { value, writable: true, enumerable: true, configurable: true };
    },
    // In the order of a copy: the keys beneath, then the keys added.
    ownKeys: () => {
      const keys: string[] = [];
      for (const key of Object.keys(below)) if (own[key] !== GONE) keys.push(key);
      for (const key in own) if (own[key] !== GONE && !hasOwn.call(below, key)) keys.push(key);
      return keys;
    },
    set: (_, key, value) => {
      own[key as string] = value;
      return true;
    },
    deleteProperty: (_, key) => {
      if (hasOwn.call(below, key)) own[key as string] = GONE;
      else delete own[key as string];
      return true;
    },
  }) as { [key: string]: T };
}
