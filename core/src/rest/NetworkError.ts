import { message } from '../schema/development';
import { TesseraError } from '../schema/TesseraError';
import { readErrorBody } from './errorBody';

/** What a NetworkError keeps of the response (the Response itself is not kept). */
export interface ResponseInfo {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: Headers;
}

/**
 * A response whose status is not ok (docs/reference/errors.md#error-classes). `status` is what an
 * `errorPolicy` reads (e.g. `error.status >= 500 ? 'soft' : undefined`). `body` is what the server
 * sent with it, read once when the error was made (parsed JSON, or text; at most 64 KiB): the
 * Response is not kept, so a stored error holds no connection and its body can be read any number
 * of times. `message` is the server's own (`message`, `error` or `detail` of a JSON body, or a
 * short text body) when it sent one.
 */
export class NetworkError extends TesseraError {
  override name = 'NetworkError';
  // `declare`: the constructor sets them, so no empty class fields are emitted before it.
  declare readonly status: number;
  declare readonly statusText: string;
  declare readonly url: string;
  declare readonly headers: Headers;
  declare readonly body: unknown;

  /**
   * Sync construction reads nothing: pass `body` when it was read already. `fromResponse`
   * reads it (the way `fetchResponse` makes its errors).
   */
  constructor(response: ResponseInfo, message?: string, body?: unknown) {
    super(
      message ??
        serverMessage(body) ??
        `${describeStatus(response)} from ${response.url || 'unknown URL'}`,
    );
    this.status = response.status;
    this.statusText = response.statusText;
    this.url = response.url;
    this.headers = response.headers;
    this.body = body;
  }

  /**
   * Reads the body of a failed response (bounded), then releases it. `fallback` is the message
   * when the server sent none of its own.
   */
  static async fromResponse(response: Response, fallback?: string): Promise<NetworkError> {
    const body = await readErrorBody(response);
    return new NetworkError(response, serverMessage(body) ?? fallback, body);
  }
}

/**
 * An ok response whose body is not what it claims to be: HTML or broken JSON under a JSON
 * content type. Carries the URL, the content type and the start of what came back.
 */
export class ResponseParseError extends NetworkError {
  override name = 'ResponseParseError';
  declare readonly contentType: string | null;
  /** The first characters of the body, for the message and for logs. */
  declare readonly snippet: string;

  constructor(response: Response, url: string, expected: string, body: string, cause: unknown) {
    const snippet = shorten(body, SNIPPET_LENGTH);
    const contentType = response.headers.get('content-type');
    super(
      { status: response.status, statusText: response.statusText, url, headers: response.headers },
      message(
        `TSR58 ${expected} ${url} ${contentType}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `Expected ${expected} from ${url || 'unknown URL'} (content-type ${contentType ?? 'none'}), got: ${JSON.stringify(snippet)}`,
      ),
      snippet,
    );
    this.contentType = contentType;
    this.snippet = snippet;
    this.cause = cause;
  }
}

/**
 * The request got no response at all: connection refused, offline, DNS or TLS failure, CORS.
 * Its `status` is 500 (as data-client sets on such failures), so the usual soft policy
 * (`status >= 500`) keeps showing cached data through an outage instead of an error screen.
 * `cause` is what `fetch` threw.
 */
export class ConnectionError extends NetworkError {
  override name = 'ConnectionError';

  constructor(
    method: string,
    url: string,
    cause: unknown,
    status = CONNECTION_FAILED_STATUS,
    message = `${method} ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
  ) {
    super({ status, statusText: '', url, headers: new Headers() }, message);
    this.cause = cause;
  }
}

/**
 * The request took longer than its timeout (the `timeout` option, or an `AbortSignal.timeout`
 * of the caller). A failure like any other: stored, shown, and expired by `errorExpiryLength`.
 * Its `status` is 504, which the usual soft policy treats like a server outage.
 */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';

  constructor(method: string, url: string, cause: unknown) {
    super(method, url, cause, TIMED_OUT_STATUS, `${method} ${url} timed out`);
  }
}

/** The status a ConnectionError stands for. */
export const CONNECTION_FAILED_STATUS = 500;
/** The status a TimeoutError stands for. */
export const TIMED_OUT_STATUS = 504;

/** True for the reason an `AbortSignal.timeout` aborts with (a DOMException named TimeoutError). */
export function isTimeoutReason(reason: unknown): boolean {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'TimeoutError'
  );
}

/** A timeout's abort reason as a TimeoutError of the request `key` (`METHOD url`) names. */
export function asTimeoutError(reason: unknown, key: string): TimeoutError {
  if (reason instanceof TimeoutError) return reason;
  const space = key.indexOf(' ');
  return space > 0
    ? new TimeoutError(key.slice(0, space), key.slice(space + 1), reason)
    : new TimeoutError('', key, reason);
}

const SNIPPET_LENGTH = 200;

/** `404 Not Found` (the reason phrase is omitted when the server sent none). */
export function describeStatus(response: Pick<ResponseInfo, 'status' | 'statusText'>): string {
  return response.statusText ? `${response.status} ${response.statusText}` : `${response.status}`;
}

/**
 * The server's own explanation in an error body: `message`, `error` (or `error.message`) or
 * `detail` of a JSON object, or a short plain text. Undefined for HTML pages and long texts.
 */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '' || text.startsWith('<') || text.length > SNIPPET_LENGTH) return undefined;
    return text;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const nested = fields.error;
  const candidates = [
    fields.message,
    nested,
    typeof nested === 'object' && nested !== null
      ? (nested as Record<string, unknown>).message
      : undefined,
    fields.detail,
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') {
      return shorten(candidate.trim(), MAX_MESSAGE_LENGTH);
    }
  }
  return undefined;
}

/** Longer server messages are cut (they are for people; the full body stays on the error). */
const MAX_MESSAGE_LENGTH = 1000;

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
