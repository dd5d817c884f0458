import { message } from './development';
import { TesseraError } from './TesseraError';

const MAX_VALUE_LENGTH = 120;

/** Renders a value for an error message, truncated so huge payloads do not flood logs. */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'function') text = `function ${value.name || '(anonymous)'}`;
  else if (typeof value === 'symbol' || typeof value === 'bigint') text = String(value);
  else if (value === undefined) text = 'undefined';
  else if (typeof value === 'number' && !Number.isFinite(value)) text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/**
 * Thrown when data does not fit its schema (missing primary key, wrong shape, failed
 * `validate`, absurd nesting). Normalizing stops before any table is changed.
 */
export class SchemaError extends TesseraError {
  override readonly name = 'SchemaError';
  /** The schema key (entity key or schema description) the value was checked against. */
  declare readonly schemaKey: string;
  /** The offending value, as given. */
  declare readonly value: unknown;
  /** Where the value sits in the response (`[3].author`); empty at its top. */
  declare readonly path: string;

  constructor(schemaKey: string, problem: string, value: unknown) {
    // The value is on the error; development builds show it in the message too.
    super(
      `${schemaKey}: ${problem}${message('', () => process.env.NODE_ENV !== 'production' && ` (got ${describeValue(value)})`)}`,
    );
    this.schemaKey = schemaKey;
    this.value = value;
    this.path = '';
  }
}

/**
 * Names one more step above where `error` was found, an index (`[3]`) or a field (`author`), in
 * its `path` and message (`User at [3].author: ...`), in production builds too. Returns the
 * error, for the caller to throw. A path nested hundreds of levels deep (TSR15) stops growing.
 */
export function inside(error: unknown, step: string | number): unknown {
  if (error instanceof SchemaError && error.path.length < 200) {
    const { path, schemaKey, message } = error;
    const next = `${typeof step === 'number' ? `[${step}]` : step}${path && path[0] !== '[' ? '.' : ''}${path}`;
    const head = path ? `${schemaKey} at ${path}` : schemaKey;
    Object.assign(error, {
      path: next,
      message: `${schemaKey} at ${next}${message.slice(head.length)}`,
    });
  }
  return error;
}
