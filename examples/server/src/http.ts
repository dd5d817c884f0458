import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error the API turns into a JSON response `{ error: { status, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Largest request body accepted; anything larger is a 413. */
export const maxBodyBytes = 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendError(res: ServerResponse, error: HttpError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  sendJson(res, error.status, { error: { status: error.status, message: error.message } });
}

/**
 * Reads a JSON request body: 415 unless the content type is JSON, 413 when it is too large,
 * 400 when it does not parse or is not an object.
 */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
  }
  const text = await readText(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBodyBytes) throw new HttpError(413, `Request body exceeds ${maxBodyBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
