import type { Subscription } from 'rxjs';
import { asTimeoutError, isTimeoutReason } from '../rest/NetworkError';
import { describeSchema } from '../schema/describeSchema';
import { message } from '../schema/development';
import { getOwn } from '../schema/ownProperty';
import { SchemaError } from '../schema/SchemaError';
import type {
  Controller,
  EndpointArgs,
  EndpointInterface,
  FetchResult,
  ResultOf,
  Selection,
} from '../store';
import { ExpiryStatus, isFetchDue, StoreDisposedError } from '../store';
import { dispatchFetch } from '../store/dispatchFetch';
import { type ErrorLike, toErrorLike } from './errors';
import { noteFailure } from './failures';
import { SharedListenable } from './SharedListenable';
import { usableData } from './suspense';

/**
 * How a reader uses the network: `'fetch'` fetches when a fetch is due (DLE), `'live'` also
 * keeps the key live while subscribed (polled at the endpoint's `pollFrequency`, or pushed),
 * `'cache'` never fetches.
 */
export type ObserveMode = 'fetch' | 'live' | 'cache';

export interface ObserverOptions {
  /**
   * Default `'fetch'`. `'poll'` is the former name of `'live'`: deprecated, it still works and
   * goes in the next minor release.
   */
  mode?: ObserveMode | 'poll';
  /**
   * Keep showing the previous arguments' data, flagged `isPreviousData`, while the new
   * arguments load (default true).
   */
  keepPrevious?: boolean;
}

/** One frozen snapshot of an endpoint's result for a reader; the same object while unchanged. */
export interface DLE<T> {
  /** The data; kept while a refetch runs, undefined until first loaded. */
  readonly data: T;
  /** A fetch this reader waits for is in flight (or about to start). */
  readonly loading: boolean;
  /** The error to show; hidden by a soft error policy while data exists. */
  readonly error: ErrorLike | undefined;
  /** `data` belongs to the previous arguments, shown while these load. */
  readonly isPreviousData: boolean;
  /**
   * The same flag as `isPreviousData`, in every snapshot a reader gives (optional, so that code
   * which builds a snapshot need not write it).
   * @deprecated Use `isPreviousData` (a flag, named as one). Removed in the next minor release.
   */
  readonly previous?: boolean;
  /** Loading, but the request waits for the network to come back (a PageManager's network mode). */
  readonly paused: boolean;
}

/**
 * The snapshot of arguments that read nothing: "not now", or the error the endpoint refused
 * them with.
 */
function settled(error: ErrorLike | undefined): DLE<undefined> {
  return Object.freeze({
    data: undefined,
    loading: false,
    error,
    isPreviousData: false,
    previous: false,
    paused: false,
  });
}

const NOT_NOW = settled(undefined);

/** Every field the same (snapshots are flat: data by identity). */
function sameSnapshot(a: DLE<unknown>, b: DLE<unknown>): boolean {
  for (const key in a) if (a[key as keyof typeof a] !== b[key as keyof typeof b]) return false;
  return true;
}

/**
 * After the first value, only a change of the result makes a fetch due again: invalidation, or
 * a new expiry time in the past (`expireAll`). Staleness by the clock alone is what polling is
 * for.
 */
function changedEnoughToRefetch(previous: Selection<unknown>, next: Selection<unknown>): boolean {
  return next.expiryStatus === ExpiryStatus.Invalid || next.expiresAt !== previous.expiresAt;
}

/**
 * Why a reader shows neither data nor loading: the store holds a result for its key that its
 * schema cannot read, stored by another endpoint of the same URL (one URL is one key).
 */
function unreadableResult(controller: Controller, endpoint: EndpointInterface, key: string) {
  return new SchemaError(
    describeSchema(endpoint.schema),
    message(
      `TSR65 ${key}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `the result stored for ${key} cannot be read with this schema: another endpoint of that URL stored it with another (one URL is one key: give them one schema, or different URLs)`,
    ),
    getOwn(controller.getState().endpoints, key),
  );
}

/** Where a reader's arguments point. */
interface Target {
  readonly key: string | undefined;
  /** The one snapshot of arguments that read nothing: "not now", or why the endpoint refuses them. */
  readonly fixed: DLE<undefined> | undefined;
}

function targetOf(endpoint: EndpointInterface, args: readonly unknown[]): Target {
  if (args[0] === null) return { key: undefined, fixed: NOT_NOW };
  try {
    return { key: endpoint.key(...args), fixed: undefined };
  } catch (error) {
    // Arguments the endpoint refuses (a missing path parameter, say): the reader's error, as
    // `controller.fetch` rejects with it.
    return { key: undefined, fixed: settled(toErrorLike(error)) };
  }
}

/**
 * One reader of one endpoint, framework-free: what every adapter wraps. It decides when to
 * fetch, poll and withdraw, and what to show while arguments change; adapters only feed it
 * arguments, own its subscription and hand out its snapshots.
 *
 * Subscribers share one connection to the store. The first one connects (a live selection, a
 * fetch when due, a live hold in `'live'` mode); when the last one leaves, the reader withdraws from
 * the fetch it waits for, which the network manager aborts once no caller is left.
 */
export class EndpointObserver<E extends EndpointInterface> extends SharedListenable<
  DLE<ResultOf<E>>
> {
  private endpoint: E;
  private args: EndpointArgs<E>;
  private target: Target;
  private readonly mode: ObserveMode | 'poll';
  private readonly keepPrevious: boolean;
  private selection: Subscription | undefined;
  /** Stops following the page's focus and connection (a PageManager), while connected. */
  private stopPage: (() => void) | undefined;
  private releaseLive: (() => void) | undefined;
  /** This reader's interest in the fetch of its key in flight; aborting it withdraws. */
  private interest: AbortController | undefined;
  /** A fetch found due on connecting waits until the subscriber took its first value. */
  private dueOnAttach = false;
  /** The last selection seen while connected (undefined: the next one is the first). */
  private last: Selection<ResultOf<E>> | undefined;
  /** Whether a fetch was due for `last`. */
  private lastDue = false;
  private snapshot: DLE<ResultOf<E>> | undefined;
  /** Data of earlier arguments, shown (flagged) while the current ones load. */
  private carried: ResultOf<E> | undefined;
  private rawError: unknown;
  private shownError: ErrorLike | undefined;
  /** Shown when a fetch is due but held back and there is nothing to show (`unreadableResult`). */
  private unreadable: ErrorLike | undefined;
  /** When this reader last started (or joined) a fetch, by the store's clock. */
  private waitingSince = 0;
  /** What stops this reader from loading (see `stopped`), with the error shown for it. */
  private stop: { readonly cause: unknown; readonly error: ErrorLike | undefined } | undefined;

  constructor(
    private readonly controller: Controller,
    endpoint: E,
    args: EndpointArgs<E>,
    options: ObserverOptions = {},
  ) {
    super();
    this.endpoint = endpoint;
    this.args = args;
    this.target = targetOf(endpoint, args);
    this.mode = options.mode ?? 'fetch';
    this.keepPrevious = options.keepPrevious ?? true;
  }

  /**
   * The result key of the current arguments (undefined for "not now", and for arguments the
   * endpoint refuses: the snapshot then carries its error).
   */
  get key(): string | undefined {
    return this.target.key;
  }

  /**
   * The current snapshot, subscribed or not. With nothing usable cached and a fetch due, it
   * already says `loading: true`, so a first render never flashes "not loading".
   */
  getSnapshot(): DLE<ResultOf<E>> {
    if (this.isConnected && this.snapshot) return this.snapshot;
    if (this.target.fixed) return this.target.fixed as DLE<ResultOf<E>>;
    const selection = this.controller.getSelection(this.endpoint, ...this.args);
    this.snapshot = this.present(
      selection,
      this.mode !== 'cache' && isFetchDue(selection, this.now()),
    );
    return this.snapshot;
  }

  /** New arguments (`[null]`: not now). Arguments with the same key change nothing. */
  setArgs(args: EndpointArgs<E>): void {
    this.setEndpoint(this.endpoint, args);
  }

  /** New endpoint and arguments. */
  setEndpoint(endpoint: E, args: EndpointArgs<E>): void {
    const next = targetOf(endpoint, args);
    if (
      endpoint === this.endpoint &&
      next.key === this.target.key &&
      next.fixed === this.target.fixed
    ) {
      this.args = args;
      return;
    }
    const shown = this.getSnapshot().data;
    this.carried = this.keepPrevious && next.key !== undefined ? shown : undefined;
    const connected = this.isConnected;
    if (connected) this.disconnect();
    this.endpoint = endpoint;
    this.args = args;
    this.target = next;
    if (!connected) return;
    const before = this.snapshot;
    this.connect();
    if (this.snapshot && this.snapshot !== before) this.emit(this.snapshot);
    // A fetch due for the new arguments starts at the end of this task: arguments changed again
    // before then (a search box driven by code) send one request, for the last of them.
    // (`attached` starts it once: the first of the queued calls clears `dueOnAttach`.)
    if (this.dueOnAttach) queueMicrotask(() => this.attached());
  }

  /**
   * What a suspense boundary awaits for the current arguments: fresh data at once; otherwise a
   * fetch (sharing one in flight); a failure under a soft error policy with usable data resolves
   * with the data; anything else rejects. Not now resolves to undefined. Aborting `signal`
   * (a component unmounted while suspended), or the endpoint's own signal, withdraws this caller:
   * the promise rejects, and the request is aborted when nobody else waits for it.
   */
  promise(signal?: AbortSignal): Promise<FetchResult<E> | undefined> {
    return usableData(this.controller, this.endpoint, this.args, this.callerSignal(signal));
  }

  /** Stops for good: withdraws from its fetch, stops polling, completes every subscriber. */
  dispose(): void {
    this.complete();
  }

  protected connect(): void {
    this.last = undefined;
    this.unreadable = undefined;
    if (this.target.fixed) {
      this.snapshot = this.target.fixed as DLE<ResultOf<E>>;
      return;
    }
    // `select` emits synchronously, so the snapshot is current when this returns.
    this.selection = this.controller.select(this.endpoint, ...this.args).subscribe({
      next: (selection) => this.onSelection(selection),
      // The store completes its selections when it is disposed: a reader still waiting settles
      // with `StoreDisposedError`, then completes.
      complete: () => {
        this.refresh();
        this.complete();
      },
    });
    // 'live', or 'poll' (its deprecated name).
    if (this.mode !== 'fetch' && this.mode !== 'cache') {
      this.releaseLive = this.controller.keepLive(this.endpoint, ...this.args);
    }
    // The page shown again, the network back (a PageManager): stale data is due again, if the
    // endpoint (else the store) says so; `paused` may change too.
    const page = this.controller.features.page;
    this.stopPage = page?.listen((event) => {
      if (this.last) this.onSelection(this.last, page.refetchOn(event, this.endpoint));
    });
  }

  /**
   * The first subscriber took its value and stays: the fetch found due starts now, in this task
   * (a reader that leaves while handling its first value starts none).
   */
  protected override attached(): void {
    if (!this.dueOnAttach) return;
    this.dueOnAttach = false;
    this.request();
  }

  protected disconnect(): void {
    this.dueOnAttach = false;
    this.selection?.unsubscribe();
    this.selection = undefined;
    this.releaseLive?.();
    this.releaseLive = undefined;
    this.stopPage?.();
    this.stopPage = undefined;
    this.withdraw();
    this.last = undefined;
  }

  private onSelection(selection: Selection<ResultOf<E>>, again = false): void {
    const last = this.last;
    const changed = again || this.changedEnough(last, selection);
    const dueByStore = this.mode !== 'cache' && isFetchDue(selection, this.now());
    const due = dueByStore && changed;
    this.last = selection;
    this.lastDue = due;
    // The fetch this reader waited for ended, and what it stored still reads as missing:
    // fetching again would only take turns with whoever stored it (see `changedEnough`).
    this.unreadable =
      dueByStore &&
      !changed &&
      !selection.loading &&
      selection.data === undefined &&
      !selection.error
        ? (this.unreadable ?? unreadableResult(this.controller, this.endpoint, this.key ?? ''))
        : undefined;
    const snapshot = this.present(selection, due);
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      if (last !== undefined) this.emit(snapshot);
    }
    if (this.mode === 'cache' || !this.isConnected || this.stopped()) return;
    // Hold a caller's place in the request this reader waits for: start it when due, or join
    // one in flight (mutations are never joined: a second call would be a second mutation).
    if (due || (selection.loading && !this.interest && !this.endpoint.sideEffect)) {
      // The first selection comes while connecting (see `attached`).
      if (last === undefined) this.dueOnAttach = true;
      else this.request();
    }
  }

  /**
   * Whether the change from `previous` (undefined: none yet) to `next` makes a fetch due, when
   * one is due by the store's rule. When a fetch ends, only an answer that was out of date on
   * arrival is fetched again (the newest intent wins), so a result that is unusable as fetched
   * cannot loop.
   */
  private changedEnough(
    previous: Selection<unknown> | undefined,
    next: Selection<unknown>,
  ): boolean {
    if (previous === undefined) return true;
    if (!previous.loading) return changedEnoughToRefetch(previous, next);
    return !next.loading && this.outdatedOnArrival(next);
  }

  /**
   * A fetch's own outcome expires no sooner than the fetch started plus its lifetime. One that
   * expires sooner was invalidated or expired while in flight (the store keeps it so), or the
   * store was reset meanwhile: what this reader waited for is out of date.
   */
  private outdatedOnArrival(result: Selection<unknown>): boolean {
    const { controller, endpoint } = this;
    const lifetime = Math.min(
      0,
      controller.expiryLength(endpoint, false),
      controller.expiryLength(endpoint, true),
    );
    return result.expiresAt < this.waitingSince + lifetime;
  }

  /** Starts or joins the fetch of the current key as one caller with its own signal. */
  private request(): void {
    this.withdraw();
    const interest = new AbortController();
    this.interest = interest;
    this.waitingSince = this.now();
    const done = () => {
      if (this.interest === interest) this.interest = undefined;
    };
    const caller = this.callerSignal(interest.signal);
    // Settling re-enters `onSelection` through the store; the outcome is there for every reader.
    // Its own signal may have stopped it while the request goes on for others: it settles now.
    dispatchFetch(this.controller, this.endpoint, this.args, caller).then(done, () => {
      done();
      this.refresh();
    });
  }

  /** A caller's signal joined with the endpoint's own (`extend({ signal })`): either withdraws it. */
  private callerSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
    const own = this.endpoint.signal;
    return own && signal ? AbortSignal.any([signal, own]) : (signal ?? own);
  }

  /**
   * What stops this reader from loading, if anything: the store is disposed (it shows
   * `StoreDisposedError`), or its endpoint's own signal fired (a `TimeoutError` when it timed
   * out; an abort is no error). It then shows `loading: false`.
   */
  private stopped(): { readonly error: ErrorLike | undefined } | undefined {
    const { signal } = this.endpoint;
    const cause = this.controller.isDisposed
      ? StoreDisposedError
      : signal?.aborted
        ? signal.reason
        : undefined;
    if (cause === undefined) return undefined;
    if (this.stop?.cause !== cause) {
      let error: ErrorLike | undefined;
      if (cause === StoreDisposedError) error = new StoreDisposedError();
      else if (isTimeoutReason(cause)) error = asTimeoutError(cause, this.key ?? '');
      this.stop = { cause, error };
    }
    return this.stop;
  }

  /** Presents the last selection again once something stops this reader (see `stopped`). */
  private refresh(): void {
    const last = this.last;
    if (!last || !this.isConnected || !this.stopped()) return;
    const snapshot = this.present(last, this.lastDue);
    if (snapshot === this.snapshot) return;
    this.snapshot = snapshot;
    this.emit(snapshot);
  }

  private withdraw(): void {
    const interest = this.interest;
    this.interest = undefined;
    interest?.abort(new DOMException('The reader went away', 'AbortError'));
  }

  /** The snapshot for a selection, reusing the current one while nothing changed. */
  private present(selection: Selection<ResultOf<E>>, due: boolean): DLE<ResultOf<E>> {
    if (selection.error !== this.rawError) {
      this.rawError = selection.error;
      this.shownError = selection.error === undefined ? undefined : toErrorLike(selection.error);
    }
    const wanted = selection.loading || due;
    const stopped = wanted ? this.stopped() : undefined;
    const loading = wanted && !stopped;
    const error = this.shownError ?? stopped?.error ?? this.unreadable;
    let data = selection.data;
    let isPreviousData = false;
    if (data !== undefined) this.carried = undefined;
    else if (this.carried !== undefined) {
      if (loading && error === undefined) {
        data = this.carried;
        isPreviousData = true;
      } else this.carried = undefined;
    }
    const paused = loading && this.controller.features.page?.waiting() === true;
    // `previous`: the deprecated name of the flag, for one release.
    const next = { data, loading, error, isPreviousData, previous: isPreviousData, paused };
    if (this.snapshot && sameSnapshot(this.snapshot, next)) return this.snapshot;
    return Object.freeze(next);
  }

  private now(): number {
    return this.controller.now();
  }
}

/**
 * The data a suspense reader shows, snapshot by snapshot (one function per reader: it remembers
 * what it showed). A mounted component cannot suspend again, so while an invalidated result
 * refetches it keeps the data shown; a hard error is thrown, noted first (`noteFailure`) so that an
 * error boundary's reset fetches that result anew. Every adapter's `useSuspense` reads through it.
 */
export function suspenseData<T>(
  controller: Controller,
  observer: { readonly key: string | undefined },
): (snapshot: DLE<T>) => T {
  let shown: T;
  return ({ data, loading, error }) => {
    if (error) {
      noteFailure(error, controller, observer.key);
      throw error;
    }
    if (data !== undefined || !loading) shown = data;
    return shown;
  };
}
