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
