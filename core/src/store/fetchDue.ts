import { ExpiryStatus } from './ExpiryStatus';
import type { Selection } from './SnapshotInterface';

/** What decides whether a reader must fetch (a `Selection` carries all of it). */
export type FetchDueInput = Pick<Selection<unknown>, 'expiryStatus' | 'expiresAt' | 'loading'>;

/**
 * The one rule for "is a fetch due": the result is missing, invalidated or stale, and no fetch
 * for it is in flight. A cached error counts as fresh until it expires (`errorExpiryLength`),
 * so a failing endpoint never loops: the read already folds that into `expiresAt`.
 */
export function isFetchDue(selection: FetchDueInput, now: number): boolean {
  if (selection.loading) return false;
  return selection.expiryStatus === ExpiryStatus.Invalid || selection.expiresAt < now;
}
