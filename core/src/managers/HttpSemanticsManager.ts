import { NetworkError } from '../rest/NetworkError';
import { RetryAfterError } from '../rest/RetryAfterError';
import { INVALID } from '../schema/INVALID';
import { getOwn } from '../schema/ownProperty';
import type { Controller, Dispatch, EndpointInterface, Manager, State } from '../store';
import type { Action, FetchAction, SetResponseAction } from '../store/actions';
import { unrefTimer } from '../store/unrefTimer';
import { freshness, retryAfter } from './httpHeaders';

export interface HttpSemanticsOptions {
  /**
   * A result fetched with an `ETag` (or `Last-Modified`) is fetched again with `If-None-Match`
   * (`If-Modified-Since`); a `304` keeps it as it is and renews its expiry. Default true.
   */
  readonly conditionalRequests?: boolean;
  /**
   * `Cache-Control` (`max-age`, `no-cache`, `no-store`, `stale-while-revalidate`) and `Expires`
   * set how long a result is fresh (and shown once stale) when its endpoint sets no
   * `dataExpiryLength` of its own. Default true.
   */
  readonly cacheControl?: boolean;
  /**
   * A `429` or `503` with `Retry-After` fails with a `RetryAfterError`, and every request to
   * that origin waits until then (one wait per origin). Default true.
   */
  readonly retryAfter?: boolean;
  /** The longest `Retry-After` waited for (ms); a longer one is cut to this. Default 600 000. */
  readonly maxRetryAfterMs?: number;
}

/** What this manager needs of an endpoint: a RestEndpoint's request steps and `extend`. */
interface HttpEndpoint extends EndpointInterface {
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
  parseResponse(response: Response): Promise<unknown>;
  process(value: unknown, ...args: unknown[]): unknown;
  readonly dataExpiryLength?: number;
  extend(options: object): HttpEndpoint;
}

function isHttpEndpoint(endpoint: EndpointInterface): endpoint is HttpEndpoint {
  return (
    typeof endpoint.extend === 'function' &&
    typeof Reflect.get(endpoint, 'fetchResponse') === 'function' &&
    typeof Reflect.get(endpoint, 'parseResponse') === 'function' &&
    typeof Reflect.get(endpoint, 'process') === 'function'
  );
}

/** The validators of a stored result, and that result (normalized) as it was stored. */
interface Validators {
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly result: unknown;
  /** The lifetime its headers gave (a 304 that says none renews it by this). */
  readonly lifetime: number | undefined;
  /** Their `stale-while-revalidate` window (ms), likewise. */
  readonly window: number | undefined;
  /** When the fetch that stored the result started (its `meta.fetchedAt`). */
  readonly fetchedAt: number;
  /** The result was dropped at the end of its window: the store kept only its meta. */
  swept?: boolean;
}

/** When a result's `stale-while-revalidate` window is over: it is dropped, unless written since. */
interface Deadline {
  readonly at: number;
  readonly key: string;
  readonly fetchedAt: number;
}

/** Adds to a binary heap ordered by `at`. */
function heapPush(heap: Deadline[], item: Deadline): void {
  let i = heap.push(item) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent].at <= item.at) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = item;
}

/** Takes the soonest out of a binary heap ordered by `at`. */
function heapPop(heap: Deadline[]): Deadline | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (last === undefined || heap.length === 0) return top;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= heap.length) break;
    const child = left + 1 < heap.length && heap[left + 1].at < heap[left].at ? left + 1 : left;
    if (heap[child].at >= last.at) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = last;
  return top;
}

/** One request this manager follows, from its fetch to its outcome. */
interface Exchange {
  readonly fetchedAt: number;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** The validators sent with it, when it asks "has it changed?". */
  readonly conditional: Validators | undefined;
  origin?: string;
  /** The headers of its response (a 304's too). */
  headers?: Headers;
  notModified?: boolean;
}

/** An origin that said "not before `retryAt`": requests to it wait together. */
interface Block {
  readonly retryAt: number;
  readonly timer: ReturnType<typeof setTimeout>;
  readonly waiting: Set<() => void>;
  /** The reads it refused, fetched once more when it opens. */
  readonly refused: Map<string, Exchange>;
}

/** What a 304 hands on in place of a body (never stored: the manager writes the stored result). */
const NOT_MODIFIED: object = /* @__PURE__ */ Object.freeze({ notModified: true });

function committedOf(state: State) {
  return state.committed ?? state;
}

function originOf(input: string): string {
  try {
    return new URL(input, globalThis.location?.href).origin;
  } catch {
    return '';
  }
}

/**
 * True for a schema that adds what it reads to the collections stored (a page, `addWith`: a
 * `CollectionUpdate`, known by its `collection` and `mode`), anywhere in it.
 */
function writesCollections(schema: unknown, depth = 0): boolean {
  if (schema === null || typeof schema !== 'object' || depth > 16) return false;
  const { collection, mode } = schema as { collection?: unknown; mode?: unknown };
  if (collection !== undefined && typeof mode === 'string') return true;
  const fields = Array.isArray(schema)
    ? schema
    : Object.getPrototypeOf(schema) === Object.prototype
      ? Object.values(schema)
      : [(schema as { schema?: unknown }).schema];
  return fields.some((field) => writesCollections(field, depth + 1));
}

/**
 * True when `result` reads whole from the store now: every entity it names is there (a list
 * would leave out one evicted since, and a 304 could not bring it back).
 */
function readable(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  result: unknown,
): boolean {
  if (endpoint.schema == null) return true;
  const { entities } = controller.getState();
  try {
    const { data, paths } = controller.memo.denormalize(
      endpoint.schema as never,
      result,
      entities,
      args as never[],
    );
    if (data === undefined || data === INVALID) return false;
    return paths.every(({ key, pk }) => {
      const entity = getOwn(getOwn(entities, key), pk);
      return entity !== undefined && entity !== INVALID;
    });
  } catch {
    return false;
  }
}

/** The request with the validators that ask whether the stored result is still current. */
function conditionalInit(init: RequestInit, validators: Validators): RequestInit {
  const headers = new Headers(init.headers);
  if (validators.etag !== null) headers.set('If-None-Match', validators.etag);
  else if (validators.lastModified !== null)
    headers.set('If-Modified-Since', validators.lastModified);
  // A browser's HTTP cache would answer a 304 itself, hiding it from script: the revalidation is
  // the store's (explicit validators and `no-store` reach the server, and its 304 reaches us).
  return { ...init, headers, cache: 'no-store' };
}

/**
 * HTTP semantics, opt in (docs/guide/http.md): `createStore({ managers: [new HttpSemanticsManager()] })`
 * from `@tessera/core/http`. For `RestEndpoint`s (any endpoint with its request steps):
 *
 * - a result stored with an `ETag` or `Last-Modified` is fetched again conditionally; a `304
 *   Not Modified` keeps it as it is (the same object for readers, nothing parsed or normalized)
 *   and renews its expiry;
 * - `Cache-Control: max-age` (or `Expires`) sets how long a result is fresh, `no-cache` makes it
 *   stale at once, `no-store` keeps it out of persistence and other tabs,
 *   `stale-while-revalidate` bounds how long past that it is shown while refetched (one timer
 *   for all); an endpoint's own `dataExpiryLength` wins;
 * - a `429` or `503` with `Retry-After` fails with a `RetryAfterError` naming `retryAt`; until
 *   then every request to that origin waits (one timer per origin), and the reads it refused
 *   are fetched once more at that time.
 *
 * Place it after a `MutationQueue` in `managers`: it hands the network its own copy of each
 * endpoint, which the queue would not recognise.
 */
export class HttpSemanticsManager implements Manager {
  private readonly options: HttpSemanticsOptions;
  private readonly validators = new Map<string, Validators>();
  /** Keys whose last response said `no-store`. */
  private readonly unshared = new Set<string>();
  private readonly exchanges = new WeakMap<EndpointInterface, Exchange>();
  private readonly blocked = new Map<string, Block>();
  /** Results whose `stale-while-revalidate` window ends, soonest first; one timer for them all. */
  private readonly windows: Deadline[] = [];
  private windowTimer: ReturnType<typeof setTimeout> | undefined;
  /** True while this manager drops results whose window ended (their validators stay). */
  private sweeping = false;

  constructor(options: HttpSemanticsOptions = {}) {
    this.options = options;
  }

  /** Origins waiting out a `Retry-After`, and until when (ms since the epoch). */
  get retryAt(): ReadonlyMap<string, number> {
    return new Map([...this.blocked].map(([origin, block]) => [origin, block.retryAt]));
  }

  middleware(controller: Controller) {
    controller.features.shared = (key) => !this.unshared.has(key);
    return (next: Dispatch): Dispatch =>
      (action) => {
        switch (action.type) {
          case 'fetch':
            return this.onFetch(controller, next, action);
          case 'setResponse':
            return this.onResponse(controller, next, action);
          case 'reset':
            this.validators.clear();
            this.unshared.clear();
            this.windows.length = 0;
            clearTimeout(this.windowTimer);
            this.windowTimer = undefined;
            return next(action);
          case 'gc':
          case 'invalidate':
            this.forget(action);
            return next(action);
          default:
            return next(action);
        }
      };
  }

  cleanup(): void {
    for (const block of this.blocked.values()) clearTimeout(block.timer);
    this.blocked.clear();
    clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
    this.windows.length = 0;
  }

  private onFetch(controller: Controller, next: Dispatch, action: FetchAction): Promise<void> {
    const { endpoint, key } = action;
    if (!isHttpEndpoint(endpoint)) return next(action);
    const exchange: Exchange = {
      fetchedAt: action.fetchedAt,
      endpoint,
      args: action.args,
      conditional:
        this.options.conditionalRequests === false ||
        endpoint.sideEffect ||
        // Its response also writes elsewhere, which a 304 would not do again.
        endpoint.update !== undefined ||
        writesCollections(endpoint.schema)
          ? undefined
          : this.validatorsOf(controller, endpoint, action.args, key),
    };
    const own = this.ownCopy(controller, endpoint, exchange);
    this.exchanges.set(own, exchange);
    return next({ ...action, endpoint: own });
  }

  /**
   * The validators of the result the store holds for `key`, if they are still its own and it can
   * still be read (a 304 restores nothing: entities evicted since must come in a 200).
   */
  private validatorsOf(
    controller: Controller,
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
  ): Validators | undefined {
    const validators = this.validators.get(key);
    if (validators === undefined) return undefined;
    const { endpoints, meta } = committedOf(controller.getState());
    const stored = getOwn(meta, key);
    const current = Object.hasOwn(endpoints, key)
      ? getOwn(endpoints, key) === validators.result && !stored?.invalidated
      : // Dropped at the end of its window, nothing written since: a 304 puts it back.
        validators.swept === true && stored?.fetchedAt === validators.fetchedAt;
    if (current && readable(controller, endpoint, args, validators.result)) return validators;
    // Written since by something else (another response, `setResponse`, another tab): useless.
    this.validators.delete(key);
    return undefined;
  }

  /** The endpoint as this request performs it: conditional, reading headers, waiting its turn. */
  private ownCopy(controller: Controller, endpoint: HttpEndpoint, exchange: Exchange) {
    const manager = this;
    const { fetchResponse, parseResponse, process } = endpoint;
    return endpoint.extend({
      async fetchResponse(this: HttpEndpoint, input: string, init: RequestInit) {
        const origin = originOf(input);
        exchange.origin = origin;
        const turn = manager.turn(origin, init.signal);
        if (turn) await turn;
        const { conditional } = exchange;
        const sent = conditional ? conditionalInit(init, conditional) : init;
        try {
          const response = await fetchResponse.call(this, input, sent);
          exchange.headers = response.headers;
          exchange.notModified = false;
          return response;
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          if (error.status === 304 && conditional) {
            exchange.headers = error.headers;
            exchange.notModified = true;
            return new Response(null, { status: 304 });
          }
          const at =
            manager.options.retryAfter !== false && (error.status === 429 || error.status === 503)
              ? retryAfter(error.headers.get('retry-after'), controller.now())
              : undefined;
          if (at === undefined) throw error;
          throw new RetryAfterError(error, manager.block(controller, origin, at));
        }
      },
      parseResponse(this: HttpEndpoint, response: Response) {
        return exchange.notModified
          ? Promise.resolve(NOT_MODIFIED)
          : parseResponse.call(this, response);
      },
      process(this: HttpEndpoint, value: unknown, ...args: unknown[]) {
        return value === NOT_MODIFIED ? value : process.call(this, value, ...args);
      },
    });
  }

  private onResponse(
    controller: Controller,
    next: Dispatch,
    action: SetResponseAction,
  ): Promise<void> {
    const exchange = this.exchanges.get(action.endpoint);
    if (exchange === undefined || exchange.fetchedAt !== action.meta.fetchedAt) {
      return next(action);
    }
    this.exchanges.delete(action.endpoint);
    const { key } = action;
    if (action.error) {
      const error = action.response;
      if (!(error instanceof RetryAfterError)) return next(action);
      // Read again when the origin opens, not before (the error stays until then).
      if (!exchange.endpoint.sideEffect && exchange.origin !== undefined) {
        this.blocked.get(exchange.origin)?.refused.set(key, exchange);
      }
      return next({ ...action, meta: { ...action.meta, expiresAt: error.retryAt } });
    }
    const { headers, notModified } = exchange;
    if (headers === undefined || exchange.endpoint.sideEffect) return next(action);
    const read =
      this.options.cacheControl === false
        ? { noStore: false }
        : freshness(headers, controller.now());
    // A 304 that says nothing of caching keeps what the 200 said.
    const previous =
      notModified && !headers.has('cache-control') ? exchange.conditional : undefined;
    const lifetime = read.lifetime ?? previous?.lifetime;
    const staleFor = read.staleWhileRevalidate ?? previous?.window;
    let { meta } = action;
    // The endpoint's own lifetime wins over what the server says.
    const byHeaders = lifetime !== undefined && exchange.endpoint.dataExpiryLength === undefined;
    if (byHeaders) meta = { ...meta, expiresAt: meta.date + lifetime };
    // A 304 that repeats no caching header leaves the result shared or not as it was.
    if (!notModified || headers.has('cache-control')) {
      if (read.noStore) this.unshared.add(key);
      else this.unshared.delete(key);
    }
    let written: Promise<void>;
    if (notModified) {
      // The stored result, as it is: written again with a new expiry, nothing normalized.
      const { endpoints } = committedOf(controller.getState());
      const result = Object.hasOwn(endpoints, key)
        ? getOwn(endpoints, key)
        : exchange.conditional?.result;
      const asStored = (action.endpoint as HttpEndpoint).extend({
        schema: undefined,
        update: undefined,
      });
      written = next({ ...action, endpoint: asStored, response: result, meta });
    } else {
      written = next({ ...action, meta });
    }
    this.remember(controller, exchange, key, meta.fetchedAt, lifetime, staleFor);
    if (byHeaders && staleFor !== undefined) {
      this.schedule(controller, { at: meta.expiresAt + staleFor, key, fetchedAt: meta.fetchedAt });
    }
    return written;
  }

  /** After a response was written: its validators, if it became the key's result. */
  private remember(
    controller: Controller,
    { headers = new Headers(), conditional, notModified }: Exchange,
    key: string,
    fetchedAt: number,
    lifetime: number | undefined,
    window: number | undefined,
  ): void {
    // A 304 need not repeat the validators: those it was asked with still stand for the result.
    const sent = notModified ? conditional : undefined;
    const etag = headers.get('etag') ?? sent?.etag ?? null;
    const lastModified = headers.get('last-modified') ?? sent?.lastModified ?? null;
    const { endpoints, meta } = committedOf(controller.getState());
    const stored = getOwn(meta, key);
    if (
      (etag !== null || lastModified !== null) &&
      stored?.fetchedAt === fetchedAt &&
      stored.error === undefined &&
      Object.hasOwn(endpoints, key)
    ) {
      const result = getOwn(endpoints, key);
      this.validators.set(key, { etag, lastModified, result, lifetime, window, fetchedAt });
    } else if ((this.validators.get(key)?.fetchedAt ?? 0) <= fetchedAt) {
      // Unless a fetch started later already stored its own.
      this.validators.delete(key);
    }
  }

  /** Results dropped from the store take their validators with them (not those it dropped). */
  private forget(action: Extract<Action, { type: 'gc' | 'invalidate' }>): void {
    if (this.sweeping) return;
    const { keys } = action;
    const drop = (key: string) => {
      this.validators.delete(key);
      this.unshared.delete(key);
    };
    if (typeof keys !== 'function') {
      for (const key of keys) drop(key);
      return;
    }
    for (const key of [...new Set([...this.validators.keys(), ...this.unshared])]) {
      if (keys(key)) drop(key);
    }
  }

  /** Drops the result at `deadline.at` (one timer, for the soonest deadline). */
  private schedule(controller: Controller, deadline: Deadline): void {
    heapPush(this.windows, deadline);
    if (this.windows[0] !== deadline) return;
    clearTimeout(this.windowTimer);
    this.windowTimer = unrefTimer(
      setTimeout(() => this.sweep(controller), Math.max(0, deadline.at - controller.now())),
    );
  }

  /**
   * The windows that ended: their results, unless written since or being fetched, are dropped
   * (the next reader waits for the refetch instead of showing them); their validators stay, so
   * the refetch is still conditional and a 304 puts the same result back. A result on screen is
   * left as it is shown (dropping it would only flash a loading state) and looked at again later.
   */
  private sweep(controller: Controller): void {
    this.windowTimer = undefined;
    if (controller.isDisposed) return;
    const now = controller.now();
    const state = controller.getState();
    const { meta } = committedOf(state);
    const ended: string[] = [];
    const shown: Deadline[] = [];
    let live: ReadonlySet<string> | undefined;
    while (this.windows.length > 0 && this.windows[0].at <= now) {
      const deadline = heapPop(this.windows) as Deadline;
      const { key, fetchedAt } = deadline;
      if (getOwn(meta, key)?.fetchedAt !== fetchedAt || getOwn(state.fetching, key) !== undefined)
        continue;
      const validators = this.validators.get(key);
      live ??= controller.liveReferences().keys;
      if (live.has(key)) {
        shown.push({ ...deadline, at: now + Math.max(validators?.window ?? 0, 1_000) });
        continue;
      }
      if (validators?.fetchedAt === fetchedAt) validators.swept = true;
      ended.push(key);
    }
    for (const deadline of shown) heapPush(this.windows, deadline);
    if (ended.length > 0) {
      this.sweeping = true;
      try {
        controller.dispatch({ type: 'invalidate', keys: ended }).catch(() => {});
      } finally {
        this.sweeping = false;
      }
    }
    const next = this.windows[0];
    if (next !== undefined) {
      this.windowTimer = unrefTimer(
        setTimeout(() => this.sweep(controller), Math.max(0, next.at - now)),
      );
    }
  }

  /** Until `origin` opens again: undefined when it is open. Rejects when `signal` aborts. */
  private turn(origin: string, signal: AbortSignal | null | undefined): Promise<void> | undefined {
    const block = this.blocked.get(origin);
    if (block === undefined) return undefined;
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      const aborted = () => {
        block.waiting.delete(go);
        reject(signal?.reason);
      };
      const go = () => {
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      block.waiting.add(go);
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /** `origin` said "not before `at`": one timer for it, the latest time it named (capped). */
  private block(controller: Controller, origin: string, at: number): number {
    const now = controller.now();
    const until = Math.min(at, now + (this.options.maxRetryAfterMs ?? 600_000));
    const block = this.blocked.get(origin);
    if (block !== undefined && block.retryAt >= until) return block.retryAt;
    if (block !== undefined) clearTimeout(block.timer);
    this.blocked.set(origin, {
      retryAt: until,
      timer: unrefTimer(setTimeout(() => this.open(controller, origin), until - now)),
      waiting: block?.waiting ?? new Set(),
      refused: block?.refused ?? new Map(),
    });
    return until;
  }

  /** The wait is over: what waited goes, and what was refused is read once more. */
  private open(controller: Controller, origin: string): void {
    const block = this.blocked.get(origin);
    if (block === undefined) return;
    this.blocked.delete(origin);
    for (const go of block.waiting) go();
    if (controller.isDisposed) return;
    for (const { endpoint, args } of block.refused.values()) {
      controller.fetch(endpoint, ...(args as never[])).catch(() => {});
    }
  }
}
