/**
 * Lets Node exit while the timer is pending: no timer the store owns (garbage collection,
 * polling, staleness checks, retry backoff) keeps a process alive. Browsers have no such notion.
 */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void } | undefined)?.unref?.();
  return timer;
}
