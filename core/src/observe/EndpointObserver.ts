import type { Subscription } from 'rxjs';
import type {
  ArgsOrNull,
  Controller,
  EndpointInterface,
  FetchResult,
  ResultOf,
  Selection,
} from '../store';
import { ExpiryStatus, isFetchDue } from '../store';
import { dispatchFetch } from '../store/dispatchFetch';
import { type ErrorLike, toErrorLike } from './errors';
import { SharedListenable } from './SharedListenable';
import { usableData } from './suspense';

/**
 * How a reader uses the network: `'fetch'` fetches when a fetch is due (DLE), `'poll'` also
 * polls at the endpoint's `pollFrequency` while subscribed (live), `'cache'` never fetches.
 */
export type ObserveMode = 'fetch' | 'poll' | 'cache';

export interface ObserverOptions {
  /** Default `'fetch'`. */
  mode?: ObserveMode;
  /**
   * Keep showing the previous arguments' data, flagged `previous`, while the new arguments
   * load (default true).
   */
  keepPrevious?: boolean;
}

/** One frozen snapshot of an endpoint's result for a reader; the same object while unchanged. */
export interface EndpointSnapshot<T> {
  /** The data; kept while a refetch runs, undefined until first loaded. */
  readonly data: T;
  /** A fetch this reader waits for is in flight (or about to start). */
  readonly loading: boolean;
  /** The error to show; hidden by a soft error policy while data exists. */
  readonly error: ErrorLike | undefined;
  /** `data` belongs to the previous arguments, shown while these load. */
  readonly previous: boolean;
}

const NOT_NOW: EndpointSnapshot<undefined> = Object.freeze({
  data: undefined,
  loading: false,
  error: undefined,
  previous: false,
});

function sameSnapshot(a: EndpointSnapshot<unknown>, b: EndpointSnapshot<unknown>): boolean {
  return (
    a.data === b.data && a.loading === b.loading && a.error === b.error && a.previous === b.previous
  );
}

/**
 * After the first value, only a change of the result makes a fetch due again: invalidation, or
 * a new expiry time in the past (`expireAll`). A fetch that ended never does (a cancelled one
 * leaves the store as it was), so a result that is unusable as fetched cannot loop; staleness by
 * the clock alone is what polling is for.
 */
function changedEnoughToRefetch(previous: Selection<unknown>, next: Selection<unknown>): boolean {
  if (previous.loading && !next.loading) return false;
  return next.expiryStatus === ExpiryStatus.Invalid || next.expiresAt !== previous.expiresAt;
}

/**
 * One reader of one endpoint, framework-free: what every adapter wraps. It decides when to
 * fetch, poll and withdraw, and what to show while arguments change; adapters only feed it
 * arguments, own its subscription and hand out its snapshots.
 *
 * Subscribers share one connection to the store. The first one connects (a live selection, a
 * fetch when due, a poll in `'poll'` mode); when the last one leaves, the reader withdraws from
 * the fetch it waits for, which the network manager aborts once no caller is left.
 */
export class EndpointObserver<E extends EndpointInterface> extends SharedListenable<
  EndpointSnapshot<ResultOf<E>>
> {
  private endpoint: E;
  private args: ArgsOrNull<E>;
  private readonly mode: ObserveMode;
  private readonly keepPrevious: boolean;
  private selection: Subscription | undefined;
  private releasePoll: (() => void) | undefined;
  /** This reader's interest in the fetch of its key in flight; aborting it withdraws. */
  private interest: AbortController | undefined;
  /** The last selection seen while connected (undefined: the next one is the first). */
  private last: Selection<ResultOf<E>> | undefined;
  private snapshot: EndpointSnapshot<ResultOf<E>> | undefined;
  /** Data of earlier arguments, shown (flagged) while the current ones load. */
  private carried: ResultOf<E> | undefined;
  private rawError: unknown;
  private shownError: ErrorLike | undefined;

  constructor(
    private readonly controller: Controller,
    endpoint: E,
    args: ArgsOrNull<E>,
    options: ObserverOptions = {},
  ) {
    super();
    this.endpoint = endpoint;
    this.args = args;
    this.mode = options.mode ?? 'fetch';
    this.keepPrevious = options.keepPrevious ?? true;
  }

  /** The result key of the current arguments (undefined for "not now"). */
  get key(): string | undefined {
    return this.args[0] === null ? undefined : this.endpoint.key(...this.args);
  }

  /**
   * The current snapshot, subscribed or not. With nothing usable cached and a fetch due, it
   * already says `loading: true`, so a first render never flashes "not loading".
   */
  getSnapshot(): EndpointSnapshot<ResultOf<E>> {
    if (this.isConnected && this.snapshot) return this.snapshot;
    if (this.args[0] === null) return NOT_NOW as EndpointSnapshot<ResultOf<E>>;
    const selection = this.controller.getSelection(this.endpoint, ...this.args);
    this.snapshot = this.present(
      selection,
      this.mode !== 'cache' && isFetchDue(selection, this.now()),
    );
    return this.snapshot;
  }

  /** New arguments (`[null]`: not now). Arguments with the same key change nothing. */
  setArgs(args: ArgsOrNull<E>): void {
    this.setEndpoint(this.endpoint, args);
  }

  /** New endpoint and arguments. */
  setEndpoint(endpoint: E, args: ArgsOrNull<E>): void {
    const nextKey = args[0] === null ? undefined : endpoint.key(...args);
    if (endpoint === this.endpoint && nextKey === this.key) {
      this.args = args;
      return;
    }
    const shown = this.getSnapshot().data;
    this.carried = this.keepPrevious && nextKey !== undefined ? shown : undefined;
    const connected = this.isConnected;
    if (connected) this.disconnect();
    this.endpoint = endpoint;
    this.args = args;
    if (!connected) return;
    const before = this.snapshot;
    this.connect();
    if (this.snapshot && this.snapshot !== before) this.emit(this.snapshot);
  }

  /**
   * What a suspense boundary awaits for the current arguments: fresh data at once; otherwise a
   * fetch (sharing one in flight); a failure under a soft error policy with usable data resolves
   * with the data; anything else rejects. Not now resolves to undefined. Aborting `signal`
   * (a component unmounted while suspended) withdraws this caller: the promise rejects, and the
   * request is aborted when nobody else waits for it.
   */
  promise(signal?: AbortSignal): Promise<FetchResult<E> | undefined> {
    return usableData(this.controller, this.endpoint, this.args, signal ?? this.endpoint.signal);
  }

  /** Stops for good: withdraws from its fetch, stops polling, completes every subscriber. */
  dispose(): void {
    this.complete();
  }

  protected connect(): void {
    this.last = undefined;
    if (this.args[0] === null) {
      this.snapshot = NOT_NOW as EndpointSnapshot<ResultOf<E>>;
      return;
    }
    // `select` emits synchronously, so the snapshot is current when this returns.
    this.selection = this.controller.select(this.endpoint, ...this.args).subscribe({
      next: (selection) => this.onSelection(selection),
      // The store completes its selections when it is disposed; so does this reader.
      complete: () => this.complete(),
    });
    if (this.mode === 'poll') this.releasePoll = this.controller.poll(this.endpoint, ...this.args);
  }

  protected disconnect(): void {
    this.selection?.unsubscribe();
    this.selection = undefined;
    this.releasePoll?.();
    this.releasePoll = undefined;
    this.withdraw();
    this.last = undefined;
  }

  private onSelection(selection: Selection<ResultOf<E>>): void {
    const last = this.last;
    const first = last === undefined;
    const due =
      this.mode !== 'cache' &&
      isFetchDue(selection, this.now()) &&
      (first || changedEnoughToRefetch(last, selection));
    this.last = selection;
    const snapshot = this.present(selection, due);
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      if (!first) this.emit(snapshot);
    }
    if (this.mode === 'cache' || !this.isConnected) return;
    // Hold a caller's place in the request this reader waits for: start it when due, or join
    // one in flight (mutations are never joined: a second call would be a second mutation).
    if (due || (selection.loading && !this.interest && !this.endpoint.sideEffect)) {
      this.request();
    }
  }

  /** Starts or joins the fetch of the current key as one caller with its own signal. */
  private request(): void {
    this.withdraw();
    const interest = new AbortController();
    this.interest = interest;
    const done = () => {
      if (this.interest === interest) this.interest = undefined;
    };
    // Settling re-enters `onSelection` through the store; the outcome is there for every reader.
    dispatchFetch(this.controller, this.endpoint, this.args, interest.signal).then(done, done);
  }

  private withdraw(): void {
    const interest = this.interest;
    this.interest = undefined;
    interest?.abort(new DOMException('The reader went away', 'AbortError'));
  }

  /** The snapshot for a selection, reusing the current one while nothing changed. */
  private present(selection: Selection<ResultOf<E>>, due: boolean): EndpointSnapshot<ResultOf<E>> {
    if (selection.error !== this.rawError) {
      this.rawError = selection.error;
      this.shownError = selection.error === undefined ? undefined : toErrorLike(selection.error);
    }
    const loading = selection.loading || due;
    let data = selection.data;
    let previous = false;
    if (data !== undefined) this.carried = undefined;
    else if (this.carried !== undefined) {
      if (loading && this.shownError === undefined) {
        data = this.carried;
        previous = true;
      } else this.carried = undefined;
    }
    const next = { data, loading, error: this.shownError, previous };
    if (this.snapshot && sameSnapshot(this.snapshot, next)) return this.snapshot;
    return Object.freeze(next);
  }

  private now(): number {
    return this.controller.now();
  }
}
