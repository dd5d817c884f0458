import type { DenormalizeNullable, EntityTables, INVALID } from '../schema/index';
import { DenormalizeWalker } from './DenormalizeWalker';

/**
 * Denormalizes `input` by `schema` from the entity tables, without memoization. Returns INVALID
 * when a required entity of the result was invalidated.
 */
export function denormalize<S>(
  schema: S | undefined,
  input: unknown,
  entities: EntityTables | undefined,
  args: readonly unknown[] = [],
): DenormalizeNullable<S> | typeof INVALID {
  // Without a schema the input is the data; with one, the walk produces the schema's data.
  if (schema === undefined || schema === null) return input as DenormalizeNullable<S>;
  return new DenormalizeWalker(entities, args).run(schema, input) as DenormalizeNullable<S>;
}
