/** What an error serializes to: enough to show it again after SSR or in devtools. */
export interface ErrorJSON {
  readonly name: string;
  readonly message: string;
  /** The HTTP status (or the one a network failure stands for), when the error has one. */
  readonly status?: number;
  /** What the server sent with the error, when kept. */
  readonly body?: unknown;
}

/**
 * Plain data of any error the store may keep (`meta.error`): name, message, and `status` and
 * `body` when it has them. Errors of other libraries serialize too (`JSON.stringify` of an
 * Error gives `{}`), so state carrying them can be sent from a server render as it is.
 */
export function errorToJSON(error: unknown): ErrorJSON {
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: String(error) };
  }
  const { name, message, status, body } = error as Record<string, unknown>;
  const json: { -readonly [K in keyof ErrorJSON]: ErrorJSON[K] } = {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
  };
  if (typeof status === 'number') json.status = status;
  if (body !== undefined) json.body = body;
  return json;
}

/** Base of every error Tessera throws or stores: `JSON.stringify` keeps what matters. */
export class TesseraError extends Error {
  toJSON(): ErrorJSON {
    return errorToJSON(this);
  }
}
