/** An error as readers receive it: an `Error`, with the HTTP status when the server sent one. */
export type ErrorLike = Error & { readonly status?: number };

/**
 * True for a cancelled request (`AbortError`), which is not a failure of the data: readers
 * neither show it nor let it block the next fetch.
 */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/** Thrown values that are not `Error`s are wrapped (the original is kept as `cause`). */
export function toErrorLike(error: unknown): ErrorLike {
  return error instanceof Error ? error : new Error(String(error), { cause: error });
}
