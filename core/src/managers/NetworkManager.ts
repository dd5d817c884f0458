import { getOwn } from '../schema/ownProperty';
import type { Controller, Dispatch, EndpointInterface, FetchAction, Manager } from '../store';

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

/** Settles with `promise`, or rejects with the abort reason as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // The loser's outcome is no longer wanted, but must not surface as unhandled.
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Calls the endpoint with the manager's abort signal: through `extend({ signal })` when it has
 * one (which combines it with the endpoint's own), otherwise by racing both signals.
 */
export const callEndpoint: PerformRequest = (endpoint, args, signal) => {
  if (endpoint.extend) return endpoint.extend({ signal })(...args);
  return untilAborted(untilAborted(Promise.resolve(endpoint(...args)), endpoint.signal), signal);
};

/** Rejects fetches whose store was reset (or disposed) while they were in flight. */
export class ResetError extends Error {
  override readonly name = 'ResetError';
  constructor(key: string) {
    super(`Fetch of "${key}" was dropped: the store was reset while it was in flight`);
  }
}

interface InFlight {
  readonly promise: Promise<unknown>;
  readonly abort: AbortController;
}

/**
 * Performs fetches. Concurrent GETs (no side effect) with the same key share one request;
 * mutations never do. Every request gets an abort signal (combined with the endpoint's own
 * through `extend({ signal })`); reset and dispose abort what is in flight. Outcomes are written
 * by the reducer, which drops responses older than the last reset and never lets an older
 * response overwrite newer data.
 */
export class NetworkManager implements Manager {
  private readonly shared = new Map<string, InFlight>();
  private readonly running = new Set<AbortController>();
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
            this.abortAll();
            return next(action);
          default:
            return next(action);
        }
      };
  }

  cleanup(): void {
    this.abortAll();
  }

  /** Number of requests in flight. */
  get size(): number {
    return this.running.size;
  }

  private handleFetch(controller: Controller, next: Dispatch, action: FetchAction): Promise<void> {
    const { endpoint, key } = action;
    const existing = endpoint.sideEffect ? undefined : this.shared.get(key);
    if (existing) {
      existing.promise.then(action.resolve, action.reject);
      return Promise.resolve();
    }
    const abort = new AbortController();
    this.running.add(abort);
    const request = this.request(controller, action, abort.signal);
    const promise = request.finally(() => {
      this.running.delete(abort);
      if (this.shared.get(key)?.promise === promise) this.shared.delete(key);
    });
    if (!endpoint.sideEffect) this.shared.set(key, { promise, abort });
    promise.then(action.resolve, action.reject);
    // Records the fetch (in flight, optimistic) before the request settles.
    return next(action);
  }

  /** Calls the endpoint, writes its outcome, and resolves to the stored result. */
  private async request(
    controller: Controller,
    action: FetchAction,
    signal: AbortSignal,
  ): Promise<unknown> {
    const { endpoint, args, key, fetchedAt } = action;
    let response: unknown;
    try {
      // Yield first so the fetch action is reduced before a synchronous endpoint settles.
      await Promise.resolve();
      // Aborted (reset, dispose) before it even started: do not start it.
      signal.throwIfAborted();
      response = await untilAborted(this.perform(endpoint, args, signal), signal);
    } catch (error) {
      await controller.resolve(endpoint, { args, response: error, fetchedAt, error: true });
      throw this.dropped(controller, fetchedAt, key) ?? error;
    }
    await controller.resolve(endpoint, { args, response, fetchedAt });
    const dropped = this.dropped(controller, fetchedAt, key);
    if (dropped) throw dropped;
    const state = controller.getState();
    const meta = getOwn((state.committed ?? state).meta, key);
    // The response did not fit its schema: the reducer recorded why instead of writing it.
    if (meta?.fetchedAt === fetchedAt && meta.error !== undefined) throw meta.error;
    return controller.getResponseMeta(endpoint, ...args).data;
  }

  private dropped(controller: Controller, fetchedAt: number, key: string): ResetError | undefined {
    return fetchedAt < controller.getState().lastReset ? new ResetError(key) : undefined;
  }

  private abortAll(): void {
    for (const abort of this.running) abort.abort();
    this.running.clear();
    this.shared.clear();
  }
}
