import type { NormalizeMeta } from './interface';

/** True when the incoming response was fetched before the stored data (it must not win). */
export function isOlderResponse(existingMeta: NormalizeMeta, incomingMeta: NormalizeMeta): boolean {
  return incomingMeta.fetchedAt < existingMeta.fetchedAt;
}
