import type { TodoDraft } from './database';
import { HttpError } from './http';

/** Positive safe integer from a path or query string, or undefined. */
export function parseId(text: string): number | undefined {
  if (!/^[1-9]\d*$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

const maxTitleLength = 200;

/**
 * Reads the todo fields of a request body. Only known fields are copied (so `__proto__` or
 * extra keys never reach the store); `partial` allows any subset, otherwise all are required
 * except `completed`, which defaults to false.
 */
export function readTodoFields(
  body: Record<string, unknown>,
  options: { partial: boolean; pathId?: number },
): Partial<TodoDraft> {
  const fields: Partial<TodoDraft> = {};
  if (options.pathId !== undefined && has(body, 'id') && body.id !== options.pathId) {
    throw new HttpError(400, `Body id ${JSON.stringify(body.id)} does not match the URL`);
  }
  if (has(body, 'title')) {
    if (typeof body.title !== 'string' || body.title.trim() === '') {
      throw new HttpError(400, '`title` must be a non-empty string');
    }
    if (body.title.length > maxTitleLength) {
      throw new HttpError(400, `\`title\` must be at most ${maxTitleLength} characters`);
    }
    fields.title = body.title.trim();
  } else if (!options.partial) {
    throw new HttpError(400, '`title` is required');
  }
  if (has(body, 'userId')) {
    if (typeof body.userId !== 'number' || !Number.isSafeInteger(body.userId) || body.userId < 1) {
      throw new HttpError(400, '`userId` must be a positive integer');
    }
    fields.userId = body.userId;
  } else if (!options.partial) {
    throw new HttpError(400, '`userId` is required');
  }
  if (has(body, 'completed')) {
    if (typeof body.completed !== 'boolean') {
      throw new HttpError(400, '`completed` must be a boolean');
    }
    fields.completed = body.completed;
  }
  return fields;
}

function has(body: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(body, key);
}
