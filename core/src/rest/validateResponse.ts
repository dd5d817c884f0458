import { message } from '../schema/development';
import { TesseraError } from '../schema/TesseraError';
import type { StandardSchemaIssue, StandardSchemaOutput, StandardSchemaV1 } from './standardSchema';

/**
 * A response that its validator refused (docs/guide/validation.md). The first issue is in the
 * message, as `where` and `reason`; all of them are in `issues`. Thrown before the store
 * normalizes anything, so the store keeps what it had for the key.
 */
export class ResponseValidationError extends TesseraError {
  override readonly name = 'ResponseValidationError';
  /** Where the first problem is, as `items[0].name` (`$` for the whole response). */
  declare readonly where: string;
  /** The first problem's reason, as the validator gave it. */
  declare readonly reason: string;
  declare readonly issues: readonly StandardSchemaIssue[];
  /** The response that was refused. */
  declare readonly value: unknown;

  constructor(endpoint: string, issues: readonly StandardSchemaIssue[], value: unknown) {
    const where = issuePath(issues[0]);
    const reason = issues[0]?.message ?? '';
    super(
      message(
        `TSR59 ${endpoint} ${where}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `${endpoint}: the response does not pass its validator at ${where}: ${reason}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      ),
    );
    this.where = where;
    this.reason = reason;
    this.issues = issues;
    this.value = value;
  }
}

/**
 * A `process` that checks the parsed response with a Standard Schema validator (zod, valibot,
 * arktype) and resolves to what it yields, typed as its output; a refusal rejects with
 * `ResponseValidationError`.
 *
 * ```ts
 * new RestEndpoint({ path: '/todos/:id', schema: Todo, process: validateResponse(TodoJson) })
 * ```
 */
export function validateResponse<S extends StandardSchemaV1>(
  validator: S,
): (this: unknown, value: unknown) => Promise<StandardSchemaOutput<S>> {
  return async function process(this: unknown, value: unknown) {
    const result = await validator['~standard'].validate(value);
    if (result.issues) {
      const name = (this as { name?: unknown } | undefined)?.name;
      throw new ResponseValidationError(String(name ?? 'response'), result.issues, value);
    }
    return result.value as StandardSchemaOutput<S>;
  };
}

/** `items[0].name`: identifiers after a dot, other keys in brackets. */
function issuePath(issue: StandardSchemaIssue | undefined): string {
  let path = '$';
  for (const segment of issue?.path ?? []) {
    const key = typeof segment === 'object' ? segment.key : segment;
    path +=
      typeof key === 'string' && /^[$_\p{ID_Start}][$\p{ID_Continue}]*$/u.test(key)
        ? `.${key}`
        : `[${typeof key === 'number' ? key : JSON.stringify(String(key))}]`;
  }
  return path;
}
