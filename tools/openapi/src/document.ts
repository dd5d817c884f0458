import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';

/** A JSON Schema or OpenAPI object as parsed: only what the generator reads is typed. */
export type Json = { [key: string]: unknown };

/** An OpenAPI 3.0 or 3.1 document, read from JSON or YAML (optionally gzipped: `.gz`). */
export async function readDocument(file: string): Promise<Json> {
  let bytes = await readFile(file);
  let document: unknown;
  // Parsers name a line or a position, never the file: the message says which file it is.
  try {
    if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
    const text = bytes.toString('utf8');
    document = /\.json(\.gz)?$/.test(file) ? JSON.parse(text) : parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SyntaxError(`${file}: cannot be read as ${formatOf(file)}: ${reason}`, {
      cause: error,
    });
  }
  return checkDocument(document, file);
}

function formatOf(file: string): string {
  const format = /\.json(\.gz)?$/.test(file) ? 'JSON' : 'YAML';
  return file.endsWith('.gz') ? `gzipped ${format}` : format;
}

export function checkDocument(document: unknown, file: string): Json {
  if (!isObject(document) || typeof document.openapi !== 'string') {
    throw new TypeError(`${file}: not an OpenAPI document (no \`openapi\` version field)`);
  }
  if (!/^3\.[01]\./.test(document.openapi)) {
    throw new TypeError(`${file}: OpenAPI ${document.openapi} is not supported (3.0 and 3.1 are)`);
  }
  return document;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object a local `$ref` (`#/components/schemas/Pet`) points at, or undefined. */
export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/** Follows `$ref`s (of parameters, responses, bodies) to the object they name. */
export function deref(document: Json, value: unknown, seen = new Set<string>()): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || seen.has(value.$ref)) return value;
  seen.add(value.$ref);
  return deref(document, resolvePointer(document, value.$ref), seen);
}
