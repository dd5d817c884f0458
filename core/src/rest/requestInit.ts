/**
 * Request bodies fetch sends as they are; anything else is JSON-encoded
 * (docs/reference/rest-endpoint.md#request-init).
 */
export function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** Headers as a plain object, so `getHeaders` can spread them (`{ ...headers, token }`). */
export function headersToRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers)) {
    return Object.fromEntries(new Headers(headers).entries());
  }
  return { ...(headers as Record<string, string>) };
}

/** Aborts when any of the signals does; `undefined` when there are none. */
export function combineSignals(
  ...signals: (AbortSignal | null | undefined)[]
): AbortSignal | undefined {
  const present = [...new Set(signals.filter((signal) => signal != null))];
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

/**
 * Runs `run` with a signal that aborts when `signal` does, or with a `TimeoutError` DOMException
 * after `ms` (as `AbortSignal.timeout(ms)` does), and clears the timer once `run` settles, so a
 * settled or aborted request leaves no timer behind. Unlike `AbortSignal.timeout()`, which Node
 * holds weakly (one that only an `AbortSignal.any()` refers to is collected and never fires), the
 * timer holds its controller. It is unref'd: it keeps no process alive, as Node's own does not.
 */
export async function withTimeout<T>(
  ms: number | undefined,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (ms === undefined) return run(signal);
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('signal timed out', 'TimeoutError')),
    ms,
  );
  (timer as { unref?: () => void }).unref?.();
  try {
    return await run(combineSignals(signal, timeout.signal));
  } finally {
    clearTimeout(timer);
  }
}
