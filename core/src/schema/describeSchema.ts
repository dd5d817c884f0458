/** Short human name of a schema for error messages. */
export function describeSchema(schema: unknown): string {
  if (schema === null || schema === undefined) return String(schema);
  if (typeof schema === 'function') {
    const key = (schema as { key?: unknown }).key;
    return typeof key === 'string' ? key : schema.name || 'function';
  }
  if (Array.isArray(schema)) return `[${schema.map(describeSchema).join(', ')}]`;
  if (typeof schema === 'object') {
    const ctor = (schema as object).constructor;
    const key = (schema as { key?: unknown }).key;
    if (typeof key === 'string') {
      // A Collection's table key (`COLLECT:ArraySchema(Todo)`) is internal: name it as written.
      const collection = /^COLLECT:(ArraySchema|Values)\((.*)\)$/.exec(key);
      if (!collection) return key;
      const [, kind, members] = collection;
      return `Collection(${kind === 'Values' ? `Values(${members})` : `[${members}]`})`;
    }
    if (ctor && ctor !== Object) return ctor.name;
    return `{${Object.keys(schema).join(', ')}}`;
  }
  return String(schema);
}
