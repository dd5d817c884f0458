// Copies of tables the store cannot write in place (see `TableWriter`): a table it does not own
// (an initial or hydrated state, a kept or frozen one). Optimistic updates put layers over the
// tables instead of copying them (see `layer.ts`), so a copy is made once per table given up.

type Table<T> = { [key: string]: T };

/**
 * A writable, prototype-free copy of a table (empty for none): keys such as `__proto__` stay
 * plain data. The source is never modified.
 */
export function copyTable<T>(source: { readonly [key: string]: T } | null | undefined): Table<T> {
  const table: Table<T> = Object.create(null);
  if (source != null) for (const key of Object.keys(source)) table[key] = source[key];
  return table;
}
