// A layer: what optimistic updates wrote over a table, read through to the table beneath for
// every other key. It holds only the entries written (an update costs what it changed, not the
// size of the table it touched) and reads as a plain prototype-free table: own keys, `in`,
// `Object.keys`. See core/docs/how-the-store-works.md ("Optimistic layers").

type Table = { [key: PropertyKey]: unknown };

/** Mark of a key deleted in the layer but held beneath it. */
const GONE: unique symbol = Symbol('gone');
const hasOwn = Object.prototype.hasOwnProperty;

/** A writable table over `below` that changes only itself; `below` is never written. */
export function layerOver<T>(below: { readonly [key: string]: T }): { [key: string]: T } {
  const own: Table = Object.create(null);
  const read = (key: PropertyKey) =>
    hasOwn.call(own, key) ? own[key] : hasOwn.call(below, key) ? (below as Table)[key] : GONE;
  const shown = (key: PropertyKey) => read(key) !== GONE;
  return new Proxy(own, {
    get: (_, key) => {
      const value = read(key);
      return value === GONE ? undefined : value;
    },
    has: (_, key) => shown(key),
    getOwnPropertyDescriptor: (_, key) => {
      const value = read(key);
      return value === GONE
        ? undefined
        : { value, writable: true, enumerable: true, configurable: true };
    },
    // In the order of a copy (keys beneath, then keys added; integer keys first).
    ownKeys: () => Object.keys(Object.assign(Object.create(null), below, own)).filter(shown),
    set: (_, key, value) => {
      own[key] = value;
      return true;
    },
    deleteProperty: (_, key) => {
      if (hasOwn.call(below, key)) own[key] = GONE;
      else delete own[key];
      return true;
    },
  }) as { [key: string]: T };
}
