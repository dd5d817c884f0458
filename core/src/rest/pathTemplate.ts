import { compile, type ParamData, parse, pathToRegexp, type Token } from 'path-to-regexp';
import { message } from '../schema/development';

interface TemplateParam {
  readonly kind: 'param' | 'wildcard';
  /** Inside a `{...}` group: may be left out. */
  readonly optional: boolean;
}

/** A path template parsed and compiled once, shared by every endpoint using the same path. */
export interface PathTemplate {
  readonly path: string;
  /** Every parameter the template names (everything else in urlParams goes to the query). */
  readonly params: ReadonlyMap<string, TemplateParam>;
  /** True when some parameter is outside every `{...}` group. */
  readonly requiresParams: boolean;
  /** Builds the path (no query) from already validated urlParams. */
  build(urlParams: Readonly<Record<string, unknown>>): string;
  /** True when `url` (no query string) is a path this template produces. */
  matches(url: string): boolean;
}

const templates = new Map<string, PathTemplate>();

/** The compiled template of `path`, built on first use and cached (paths are static code). */
export function pathTemplate(path: string): PathTemplate {
  let template = templates.get(path);
  if (!template) {
    template = compileTemplate(path);
    templates.set(path, template);
  }
  return template;
}

/**
 * Escapes what path templates make plain characters (docs/reference/path-templates.md) but
 * path-to-regexp 8 rejects: `?` and `+` (`Unexpected ?`), and a `:` that cannot start a parameter
 * name (`http://host:8080`, where v8 says `Missing parameter name`). Already escaped characters are
 * left alone.
 */
export function escapeLiterals(path: string): string {
  return path.replace(LITERAL, (match) => (match.length > 1 ? match : `\\${match}`));
}

/**
 * An escaped character (kept), or a `?`, `+`, or `:` not followed by what starts a parameter
 * name in path-to-regexp (`"`, `$`, `_` or an ID_Start character).
 */
const LITERAL = /\\.|[?+]|:(?![$_\p{ID_Start}"])/gsu;

function compileTemplate(path: string): PathTemplate {
  let tokens: ReturnType<typeof parse>;
  try {
    tokens = parse(escapeLiterals(path));
  } catch (error) {
    throw new TypeError(
      message(
        `TSR20 ${path}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `Invalid path template ${JSON.stringify(path)}: ${describe(error)}`,
      ),
      { cause: error },
    );
  }
  const params = new Map<string, TemplateParam>();
  collectParams(tokens.tokens, false, params);
  // Values arrive encoded (see encodeSegment), so path-to-regexp must not encode them again.
  const toPath = compile(tokens, { encode: false });
  let regexp: RegExp | undefined;
  return {
    path,
    params,
    requiresParams: [...params.values()].some((param) => !param.optional),
    build(urlParams) {
      const built = toPath(encodeParams(path, params, urlParams));
      assertNoDotSegments(path, built);
      return built;
    },
    matches(url) {
      regexp ??= pathToRegexp(tokens, { end: true, trailing: false, sensitive: true }).regexp;
      return regexp.test(url);
    },
  };
}

function collectParams(tokens: Token[], optional: boolean, into: Map<string, TemplateParam>) {
  for (const token of tokens) {
    if (token.type === 'group') collectParams(token.tokens, true, into);
    else if (token.type !== 'text') into.set(token.name, { kind: token.type, optional });
  }
}

/**
 * Encodes every value so it stays inside its parameter: `/`, `?`, `#`, `%` and the like are
 * percent-encoded. `undefined` and `null` leave an optional group out and are missing elsewhere;
 * `''` is rejected everywhere (it would collapse the path).
 */
function encodeParams(
  path: string,
  params: ReadonlyMap<string, TemplateParam>,
  urlParams: Readonly<Record<string, unknown>>,
): ParamData {
  const data: Record<string, string> = {};
  for (const [name, param] of params) {
    const value = Object.hasOwn(urlParams, name) ? urlParams[name] : undefined;
    const fail: Fail = (code, problem) =>
      new TypeError(
        message(
          `${code} ${name} ${path}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `URL parameter "${name}" of path ${JSON.stringify(path)} ${problem()}`,
        ),
      );
    // '' is refused even in an optional part: leaving the part out would request another
    // resource (`DELETE /users{/:id}` with '' is `DELETE /users`). `undefined` leaves it out.
    if (value === '') {
      throw fail('TSR21', () => process.env.NODE_ENV !== 'production' && 'must not be empty');
    }
    if (value === undefined || value === null) {
      if (param.optional) continue;
      throw fail(
        'TSR22',
        () =>
          process.env.NODE_ENV !== 'production' &&
          "is missing: pass it in the endpoint's arguments (a reader that must wait for it takes null instead)",
      );
    }
    if (param.kind === 'param') {
      data[name] = encodeValue(value, false, fail);
      continue;
    }
    if (!Array.isArray(value)) {
      throw fail(
        'TSR25',
        () =>
          process.env.NODE_ENV !== 'production' && 'is a wildcard and must be an array of segments',
      );
    }
    if (value.length === 0) {
      if (param.optional) continue;
      throw fail(
        'TSR26',
        () =>
          process.env.NODE_ENV !== 'production' && 'is a wildcard and needs at least one segment',
      );
    }
    data[name] = value.map((item) => encodeValue(item, true, fail)).join('/');
  }
  return data;
}

/** A bad URL parameter: its code, and what is wrong with it (development builds only). */
type Fail = (code: string, problem: () => string | false) => TypeError;

/**
 * A parameter's value, or one `segment` of a wildcard's, percent-encoded: a string or a finite
 * number (a segment also not empty, a parameter's emptiness is checked before).
 */
function encodeValue(value: unknown, segment: boolean, fail: Fail): string {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw fail(
      segment ? 'TSR27' : 'TSR23',
      () =>
        process.env.NODE_ENV !== 'production' &&
        `${segment ? 'segments must be strings or numbers' : 'must be a string or a number'} (got ${typeof value})`,
    );
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw fail(
      segment ? 'TSR28' : 'TSR24',
      () =>
        process.env.NODE_ENV !== 'production' &&
        `${segment ? 'segments must be finite numbers' : 'must be a finite number'} (got ${value})`,
    );
  }
  if (value === '') {
    throw fail(
      'TSR29',
      () => process.env.NODE_ENV !== 'production' && 'segments must not be empty',
    );
  }
  try {
    return encodeURIComponent(value);
  } catch {
    throw fail(
      'TSR30',
      () => process.env.NODE_ENV !== 'production' && 'is not valid Unicode (lone surrogate)',
    );
  }
}

/**
 * A whole segment `.` or `..` cannot be sent: URL parsers (fetch's included) resolve it, and
 * its encodings too (WHATWG URL treats `%2E%2E` as `..`), so `/users/../posts` would silently
 * become `/posts`. Such values are rejected instead of changing which resource is requested.
 */
function assertNoDotSegments(path: string, built: string) {
  if (!built.startsWith('.') && !built.includes('/.')) return; // the usual case, cheaply
  const queryStart = built.indexOf('?');
  const pathPart = queryStart === -1 ? built : built.slice(0, queryStart);
  for (const segment of pathPart.split('/')) {
    if (segment === '.' || segment === '..') {
      throw new TypeError(
        message(
          `TSR31 ${path}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `URL parameters of path ${JSON.stringify(path)} make a "${segment}" segment, which URL normalization would resolve away`,
        ),
      );
    }
  }
}

/**
 * The collection path of an item path: drops a final `/:param` segment (`/todos/:id` →
 * `/todos`). Any other ending (a literal, a group, a wildcard) is kept as is.
 */
export function shortenPath(path: string): string {
  return path.replace(FINAL_PARAM_SEGMENT, '');
}

const FINAL_PARAM_SEGMENT =
  /(?<!\\)\/:(?:[$_\p{ID_Start}](?:[$\p{ID_Continue}]|\u200c|\u200d)*|"(?:[^"\\]|\\.)*")$/u;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
