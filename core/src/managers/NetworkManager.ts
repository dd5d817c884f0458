import { asTimeoutError, isTimeoutReason } from '../rest/NetworkError';
import { message } from '../schema/development';
import { INVALID } from '../schema/INVALID';
import { getOwn } from '../schema/ownProperty';
import { TesseraError } from '../schema/TesseraError';
import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import { StoreDisposedError } from '../store';
import type { Action, FetchAction, ResponseWritten } from '../store/actions';
import type { Attempt } from '../store/Features';
import { warnMissingFeature } from './features';
import { untilAborted } from './untilAborted';

/** Performs one request for an endpoint; the default calls it (through `extend({ signal })`). */
export type PerformRequest = (
  endpoint: EndpointInterface,
  args: readonly unknown[],
  signal: AbortSignal,
) => Promise<unknown>;

export interface NetworkManagerOptions {
  /** Replaces how requests are made (fixtures in tests, a transport in apps). */
  perform?: PerformRequest;
}

/**
 * Calls the endpoint with the manager's abort signal: through `extend({ signal })` when it has
 * one (which combines it with the endpoint's own), otherwise by racing both signals.
 */
export const callEndpoint: PerformRequest = (endpoint, args, signal) => {
  if (endpoint.extend) return endpoint.extend({ signal })(...args);
  return untilAborted(untilAborted(Promise.resolve(endpoint(...args)), endpoint.signal), signal);
};

/**
 * The endpoint without the caller's signal (`extend({ signal: undefined })`), so that a request
 * shared by several callers is aborted only by the manager. The endpoint itself when it has no
 * signal, or when it cannot drop it (the request then stays this caller's own).
 */
function withoutCallerSignal(endpoint: EndpointInterface): EndpointInterface {
  if (endpoint.signal === undefined || !endpoint.extend) return endpoint;
  const detached: unknown = endpoint.extend({ signal: undefined });
  const usable =
    typeof detached === 'function' &&
    typeof (detached as Partial<EndpointInterface>).key === 'function' &&
    (detached as Partial<EndpointInterface>).signal === undefined;
  return usable ? (detached as EndpointInterface) : endpoint;
}

/** Rejects fetches whose store was reset while they were in flight. */
export class ResetError extends TesseraError {
  override readonly name = 'ResetError';
  constructor(key: string) {
    super(
      message(
        `TSR63 ${key}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `Fetch of "${key}" was dropped: the store was reset while it was in flight`,
      ),
    );
  }
}

/** One `controller.fetch` waiting for a request; its signal expresses only its own interest. */
interface Caller {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/** One request in flight and the callers still waiting for it. */
interface Request {
  /** The fetch that started it (its key, endpoint, arguments and start time). */
  readonly action: FetchAction;
  readonly abort: AbortController;
  readonly callers: Set<Caller>;
  /** Set when the store was reset or disposed: its outcome is dropped, callers get this error. */
  dropped?: Error;
}

/**
 * Performs fetches. Concurrent GETs (no side effect) with the same key share one request;
 * mutations never do. A caller's own signal (carried by the fetch action: the endpoint's
 * `signal`, e.g. from `extend({ signal })`, or a reader's) withdraws only that caller: its promise rejects at once with the abort reason, and
 * the request is aborted once every caller sharing it has left. A cancelled request writes
 * nothing: only its in-flight mark is cleared (`fetchCancelled`). Reset and dispose abort what is
 * in flight. Outcomes are written by the reducer, which drops responses older than the last reset
 * and never lets an older response overwrite newer data; a request invalidated (or expired) after
 * it started is no longer joined (the reducer keeps its late outcome invalid).
 */
export class NetworkManager implements Manager {
  /** Requests later GETs of the same key may join. */
  private readonly shared = new Map<string, Request>();
  private readonly running = new Set<Request>();
  private readonly perform: PerformRequest;

  constructor(options: NetworkManagerOptions = {}) {
    this.perform = options.perform ?? callEndpoint;
  }

  middleware(controller: Controller) {
    return (next: Dispatch): Dispatch =>
      (action) => {
        switch (action.type) {
          case 'fetch':
            return this.handleFetch(controller, next, action);
          case 'reset':
            this.abortAll((key) => new ResetError(key));
            return next(action);
          case 'invalidate':
          case 'expireAll':
            this.stopSharing(action);
            return next(action);
          case 'subscribe':
            // Development only: a live reader's `pollFrequency` needs the polling feature.
            if (
              process.env.NODE_ENV !== 'production' &&
              action.endpoint.pollFrequency !== undefined &&
              !controller.features.polling
            ) {
              warnMissingFeature(action.endpoint, action.key, 'pollFrequency', 'PollingManager');
            }
            return next(action);
          default:
            return next(action);
        }
      };
  }

  cleanup(): void {
    this.abortAll(() => new StoreDisposedError());
  }

  /** Number of requests in flight. */
  get size(): number {
    return this.running.size;
  }

  private handleFetch(controller: Controller, next: Dispatch, action: FetchAction): Promise<void> {
    const { endpoint, key } = action;
    const callerSignal = action.signal;
    if (callerSignal?.aborted) {
      // Withdrawn before it asked: nothing is started, joined or recorded.
      action.reject(callerSignal.reason);
      return Promise.resolve();
    }
    const existing = endpoint.sideEffect ? undefined : this.shared.get(key);
    if (existing) {
      this.join(existing, action);
      return Promise.resolve();
    }
    const performer = withoutCallerSignal(endpoint);
    const request: Request = { action, abort: new AbortController(), callers: new Set() };
    this.running.add(request);
    if (!endpoint.sideEffect && performer.signal === undefined) this.shared.set(key, request);
    this.join(request, action);
    // The fetch is recorded (in flight, optimistic) first, then the request starts in the same
    // task: `fetch()` is called before a framework goes on rendering what asked for it.
    try {
      return next(action);
    } finally {
      void this.run(controller, request, performer);
    }
  }

  private join(request: Request, action: FetchAction): void {
    const { signal } = action;
    const caller: Caller = {
      resolve: action.resolve,
      reject: action.reject,
      signal,
      onAbort: () => this.leave(request, caller),
    };
    request.callers.add(caller);
    signal?.addEventListener('abort', caller.onAbort, { once: true });
  }

  /** A caller's signal aborted: it stops waiting; the last one to leave aborts the request. */
  private leave(request: Request, caller: Caller): void {
    if (!request.callers.delete(caller)) return;
    caller.reject(caller.signal?.reason);
    if (request.callers.size > 0) return;
    // Nobody waits any more: a later fetch of the key starts anew instead of joining this one.
    const { key } = request.action;
    if (this.shared.get(key) === request) this.shared.delete(key);
    request.abort.abort(caller.signal?.reason);
  }

  /** Settles every caller still waiting, and forgets them. */
  private settle(request: Request, outcome: { value: unknown } | { error: unknown }): void {
    const callers = [...request.callers];
    request.callers.clear();
    for (const caller of callers) {
      caller.signal?.removeEventListener('abort', caller.onAbort);
      if ('error' in outcome) caller.reject(outcome.error);
      else caller.resolve(outcome.value);
    }
  }

  /** Not joinable nor counted any more (called before its outcome is written). */
  private forget(request: Request): void {
    this.running.delete(request);
    const { key } = request.action;
    if (this.shared.get(key) === request) this.shared.delete(key);
  }

  /** Calls the endpoint, writes its outcome, and settles the callers with the stored result. */
  private async run(
    controller: Controller,
    request: Request,
    performer: EndpointInterface,
  ): Promise<void> {
    const { endpoint, args, key, fetchedAt } = request.action;
    const { signal } = request.abort;
    const attempt: Attempt = async (attemptSignal) => {
      try {
        return await untilAborted(this.perform(performer, args, attemptSignal), attemptSignal);
      } catch (error) {
        // Out of time (the retries feature's timeout, an endpoint's own signal), seen by an
        // endpoint that does not type it.
        if (!signal.aborted && isTimeoutReason(error)) throw asTimeoutError(error, key);
        throw error;
      }
    };
    const { request: withPolicy, network } = controller.features;
    // Development only: `retry`, and the `timeout` of an endpoint that does not apply it itself
    // (a RestEndpoint does, through its `fetchResponse`), need the retries feature.
    if (process.env.NODE_ENV !== 'production' && !withPolicy) {
      const ownTimeout = typeof Reflect.get(endpoint, 'fetchResponse') === 'function';
      const option =
        endpoint.retry !== undefined
          ? 'retry'
          : endpoint.timeout !== undefined && !ownTimeout
            ? 'timeout'
            : undefined;
      if (option) warnMissingFeature(endpoint, key, option, 'RetryManager');
    }
    let response: unknown;
    let failed = false;
    try {
      // Aborted (every caller left, reset, dispose) while it was recorded: do not start it.
      signal.throwIfAborted();
      const run = () => (withPolicy ? withPolicy(attempt, endpoint, signal) : attempt(signal));
      // Offline, the request waits for the network (PageManager) rather than failing.
      response = await (network ? network(run, signal) : run());
    } catch (error) {
      response = error;
      failed = true;
    }
    // Forgotten before the outcome is written: a reader that fetches again on the new state
    // starts a new request instead of joining this settled one.
    this.forget(request);
    if (request.dropped) {
      this.settle(request, { error: request.dropped });
      return;
    }
    try {
      if (signal.aborted) {
        // Every caller left: the data was not wanted, so the store stays as it was.
        this.settle(request, { error: signal.reason });
        await this.writeCancelled(controller, request.action, signal.reason);
        return;
      }
      const written: ResponseWritten = {};
      await controller.resolve(endpoint, { args, response, fetchedAt, error: failed, written });
      if (fetchedAt < controller.getState().lastReset) {
        this.settle(request, { error: new ResetError(key) });
        return;
      }
      const outcome = failed
        ? { error: response }
        : this.storedOutcome(controller, request.action, response, written);
      this.settle(request, outcome);
    } catch (error) {
      // The store refused the write (e.g. disposed meanwhile): the callers learn why.
      this.settle(request, { error });
    }
  }

  /** The result as the store holds it, or why the response was not stored. */
  private storedOutcome(
    controller: Controller,
    action: FetchAction,
    response: unknown,
    written: ResponseWritten,
  ): { value: unknown } | { error: unknown } {
    const { endpoint, args, key, fetchedAt } = action;
    const state = controller.getState();
    const meta = getOwn((state.committed ?? state).meta, key);
    // The response did not fit its schema: the reducer recorded why instead of writing it.
    if (meta?.fetchedAt === fetchedAt && meta.error !== undefined) return { error: meta.error };
    // A newer identical mutation holds the key: this caller still gets its own response, read
    // from what its write normalized, as the store holds its entities now.
    if (endpoint.sideEffect && meta?.fetchedAt !== fetchedAt) {
      if (endpoint.schema == null) return { value: response };
      if ('error' in written) return { error: written.error };
      try {
        const { data } = controller.memo.denormalize(
          endpoint.schema as never,
          written.result,
          state.entities,
          args as never[],
        );
        return { value: data === INVALID ? undefined : data };
      } catch (error) {
        return { error };
      }
    }
    const { data } = controller.getResponseMeta(endpoint, ...args);
    // Stored, but it cannot be read (a schema threw while denormalizing): the caller learns why.
    const readFailure = data === undefined ? controller.getError(endpoint, ...args) : undefined;
    return readFailure === undefined ? { value: data } : { error: readFailure };
  }

  /**
   * A cancelled request clears only its in-flight mark. A mutation with an optimistic update
   * records the abort instead, as that outcome is what rolls the update back, and so does a
   * request whose last caller ran out of time.
   */
  private writeCancelled(
    controller: Controller,
    { endpoint, args, key, fetchedAt }: FetchAction,
    reason: unknown,
  ): Promise<void> {
    // Out of time (the caller's `AbortSignal.timeout`): a failure to record, not a withdrawal.
    if (isTimeoutReason(reason)) {
      const response = asTimeoutError(reason, key);
      return controller.resolve(endpoint, { args, response, fetchedAt, error: true });
    }
    if (endpoint.sideEffect && endpoint.getOptimisticResponse) {
      return controller.resolve(endpoint, { args, response: reason, fetchedAt, error: true });
    }
    return controller.dispatch({ type: 'fetchCancelled', key, fetchedAt });
  }

  /**
   * Requests in flight for keys invalidated or expired are no longer joined: later fetches start
   * anew. (The reducer keeps their late outcome invalid or stale by itself.)
   */
  private stopSharing(action: Extract<Action, { type: 'invalidate' | 'expireAll' }>): void {
    const matches =
      action.type === 'expireAll'
        ? action.testKey
        : typeof action.keys === 'function'
          ? action.keys
          : (key: string) => (action.keys as readonly string[]).includes(key);
    for (const key of [...this.shared.keys()]) {
      if (matches(key)) this.shared.delete(key);
    }
  }

  private abortAll(reason: (key: string) => Error): void {
    for (const request of this.running) {
      request.dropped = reason(request.action.key);
      request.abort.abort(request.dropped);
    }
    this.running.clear();
    this.shared.clear();
  }
}
