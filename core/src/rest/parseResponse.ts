import { detectContent } from './contentMode';
import { ResponseParseError } from './NetworkError';
import type { UntypedJson } from './restTypes';

/**
 * How a response body is read (docs/reference/rest-endpoint.md#responses). Unset: detect from
 * Content-Type.
 */
export type ContentMode = 'json' | 'blob' | 'text' | 'arrayBuffer' | 'stream';

/** What each content mode resolves to. */
export interface ContentTypes {
  json: UntypedJson;
  blob: Blob;
  text: string;
  arrayBuffer: ArrayBuffer;
  stream: ReadableStream<Uint8Array>;
}

/**
 * Reads `response` as `content` says, or by its Content-Type when `content` is unset.
 * 204 is `null` in every mode. A body that is not what its Content-Type claims is a
 * `ResponseParseError`, never a bare `SyntaxError`; so is a body whose Content-Type is not
 * JSON when `json` is needed (a schema normalizes JSON only) and `content` is unset.
 */
export async function readResponse(
  response: Response,
  content: ContentMode | undefined,
  json?: boolean,
) {
  if (response.status === 204) return null;
  const mode = content ?? detectContent(response.headers.get('content-type'));
  // A schema reads JSON: a body that declares no kind is read as JSON too.
  if (mode === 'json' || (json && mode === undefined)) return readJson(response);
  if (json && mode) {
    // Nothing is "no data" here too, as in readJson.
    const text = await response.text();
    if (text.trim() === '') return null;
    throw new ResponseParseError(response, response.url, 'JSON', text, undefined);
  }
  if (mode === 'stream') return response.body;
  if (mode === 'blob' || mode === 'text' || mode === 'arrayBuffer') return response[mode]();
  // No Content-Type: nothing declares the body's kind, so an empty body is "no data"
  // (null, like 204) and anything else is handed over as the text it certainly is.
  return readUntyped(response);
}

/**
 * JSON with a readable failure. An empty body is `null` (servers often answer a DELETE or
 * PUT with 200 and nothing under a JSON content type).
 */
async function readJson(response: Response) {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ResponseParseError(response, response.url, 'JSON', text, error);
  }
}

async function readUntyped(response: Response) {
  const text = await response.text();
  return text === '' ? null : text;
}
