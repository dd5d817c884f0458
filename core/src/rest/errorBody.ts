import { detectContent } from './parseResponse';

/** An error body is read up to this many bytes; the rest is discarded. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Reads what a failed response carries, once: parsed JSON when it says it is JSON (and all of it
 * was read), else text (cut at `MAX_ERROR_BODY_BYTES`, then marked with `…`). Binary bodies and
 * empty ones give undefined. The body is always consumed or cancelled, so the connection is
 * free again whatever the caller does with the error.
 */
export async function readErrorBody(response: Response): Promise<unknown> {
  const stream = response.body;
  if (stream === null) return undefined;
  const kind = detectContent(response.headers.get('content-type'));
  if (kind === 'blob') {
    releaseStream(stream.cancel());
    return undefined;
  }
  let text: string;
  let complete: boolean;
  try {
    ({ text, complete } = await readText(stream, MAX_ERROR_BODY_BYTES));
  } catch {
    return undefined; // the connection dropped while reading: the status still tells the story
  }
  if (text.trim() === '') return undefined;
  if (!complete) return `${text}…`;
  if (kind === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Decodes up to `limit` bytes of a stream as UTF-8, then cancels the rest. */
async function readText(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ text: string; complete: boolean }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: true };
      const room = limit - size;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, room));
        releaseStream(reader.cancel());
        return { text, complete: false };
      }
      size += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Lets a cancellation run on its own: it frees the connection, and nothing waits for it (a
 * source that never confirms must not hold the error back).
 */
function releaseStream(cancelling: Promise<void>): void {
  cancelling.catch(() => {});
}
