import type { EntityLike } from './interface';

/** An entity's `process` hook, when it has one (Entity classes do), applied to raw input. */
type Processing = {
  process?(input: unknown, parent: unknown, key: unknown, args: readonly unknown[]): unknown;
};

/** The input as the entity stores it: through its `process` hook when it has one. */
export function processInput(
  entity: EntityLike,
  input: unknown,
  parent: unknown,
  key: unknown,
  args: readonly unknown[],
): unknown {
  const { process } = entity as EntityLike & Processing;
  return process ? process.call(entity, input, parent, key, args) : input;
}
