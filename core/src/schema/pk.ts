import { message } from './development';
import { SchemaError } from './SchemaError';

/**
 * A primary key as a string when it is usable, else undefined: not `''`, `NaN`, nor the string
 * "undefined" a template of a missing field makes (`${this.owner}`), which would file every such
 * record under one key (data-client refuses it too).
 */
export function usablePk(id: unknown): string | undefined {
  const usable =
    typeof id === 'string'
      ? id !== '' && id !== 'undefined'
      : typeof id === 'number'
        ? !Number.isNaN(id)
        : typeof id === 'bigint';
  return usable ? String(id) : undefined;
}

/**
 * A usable primary key as a string, or a SchemaError naming the entity and the value. Takes the
 * schema, not its key: `Entity.key` is a getter, read here only for the error.
 */
export function checkPk(schema: { key: string }, id: unknown, value: unknown): string {
  const pk = usablePk(id);
  if (pk !== undefined) return pk;
  throw new SchemaError(
    schema.key,
    message(
      `TSR07 ${String(id)}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `no usable primary key (pk() returned ${typeof id === 'string' ? JSON.stringify(id) : String(id)})`,
    ),
    value,
  );
}
