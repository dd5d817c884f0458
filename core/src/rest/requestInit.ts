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
 * Aborts with a `TimeoutError` DOMException after `ms`, as `AbortSignal.timeout(ms)` does, but
 * whatever the garbage collector does: Node holds an `AbortSignal.timeout()` weakly, so one that
 * only an `AbortSignal.any()` refers to is collected and never fires. Here the timer holds the
 * controller; it is unref'd, so it keeps no process alive (as Node's own does not).
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('signal timed out', 'TimeoutError')),
    ms,
  );
  (timer as { unref?: () => void }).unref?.();
  return controller.signal;
}
