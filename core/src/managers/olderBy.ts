import type { WriteMeta } from '../schema/interface';
import { isOlderResponse } from '../schema/responseOrder';

/**
 * An Entity's `shouldReorder` by a version or timestamp field: incoming data older than the
 * stored record (a smaller `field`) does not overwrite it, whichever arrived last (a late push,
 * a slow response). Without the field on both sides, the order is the fetch time's, as by
 * default. `class Todo extends Entity { static override shouldReorder = olderBy('version') }`
 */
export function olderBy(field: string) {
  return (
    existingMeta: WriteMeta,
    incomingMeta: WriteMeta,
    existing: unknown,
    incoming: unknown,
  ): boolean => {
    const before = (existing as Record<string, number | string> | undefined)?.[field];
    const after = (incoming as Record<string, number | string> | undefined)?.[field];
    return before === undefined || after === undefined
      ? isOlderResponse(existingMeta, incomingMeta)
      : after < before;
  };
}
