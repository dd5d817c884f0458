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
    // A Collection's table key (`COLLECT:ArraySchema(Todo)`) is internal: name it as written.
    if (typeof key === 'string')
      return key.replace(/^COLLECT:(?:ArraySchema\((.*)\)|(Values.*))$/, (_, list, values) =>
        list === undefined ? `Collection(${values})` : `Collection([${list}])`,
      );
    if (ctor && ctor !== Object) return ctor.name;
    return `{${Object.keys(schema).join(', ')}}`;
  }
  return String(schema);
}
