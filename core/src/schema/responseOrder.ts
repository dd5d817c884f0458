import type { WriteMeta } from './interface';

/** True when the incoming response was fetched before the stored data (it must not win). */
export function isOlderResponse(existingMeta: WriteMeta, incomingMeta: WriteMeta): boolean {
  return incomingMeta.fetchedAt < existingMeta.fetchedAt;
}
