import { detectContent } from './contentMode';

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
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let room = MAX_ERROR_BODY_BYTES;
  let cut = false;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const bytes = read.value;
      if (bytes.byteLength > room) {
        // Decode what fits, then drop the rest.
        text += decoder.decode(bytes.subarray(0, room));
        releaseStream(reader.cancel());
        cut = true;
        break;
      }
      room -= bytes.byteLength;
      text += decoder.decode(bytes, { stream: true });
    }
    if (!cut) text += decoder.decode();
  } catch {
    return undefined; // the connection dropped while reading: the status still tells the story
  } finally {
    reader.releaseLock();
  }
  if (text.trim() === '') return undefined;
  if (cut) return `${text}…`;
  if (kind === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: the text is what the server said
    }
  }
  return text;
}

/**
 * Lets a cancellation run on its own: it frees the connection, and nothing waits for it (a
 * source that never confirms must not hold the error back).
 */
function releaseStream(cancelling: Promise<void>): void {
  cancelling.catch(() => {});
}
