import { describeSchema } from '../schema/describeSchema';
import { message } from '../schema/development';
import { expectsObject } from '../schema/expectsObject';
import { SchemaError } from '../schema/SchemaError';
import { fixBody, hasBody } from './bodyArgument';
import type { CollectionAccessors, PaginatedEndpoint } from './collectionTypes';
import { derivedEndpoint, paginatedEndpoint } from './derivedEndpoint';
import {
  ConnectionError,
  describeStatus,
  isTimeoutReason,
  NetworkError,
  TimeoutError,
} from './NetworkError';
import { readResponse } from './parseResponse';
import { type PathTemplate, pathTemplate } from './pathTemplate';
import { combineSignals, headersToRecord, isRawBody, withTimeout } from './requestInit';
import type {
  AnyGenerics,
  ContentSchemaRule,
  RestEndpointExtraOptions,
  RestEndpointInstance,
  RestEndpointOptions,
  RestGenerics,
  WithProcess,
  WithProcessOption,
} from './restTypes';
import { serializeSearchParams } from './searchParams';

/**
 * One HTTP operation as a callable object (docs/reference/rest-endpoint.md). Options become own
 * members; defaults and overridable methods live on the prototype, so a subclass overrides them
 * with methods or class fields, and `extend()` copies the own members onto a new instance of the
 * same class.
 *
 * Precedence: prototype defaults < subclass methods < constructor options < subclass class
 * fields (JS sets fields after the base constructor) < `extend()` options.
 *
 * Errors: a status outside 200-299 rejects with `NetworkError` (body read, server message);
 * no response at all, or a body cut off mid-way, with `ConnectionError`; running out of time
 * (`timeout`, or a signal from `AbortSignal.timeout`) with `TimeoutError`; a body that is not
 * what its Content-Type claims, or not JSON under a schema, with `ResponseParseError`; an
 * empty or null body where the schema expects an entity or a list with `SchemaError` (not
 * after a 204/205); another aborted request (via `signal`,
 * `requestInit.signal` or a signal injected with `extend({ signal })`) rejects with the
 * signal's reason, which is a `DOMException` named `AbortError` unless `abort(reason)` gave
 * another; bad URL params or search params with a `TypeError` naming the parameter, and a
 * request fetch cannot make (a relative URL on a server, CR/LF in a header) with its TypeError.
 */
export interface RestEndpoint<O extends RestGenerics = AnyGenerics>
  extends RestEndpointInstance<O>,
    CollectionAccessors<O> {}

export interface RestEndpointConstructor {
  /** With a `process` option: its return type is the call's result. */
  new <O extends RestGenerics, R>(
    options: Readonly<O> &
      WithProcessOption<RestEndpointExtraOptions<O>, O, R> &
      ContentSchemaRule<O> &
      ThisType<RestEndpointInstance<O>>,
  ): RestEndpoint<WithProcess<O, R>>;
  /**
   * Subclasses (`extends RestEndpoint<O>`) inherit this signature. Their call's result type
   * comes from a `process` override, or from a `process` option whose parameters are
   * annotated (with one type parameter, an unannotated one cannot also report its result).
   */
  new <O extends RestGenerics = AnyGenerics>(options: RestEndpointOptions<O>): RestEndpoint<O>;
  readonly prototype: RestEndpoint;
}

/** Untyped view used inside this file; the public types are in restTypes.ts. */
type Endpoint = RestEndpoint;

const RESERVED_OPTIONS = new Set(['__proto__', 'constructor', 'prototype']);

class RestEndpointImpl {
  constructor(options: Record<string, unknown>) {
    const endpoint = ((...args: unknown[]) => runFetch(endpoint, args)) as unknown as Endpoint;
    // The arrow's own `name` would hide the readable one from the prototype.
    Reflect.deleteProperty(endpoint, 'name');
    Object.setPrototypeOf(endpoint, new.target.prototype);
    defineMembers(endpoint, options ?? {});
    try {
      if (process.env.NODE_ENV !== 'production') checkOptions(endpoint, options);
    } catch (error) {
      unlessNoProcess(error);
    }
    pathTemplate(endpoint.path); // compiles now, so a bad template fails where it is written
    // A constructor returning an object makes it `this` for subclass field initializers.
    // biome-ignore lint/correctness/noConstructorReturn: the instance must be callable
    return endpoint as unknown as RestEndpointImpl;
  }

  // Defaults and overridable methods. `this` is the callable endpoint.

  /**
   * `urlPrefix` + compiled path + `?` + `searchToString(leftovers)`
   * (docs/reference/rest-endpoint.md#url).
   */
  url(this: Endpoint, urlParams: Record<string, unknown> = {}): string {
    try {
      if (process.env.NODE_ENV !== 'production' && !isObject(urlParams)) {
        throw new TypeError(`${this.name}: URL params must be an object (got ${typeof urlParams})`);
      }
    } catch (error) {
      unlessNoProcess(error);
    }
    const template = pathTemplate(this.path);
    const url = joinUrl(this, template.build(urlParams));
    const leftovers: Record<string, unknown> = {};
    let hasLeftovers = false;
    for (const key of Object.keys(urlParams)) {
      if (template.params.has(key) || urlParams[key] === undefined) continue;
      // Defined, not assigned: a `__proto__` key from parsed JSON stays an ordinary key.
      defineMember(leftovers, key, urlParams[key]);
      hasLeftovers = true;
    }
    if (!hasLeftovers) return url;
    const search = this.searchToString(leftovers);
    if (!search) return url;
    // A template with its own query tail (`/search?{q=:q}`) continues it with `&`.
    return `${url}${url.includes('?') ? (/[?&]$/.test(url) ? '' : '&') : '?'}${search}`;
  }

  /**
   * Standard URLSearchParams serialization, keys sorted for deterministic keys. `undefined` and
   * `null` are left out, a Date is its ISO string, and a nested object is a TypeError (see
   * `serializeSearchParams`). Its output is part of `key()`, so an override changes both.
   */
  searchToString(this: Endpoint | undefined, searchParams: Record<string, unknown>): string {
    return serializeSearchParams(searchParams, this?.name);
  }

  /**
   * `requestInit` + method + body + headers from `getHeaders` + signal. Bodies fetch cannot
   * send as they are (plain objects, arrays, other non-BodyInit values) are JSON-encoded and
   * get `Content-Type: application/json` unless a content type was already set.
   */
  getRequestInit(this: Endpoint, body?: unknown): RequestInit | Promise<RequestInit> {
    const { headers: baseHeaders, signal: baseSignal, ...base } = this.requestInit ?? {};
    const init: RequestInit = { ...base, method: this.method };
    const json = body !== undefined && !isRawBody(body);
    if (body !== undefined) init.body = json ? JSON.stringify(body) : (body as BodyInit);
    const withHeaders = (given: HeadersInit): RequestInit => {
      const headers = headersToRecord(given);
      if (json && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
      init.headers = headers;
      const signal = combineSignals(baseSignal, this.signal);
      if (signal) init.signal = signal;
      return init;
    };
    // Synchronous unless `getHeaders` is not: a request starts in the task that asked for it.
    const headers = this.getHeaders(headersToRecord(baseHeaders));
    return isPromise(headers) ? Promise.resolve(headers).then(withHeaders) : withHeaders(headers);
  }

  /**
   * The headers to send; override to add credentials
   * (docs/reference/rest-endpoint.md#subclasses-and-authentication). May be async.
   */
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit> {
    return headers;
  }

  /**
   * Performs the request; a status outside 200-299 rejects with NetworkError (its body read,
   * the server's message as its message). A request that got no response rejects with
   * ConnectionError; an aborted one with the signal's reason, unchanged.
   */
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET';
    // fetch builds a Request from its arguments before it goes to the network; what that throws
    // (a relative URL on a server, a CR or LF in a header, a body on a GET, a stream without
    // `duplex`) is the caller's mistake, thrown as it is: only a TypeError of fetch past this
    // point is a connection failure (which is retried). Built without the signal, so that this
    // throwaway Request adds no listener to it.
    new Request(input, { ...init, signal: null });
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if (!init.signal?.aborted && error instanceof TypeError) {
        throw new ConnectionError(method, input, error);
      }
      throw error;
    }
    if (!response.ok) {
      throw await NetworkError.fromResponse(
        response,
        `${method} ${input} failed: ${describeStatus(response)}`,
      );
    }
    return response;
  }

  /**
   * Reads the body as `content` says, else as JSON when there is a schema, else by Content-Type
   * (docs/reference/rest-endpoint.md#responses). 204 is null.
   */
  parseResponse(this: Endpoint, response: Response): Promise<unknown> {
    return readResponse(response, this.content, this.schema !== undefined);
  }

  /** Identity. Override to transform the parsed value; `args` are the call's arguments. */
  process(value: unknown, ..._args: unknown[]): unknown {
    return value;
  }

  /**
   * `METHOD url` (docs/reference/rest-endpoint.md#keys), from the same arguments as a call (the
   * body is ignored) or from the URL params alone: a lone argument is the params when the path
   * requires some.
   */
  key(this: Endpoint, ...args: unknown[]): string {
    const lone = args.length === 1 && hasBody(this) && pathTemplate(this.path).requiresParams;
    return `${this.method} ${this.url(lone ? (args[0] as object) : urlParamsOf(this, args))}`;
  }

  /**
   * True for keys this endpoint produces: same method and prefix, and a path the template
   * matches, with or without a query string. (Override it along with `url` or `key`.)
   */
  testKey(this: Endpoint, key: string): boolean {
    const prefix = `${this.method} ${this.urlPrefix}`;
    if (typeof key !== 'string' || !key.startsWith(prefix)) return false;
    const url = key.slice(prefix.length);
    const template = pathTemplate(this.path);
    // `url()` joins a prefix ending in `/` and a path starting with one by one slash.
    return matchesUrl(template, url) || (prefix.endsWith('/') && matchesUrl(template, `/${url}`));
  }

  /**
   * A new endpoint of this endpoint's class with `options` over its own members. This one is
   * unchanged. A new `signal` is combined with an existing one (either aborts the request).
   */
  extend(this: Endpoint, options: Record<string, unknown>): Endpoint {
    try {
      if (process.env.NODE_ENV !== 'production' && !isObject(options)) {
        throw new TypeError(`${this.name}: extend() expects an options object`);
      }
    } catch (error) {
      unlessNoProcess(error);
    }
    // Own enumerable members: those set by options, `extend()` or subclass fields.
    const merged: Record<string, unknown> = { ...(this as object), ...options };
    if (Object.hasOwn(options, 'signal') && options.signal && this.signal) {
      merged.signal = combineSignals(this.signal, options.signal as AbortSignal);
    }
    const Constructor = this.constructor as new (options: Record<string, unknown>) => Endpoint;
    const next = new Constructor(merged);
    // Subclass field initializers ran again in that constructor; what we carry wins.
    defineMembers(next, merged);
    // A new method does not change the arguments, only a declared body does
    // (docs/reference/rest-endpoint.md#call-arguments, rule 3).
    if (!('body' in merged)) fixBody(next, hasBody(this));
    return next;
  }

  /**
   * Default false for GET, true otherwise; an explicit value wins
   * (docs/reference/rest-endpoint.md#call-arguments).
   */
  get sideEffect(): boolean {
    return !/^GET$/i.test(String((this as unknown as Endpoint).method));
  }
  set sideEffect(value: boolean) {
    defineMember(this as unknown as Endpoint, 'sideEffect', value);
  }

  /** `METHOD path` unless set. */
  get name(): string {
    const endpoint = this as unknown as Endpoint;
    return `${endpoint.method} ${endpoint.path}`;
  }
  set name(value: string) {
    defineMember(this as unknown as Endpoint, 'name', value);
  }

  // Collection-derived endpoints (docs/reference/collections.md#derived-endpoints): without a
  // Collection they throw a clear TypeError.

  get push(): Endpoint {
    return derivedEndpoint(this as unknown as Endpoint, 'push');
  }
  get unshift(): Endpoint {
    return derivedEndpoint(this as unknown as Endpoint, 'unshift');
  }
  get assign(): Endpoint {
    return derivedEndpoint(this as unknown as Endpoint, 'assign');
  }
  get remove(): Endpoint {
    return derivedEndpoint(this as unknown as Endpoint, 'remove');
  }
  get move(): Endpoint {
    return derivedEndpoint(this as unknown as Endpoint, 'move');
  }
  /** The next page by `paginationField`; only when `paginationField` is set. */
  get getPage(): PaginatedEndpoint<AnyGenerics, string> | undefined {
    const endpoint = this as unknown as Endpoint;
    if (!endpoint.paginationField) return undefined;
    return paginatedEndpoint(endpoint, endpoint.paginationField);
  }
  /** An endpoint fetching a page and appending it to this endpoint's collection. */
  paginated(fieldOrRemoveCursor: string | ((...args: unknown[]) => readonly unknown[])): Endpoint {
    return paginatedEndpoint(this as unknown as Endpoint, fieldOrRemoveCursor);
  }
}

Object.defineProperty(RestEndpointImpl, 'name', { value: 'RestEndpoint' });
// Endpoints are functions: keep call/apply/bind and `instanceof Function`.
Object.setPrototypeOf(RestEndpointImpl.prototype, Function.prototype);
Object.assign(RestEndpointImpl.prototype, { urlPrefix: '', method: 'GET' });

export const RestEndpoint = RestEndpointImpl as unknown as RestEndpointConstructor;

/** A value given later (a promise, or any thenable), not at once. */
function isPromise<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === 'function';
}

/** The fetch sequence (docs/reference/rest-endpoint.md#the-fetch-sequence). */
async function runFetch(endpoint: Endpoint, args: unknown[]): Promise<unknown> {
  const body = hasBody(endpoint) ? args[args.length - 1] : undefined;
  const url = endpoint.url(urlParamsOf(endpoint, args));
  const pending = endpoint.getRequestInit(body);
  // Not awaited when given at once, so that `fetch()` is called in this task.
  const init = isPromise(pending) ? await pending : pending;
  if (endpoint.timeout === undefined) return fetchSequence(endpoint, args, url, init);
  // The `timeout` covers waiting and reading; its timer goes when the call settles.
  return withTimeout(endpoint.timeout, init.signal ?? undefined, (signal) =>
    fetchSequence(endpoint, args, url, { ...init, signal }),
  );
}

async function fetchSequence(
  endpoint: Endpoint,
  args: unknown[],
  url: string,
  init: RequestInit,
): Promise<unknown> {
  try {
    const response = await endpoint.fetchResponse(url, init);
    let parsed: unknown;
    try {
      parsed = await endpoint.parseResponse(response);
    } catch (error) {
      // The connection was lost while the body came (fetch rejects with a TypeError): a
      // connection failure like one before the response, retryable.
      if (!init.signal?.aborted && error instanceof TypeError) {
        throw new ConnectionError(init.method ?? 'GET', url, error);
      }
      throw error;
    }
    const value = await endpoint.process(parsed, ...args);
    if (value === null || value === undefined || value === '') {
      assertDataAllowed(endpoint, init, url, response, value);
    }
    return value;
  } catch (error) {
    // Out of time (the `timeout` option or an `AbortSignal.timeout`), while waiting for the
    // response or reading it: a typed failure, not a cancellation.
    if (isTimeoutReason(error) && !(error instanceof TimeoutError)) {
      throw new TimeoutError(init.method ?? 'GET', url, error);
    }
    throw error;
  }
}

/**
 * An empty (also as text) or `null` body where the schema expects an entity or a list is a broken response,
 * not "nothing": rejecting it keeps the store's previous data for the key. A 204/205 and a
 * schema that takes null (none, `Invalidate`, a custom one) are left alone, as is a `process`
 * that builds a value from the arguments.
 */
function assertDataAllowed(
  endpoint: Endpoint,
  init: RequestInit,
  url: string,
  response: Response,
  value: unknown,
): void {
  // 204 and 205 say "no body" on purpose: their `null` is data (docs/reference/rest-endpoint.md#responses).
  if (response.status === 204 || response.status === 205 || !expectsObject(endpoint.schema)) return;
  throw new SchemaError(
    describeSchema(endpoint.schema),
    message(
      `TSR43 ${init.method ?? 'GET'} ${url} ${response.status}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `${init.method ?? 'GET'} ${url} answered ${describeStatus(response)} with an empty or null body (answer 204 for "nothing", or build the value in process())`,
    ),
    value,
  );
}

/**
 * `urlPrefix` + path, joined by one slash when both have one. An absolute (or `//host`) prefix
 * keeps its origin: a path that would continue its host or port (`:id` with `.evil.test` after
 * `http://api.test`) is a TypeError (docs/reference/rest-endpoint.md#url).
 */
function joinUrl(endpoint: Endpoint, path: string): string {
  const prefix = endpoint.urlPrefix;
  const url = prefix.endsWith('/') && path.startsWith('/') ? prefix + path.slice(1) : prefix + path;
  const origin = ORIGIN.exec(prefix)?.[0];
  if (origin !== undefined && !/^([/?#]|$)/.test(url.slice(origin.length))) {
    throw new TypeError(
      message(
        `TSR49 ${endpoint.name} ${url}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `${endpoint.name}: ${url} is not on the origin of urlPrefix ${prefix} (start the path with /)`,
      ),
    );
  }
  return url;
}

/** The scheme and host (and port) an absolute or protocol-relative URL starts with. */
const ORIGIN = /^([a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i;

/** True when the template makes `url`, with or without a query string after it. */
function matchesUrl(template: PathTemplate, url: string): boolean {
  if (template.matches(url)) return true;
  // Cut before each `?` or later `&` in turn: the query string may start at any of them
  // when the template has a query tail of its own.
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return false;
  for (let i = queryStart; i < url.length; i++) {
    if ((url[i] === '?' || url[i] === '&') && template.matches(url.slice(0, i))) return true;
  }
  return false;
}

/**
 * With a body and fewer than 2 arguments the URL params are `{}`
 * (docs/reference/rest-endpoint.md#call-arguments, rule 5).
 */
function urlParamsOf(endpoint: Endpoint, args: unknown[]): Record<string, unknown> {
  if (hasBody(endpoint) && args.length < 2) return {};
  return (args[0] ?? {}) as Record<string, unknown>;
}

function defineMember(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function defineMembers(endpoint: Endpoint, options: Record<string, unknown>) {
  for (const key of Object.keys(options)) {
    if (RESERVED_OPTIONS.has(key)) {
      throw new TypeError(
        message(
          `TSR44 ${key}`,
          () =>
            process.env.NODE_ENV !== 'production' && `RestEndpoint option "${key}" is not allowed`,
        ),
      );
    }
    defineMember(endpoint, key, options[key]);
  }
}

/**
 * Development builds check options and arguments of the wrong kind, which the types already rule
 * out (docs/reference/messages.md#development-only-checks); production builds leave these checks
 * out, so they have no code. Each site reads `try { if (process.env.NODE_ENV !== 'production') check() } catch (error)
 * { unlessNoProcess(error) }`: bundlers replace the condition and fold the whole block away (see
 * `message`), and a browser without a bundler, which has no `process`, skips the check.
 */
function unlessNoProcess(error: unknown): void {
  if (!(error instanceof ReferenceError)) throw error;
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

/** The constructor's options, development builds only. */
function checkOptions(endpoint: Endpoint, options: unknown): void {
  if (!isObject(options))
    throw new TypeError('RestEndpoint expects an options object with a `path`');
  if (typeof endpoint.path !== 'string') {
    throw new TypeError(`RestEndpoint needs a string \`path\` (got ${typeof endpoint.path})`);
  }
  if (typeof endpoint.urlPrefix !== 'string') {
    throw new TypeError(`${endpoint.name}: urlPrefix must be a string`);
  }
  const { timeout } = endpoint;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout < 2 ** 31)) {
    throw new TypeError(
      `${endpoint.name}: timeout must be a positive number of ms (got ${timeout})`,
    );
  }
  if (
    endpoint.content !== undefined &&
    endpoint.content !== 'json' &&
    endpoint.schema !== undefined
  ) {
    // Binary or text data cannot be normalized (docs/reference/rest-endpoint.md#responses).
    throw new TypeError(
      `${endpoint.name}: content '${endpoint.content}' cannot have a schema (only JSON is normalized)`,
    );
  }
}
