const MAX_DEPTH = 6;

/**
 * Structural equality of plain JSON-like data (bounded depth). A re-fetched entity equal to the
 * stored one keeps the stored object, so memoized reads stay referentially stable.
 */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const protoA = Object.getPrototypeOf(a);
  if (protoA !== Object.getPrototypeOf(b) || (protoA !== Object.prototype && protoA !== null))
    return false;
  let count = 0;
  for (const key in a) {
    if (
      !Object.hasOwn(b, key) ||
      !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)
    )
      return false;
    count++;
  }
  for (const _key in b) count--;
  return count === 0;
}
