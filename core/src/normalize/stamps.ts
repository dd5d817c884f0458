// A number per object that changes whenever the object does. An immutable object keeps the stamp
// it gets when first asked; a table the store writes in place is given a new stamp by each write
// that changes it. Readers that remember "what I was built from" keep stamps, never the objects:
// a stamp pins no state, and it tells a changed table from an unchanged one whether the change
// made a new object or wrote into the old one.

const stamps = new WeakMap<object, number>();
let lastStamp = 0;

/** The stamp of an object (0 for anything that is not one). */
export function stampOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let stamp = stamps.get(value);
  if (stamp === undefined) {
    stamp = ++lastStamp;
    stamps.set(value, stamp);
  }
  return stamp;
}

/** Marks an object changed in place: its stamp becomes one never given before. */
export function restamp(value: object): void {
  stamps.set(value, ++lastStamp);
}
