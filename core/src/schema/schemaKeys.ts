const cache = new WeakMap<object, string[]>();

/** Field names of a schema definition object, cached (computed once per definition). */
export function schemaKeys(definition: object): string[] {
  let keys = cache.get(definition);
  if (keys === undefined) {
    keys = Object.keys(definition);
    cache.set(definition, keys);
  }
  return keys;
}
