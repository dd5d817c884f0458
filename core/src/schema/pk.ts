import { message } from './development';
import { SchemaError } from './SchemaError';

/**
 * A usable primary key as a string, or a SchemaError naming the entity and the value. Takes the
 * schema, not its key: `Entity.key` is a getter, read here only for the error.
 */
export function checkPk(schema: { key: string }, id: unknown, value: unknown): string {
  if (typeof id === 'string') {
    if (id !== '') return id;
  } else if (typeof id === 'number') {
    if (!Number.isNaN(id)) return String(id);
  } else if (typeof id === 'bigint') {
    return String(id);
  }
  throw new SchemaError(
    schema.key,
    message(
      `TSR07 ${String(id)}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `no usable primary key (pk() returned ${String(id) || "''"})`,
    ),
    value,
  );
}
