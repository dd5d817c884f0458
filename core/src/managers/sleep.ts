/**
 * Waits `ms`, or rejects with the abort reason as soon as `signal` aborts. The timer stays
 * referenced: it stands for a request in flight (a retry's wait, a fixture's delay), which
 * keeps a Node process alive as the request's socket would, so `await fetch()` completes.
 */
export function sleep(ms: number | undefined, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    if (!ms) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
