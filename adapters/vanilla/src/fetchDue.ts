import { ExpiryStatus, type ResultMeta } from '@tessera/core';

/** What decides whether a reader must fetch: the cached result and its raw meta. */
export interface CachedResult {
  readonly expiryStatus: ExpiryStatus;
  readonly expiresAt: number;
  /** A fetch for the key is in flight. */
  readonly loading: boolean;
}

/**
 * True when the cached result is missing, invalid or stale and no fetch is in flight. A cached
 * error postpones the next fetch until it expires (`errorExpiryLength`). (A cancelled request
 * records nothing, so it never postpones anything.)
 */
export function isFetchDue(
  cached: CachedResult,
  meta: ResultMeta | undefined,
  now: number,
): boolean {
  if (cached.loading) return false;
  if (meta?.invalidated) return true;
  if (meta !== undefined && meta.error !== undefined) {
    return meta.expiresAt < now;
  }
  return cached.expiryStatus === ExpiryStatus.Invalid || cached.expiresAt < now;
}
