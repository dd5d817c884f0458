import {
  type ArgsOrNull,
  type Controller,
  type EndpointInterface,
  ExpiryStatus,
  getOwn,
  type ResultOf,
  type Selection,
} from '@tessera/core';
import { type ErrorLike, toErrorLike } from './errors';
import { isFetchDue } from './fetchDue';
import { fetchTrackerOf, type Interest } from './fetchTracker';
import { Listenable } from './Listenable';

/** Data, loading, error: one immutable snapshot of an endpoint's result for a reader. */
export interface DLEState<T> {
  /** The cached data; kept while a refetch is in flight, undefined until first loaded. */
  readonly data: T;
  /** A fetch this result waits for is in flight (or about to start). */
  readonly loading: boolean;
  /** The error to show; hidden by a soft error policy while data exists. */
  readonly error: ErrorLike | undefined;
}

export interface DLEOptions {
  /** Also poll at the endpoint's `pollFrequency` while someone listens (see `live`). */
  poll?: boolean;
}

const NOT_NOW: DLEState<undefined> = Object.freeze({
  data: undefined,
  loading: false,
  error: undefined,
});

function sameState(a: DLEState<unknown>, b: DLEState<unknown>): boolean {
  return a.data === b.data && a.loading === b.loading && a.error === b.error;
}

/**
 * Data/loading/error of an endpoint for these arguments, as a `Listenable` (RxJS observable,
 * `listen(fn)` form, Svelte store). On subscription it fetches when the data is missing, invalid
 * or stale, keeping the stale data while the refetch runs; it then follows the store (an entity
 * updated by another endpoint shows up), and fetches again when the result is invalidated or
 * expired. `null` arguments mean "not now": nothing is fetched and data stays undefined.
 * Unsubscribing while the fetch it started is in flight aborts it, unless another reader of
 * this adapter still wants it. Consecutive equal snapshots are not re-emitted.
 */
export function dle<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: ArgsOrNull<E>
): Listenable<DLEState<ResultOf<E>>> {
  return observeDLE(controller, endpoint, args, {});
}

/**
 * Like `dle`, and while at least one subscriber listens the endpoint is polled every
 * `pollFrequency` ms (reference counted in the store: one timer per key); polling stops when the
 * last one leaves. Without `pollFrequency` it behaves exactly like `dle`.
 */
export function live<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: ArgsOrNull<E>
): Listenable<DLEState<ResultOf<E>>> {
  return observeDLE(controller, endpoint, args, { poll: true });
}

/** `dle` and `live` with the arguments as an array (for adapters that hold them as one value). */
export function observeDLE<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  args: ArgsOrNull<E>,
  options: DLEOptions,
): Listenable<DLEState<ResultOf<E>>> {
  return new Listenable<DLEState<ResultOf<E>>>((subscriber) => {
    if (args[0] === null) {
      subscriber.next(NOT_NOW as DLEState<ResultOf<E>>);
      return;
    }
    const fetchArgs = args as readonly [...Parameters<E>];
    const key = endpoint.key(...fetchArgs);
    const tracker = fetchTrackerOf(controller);
    let interest: Interest | undefined;
    let acquiring = false;
    let previous: Selection<ResultOf<E>> | undefined;
    let emitted: DLEState<ResultOf<E>> | undefined;
    let rawError: unknown;
    let shownError: ErrorLike | undefined;

    const onSelection = (selection: Selection<ResultOf<E>>) => {
      const meta = getOwn(controller.getState().meta, key);
      const due =
        isFetchDue(selection, meta, controller.now()) &&
        (previous === undefined || changedEnoughToRefetch(previous, selection));
      previous = selection;

      const error = selection.error;
      if (error !== rawError) {
        rawError = error;
        shownError = error === undefined ? undefined : toErrorLike(error);
      }
      const state: DLEState<ResultOf<E>> = Object.freeze({
        data: selection.data,
        loading: selection.loading || due,
        error: shownError,
      });
      if (!emitted || !sameState(emitted, state)) {
        emitted = state;
        subscriber.next(state);
        // The listener may have unsubscribed while handling this value: fetch nothing for it.
        if (subscriber.closed) return;
      }

      // Hold the accessor fetch this reader waits for (starting it when due), so that it is
      // aborted only when no reader is left. Emitting first keeps the order of snapshots right:
      // starting a fetch re-enters here synchronously with `loading: true`, and that inner call
      // must not take a second hold.
      const inFlight = tracker.inFlight(key);
      if (!acquiring && (due || (inFlight !== undefined && inFlight !== interest?.fetch))) {
        acquiring = true;
        try {
          const previousInterest = interest;
          interest = tracker.want(endpoint, fetchArgs, key, due);
          previousInterest?.release();
        } finally {
          acquiring = false;
        }
      }
    };

    // The store completes its selections when it is disposed; so do we.
    const selection = controller.select(endpoint, ...args).subscribe({
      next: onSelection,
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    const releasePoll = options.poll ? controller.poll(endpoint, ...args) : undefined;
    return () => {
      selection.unsubscribe();
      releasePoll?.();
      interest?.release();
    };
  });
}

/**
 * After the first value, only a change of the result triggers a fetch: invalidation, or a new
 * expiry time in the past (`expireAll`). A fetch that ended never does (a cancelled one leaves
 * the store as it was), so a result that is unusable as fetched cannot loop.
 */
function changedEnoughToRefetch(previous: Selection<unknown>, next: Selection<unknown>): boolean {
  if (previous.loading && !next.loading) return false;
  return next.expiryStatus === ExpiryStatus.Invalid || next.expiresAt !== previous.expiresAt;
}
