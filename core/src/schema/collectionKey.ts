/**
 * Canonical form of a collection's arguments: keys sorted, values as strings, undefined dropped.
 * Collections are stored under this string, and parsed back to compare with pushed entities.
 */
export function serializeCollectionKey(params: Record<string, unknown> | undefined | null): string {
  const canonical: Record<string, string> = {};
  if (params !== null && params !== undefined && typeof params === 'object') {
    const keys = Object.keys(params).sort();
    for (const key of keys) {
      const value = (params as Record<string, unknown>)[key];
      if (value === undefined) continue;
      Object.defineProperty(canonical, key, {
        value: typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return JSON.stringify(canonical);
}

const parsed = new Map<string, Record<string, string>>();
const MAX_PARSED = 10_000;

/** The args of a stored collection key (null-prototype object of strings). */
export function parseCollectionKey(pk: string): Record<string, string> {
  let value = parsed.get(pk);
  if (value === undefined) {
    value = Object.assign(Object.create(null), JSON.parse(pk)) as Record<string, string>;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(pk, value);
  }
  return value;
}
