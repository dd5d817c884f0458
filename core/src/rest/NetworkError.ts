/**
 * A response whose status is not ok (SPEC §7). `status` is what an `errorPolicy` reads (e.g.
 * `error.status >= 500 ? 'soft' : undefined`); `response` is left unread so callers can
 * still read the server's error body.
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly status: number;
  readonly response: Response;

  constructor(response: Response, message?: string) {
    super(message ?? `${describeStatus(response)} from ${response.url || 'unknown URL'}`);
    this.status = response.status;
    this.response = response;
  }
}

/**
 * An ok response whose body is not what it claims to be: HTML or broken JSON under a JSON
 * content type. Carries the URL, the content type and the start of what came back.
 */
export class ResponseParseError extends NetworkError {
  override name = 'ResponseParseError';
  readonly url: string;
  readonly contentType: string | null;
  /** The first characters of the body, for the message and for logs. */
  readonly snippet: string;

  constructor(response: Response, url: string, expected: string, body: string, cause: unknown) {
    const snippet = body.length > SNIPPET_LENGTH ? `${body.slice(0, SNIPPET_LENGTH)}…` : body;
    const contentType = response.headers.get('content-type');
    super(
      response,
      `Expected ${expected} from ${url || 'unknown URL'} (content-type ${contentType ?? 'none'}), got: ${JSON.stringify(snippet)}`,
    );
    this.url = url;
    this.contentType = contentType;
    this.snippet = snippet;
    this.cause = cause;
  }
}

const SNIPPET_LENGTH = 200;

/** `404 Not Found` (the reason phrase is omitted when the server sent none). */
export function describeStatus(response: Response): string {
  return response.statusText ? `${response.status} ${response.statusText}` : `${response.status}`;
}
