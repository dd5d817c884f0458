import type { DenormalizeNullable, INVALID } from '../schema/index';
import { DenormalizeWalker } from './DenormalizeWalker';

/**
 * Denormalizes `input` by `schema` from the entity tables, without memoization. Returns INVALID
 * when a required entity of the result was invalidated.
 */
export function denormalize<S>(
  schema: S | undefined,
  input: any,
  entities: any,
  args: readonly any[] = [],
): DenormalizeNullable<S> | typeof INVALID {
  if (schema === undefined || schema === null) return input;
  return new DenormalizeWalker(entities, args).run(schema, input);
}
