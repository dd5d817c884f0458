import type { Controller, EndpointInterface } from '../store';
import { type ErrorLike, toErrorLike } from './errors';
import { SharedListenable } from './SharedListenable';

/** Whether a wrapped call is running, and how the latest one failed. */
export interface CallState {
  readonly loading: boolean;
  readonly error: ErrorLike | undefined;
}

const IDLE: CallState = Object.freeze({ loading: false, error: undefined });

/**
 * Wraps an async call (a mutation, say) with loading and error state. `loading` holds while any
 * call is in flight (concurrent calls are counted); `error` is the failure of the latest call,
 * cleared when a new call starts. `run` never rejects (an event handler can call it: its failure
 * shows in `error`, never in an error handler); `runAsync` returns the call's own promise, which
 * rejects when that call fails, so each caller who asks gets its own outcome.
 */
export class CallTracker<
  F extends (...args: never[]) => Promise<unknown>,
> extends SharedListenable<CallState> {
  private state: CallState = IDLE;
  private inFlight = 0;
  private latest = 0;

  constructor(private readonly call: F) {
    super();
  }

  getSnapshot(): CallState {
    return this.state;
  }

  /** Calls; the outcome shows in the state only (nothing to await, nothing rejects). */
  run(...args: Parameters<F>): void {
    // `runAsync` handles its promise's rejection already: dropping it leaves nothing unhandled.
    this.runAsync(...args);
  }

  /** Calls; returns that call's promise (it rejects when the call fails). */
  runAsync(...args: Parameters<F>): ReturnType<F> {
    const id = ++this.latest;
    this.inFlight += 1;
    this.set(true, undefined);
    let promise: Promise<unknown>;
    try {
      promise = this.call(...args);
    } catch (error) {
      promise = Promise.reject(error);
    }
    const settle = (error: ErrorLike | undefined) => {
      this.inFlight -= 1;
      this.set(this.inFlight > 0, id === this.latest ? error : this.state.error);
    };
    promise.then(
      () => settle(undefined),
      (error: unknown) => settle(toErrorLike(error)),
    );
    return promise as ReturnType<F>;
  }

  /**
   * Clears the error shown, as before any call. A call still in flight keeps `loading` and no
   * longer shows its failure: only calls started after the reset do.
   */
  reset(): void {
    this.latest += 1;
    this.set(this.inFlight > 0, undefined);
  }

  protected connect(): void {}

  protected disconnect(): void {}

  private set(loading: boolean, error: ErrorLike | undefined): void {
    if (loading === this.state.loading && error === this.state.error) return;
    this.state = Object.freeze({ loading, error });
    this.emit(this.state);
  }
}

/** What a mutation tracks: an endpoint, or any async function. */
export type TrackedCall = EndpointInterface | ((...args: never[]) => Promise<unknown>);

/**
 * The calls of a mutation, as every adapter's `useMutation` / `mutation` tracks them: an endpoint
 * (it has a `key` method, the one test for "is this an endpoint?") is called through
 * `controller().fetch`; any other function is called as it is, and needs no store (`controller` is
 * not called).
 */
export function trackCalls(
  call: TrackedCall,
  controller: () => Controller,
): CallTracker<(...args: never[]) => Promise<unknown>> {
  if (typeof (call as Partial<EndpointInterface>).key !== 'function') {
    return new CallTracker(call as (...args: never[]) => Promise<unknown>);
  }
  const store = controller();
  return new CallTracker((...args: never[]) => store.fetch(call as EndpointInterface, ...args));
}
