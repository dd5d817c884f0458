// What a Content-Type says about a body, read by responses and error bodies alike (a file of
// its own, so that NetworkError's error-body reading does not import the response parser).
import type { ContentMode } from './parseResponse';

/** The content mode a Content-Type implies; `undefined` when there is no Content-Type. */
export function detectContent(contentType: string | null): ContentMode | undefined {
  if (contentType === null || contentType.trim() === '') return undefined;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (/^(application|text)\/json$|\+json$/.test(mediaType)) return 'json';
  if (TEXT_TYPE.test(mediaType)) return 'text';
  // Images, audio, video, PDF, archives, application/octet-stream and anything unknown.
  return 'blob';
}

/** `text/*`, `*+xml` and the application types that are text (XML, JavaScript, YAML...). */
const TEXT_TYPE =
  /^text\/|\+xml$|^application\/(xml|javascript|ecmascript|x-www-form-urlencoded|graphql|x-ndjson|x-yaml|yaml)$/;
