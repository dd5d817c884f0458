import { Observable } from 'rxjs';
import { MemoCache } from '../normalize';
import type { AddArgs, AddResult } from '../schema/addedMembers';
import { message } from '../schema/development';
import { getOwn } from '../schema/ownProperty';
import { TesseraError } from '../schema/TesseraError';
import { Changes } from '../tables/Changes';
import { keepTable } from '../tables/TableWriter';
import type { Action, ResponseWritten } from './actions';
import { Broadcast } from './Broadcast';
import { dispatchFetch } from './dispatchFetch';
import type { EndpointArgs, EndpointInterface, FetchResult, ResultOf } from './EndpointInterface';
import { ExpiryStatus } from './ExpiryStatus';
import type { Features } from './Features';
import { isFetchDue } from './fetchDue';
import type { Dispatch, Manager } from './Manager';
import { type ReadResult, readError, readQuery, readResult } from './readCache';
import { createReducer, type Reducer } from './reducer';
import { type LiveReferences, SelectionHub } from './SelectionHub';
import { Snapshot } from './Snapshot';
import type { ResponseMeta, Selection, SnapshotInterface } from './SnapshotInterface';
import { type CacheState, initialState, isState, type State } from './State';
import type { DenormalizeNullable, Schema } from './schemaTypes';
import { keepCache } from './writeCache';

export const DEFAULT_DATA_EXPIRY_LENGTH = 60_000;
export const DEFAULT_ERROR_EXPIRY_LENGTH = 1_000;

export interface ControllerOptions {
  /** Managers, outermost first: each sees an action before the next one does. */
  managers?: readonly Manager[];
  initialState?: State;
  /** Lifetime of fetched data unless the endpoint sets its own (ms, default 60 000). */
  dataExpiryLength?: number;
  /** Lifetime of fetch errors unless the endpoint sets its own (ms, default 1 000). */
  errorExpiryLength?: number;
  /** Clock (ms since epoch); defaults to `Date.now`. */
  now?: () => number;
}

/** Fields of `resolve(endpoint, meta)`: the outcome of a fetch performed elsewhere. */
export interface ResolveMeta<E extends EndpointInterface> {
  args: readonly [...Parameters<E>];
  response: unknown;
  fetchedAt: number;
  /** True when `response` is the error the fetch failed with. */
  error?: boolean;
  /** @internal Filled by the write (see `SetResponseAction.written`). */
  written?: ResponseWritten;
}

/** One committed change of the store: the new state, and the (table, key) pairs it changed. */
export interface StoreChange {
  readonly state: State;
  readonly changes: Changes;
}

/** Rejects what a disposed store is asked to do (fetch, set, invalidate...). */
export class StoreDisposedError extends TesseraError {
  override readonly name = 'StoreDisposedError';
  constructor() {
    super(
      message(
        'TSR60',
        () =>
          process.env.NODE_ENV !== 'production' &&
          'Tessera store is disposed: it no longer fetches, writes or updates readers. Use a new store, or dispose this one only once nothing reads it',
      ),
    );
  }
}

const NOT_NOW: Selection<undefined> = Object.freeze({
  data: undefined,
  expiryStatus: ExpiryStatus.Valid,
  expiresAt: 0,
  error: undefined,
  loading: false,
});

/** Splits a trailing state argument off endpoint arguments. */
function splitState(rest: readonly unknown[], current: State): [readonly unknown[], State] {
  const last = rest[rest.length - 1];
  return isState(last) ? [rest.slice(0, -1), last] : [rest, current];
}

/**
 * Binds the methods of a controller's classes (a subclass's overrides included, RxJS's own
 * left as they are) to it, so they work detached: `const { fetch, invalidate } = controller`,
 * the usual shape with Vue's `useController()` and in Svelte.
 */
function bindMethods(controller: Controller): void {
  for (
    let proto = Object.getPrototypeOf(controller);
    proto !== Observable.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name === 'constructor' || typeof method !== 'function' || Object.hasOwn(controller, name))
        continue;
      Object.defineProperty(controller, name, {
        value: (controller as unknown as Record<string, () => unknown>)[name].bind(controller),
        writable: true,
        configurable: true,
      });
    }
  }
}

/**
 * The only way to read and change the store. Actions go through the managers (middleware) to a
 * reducer. The controller is itself an RxJS `Observable<State>`: subscribing emits the
 * current state synchronously, then every new state, so it also satisfies the Svelte store
 * contract and works with `from(controller)`. Its methods also work taken off the controller.
 */
export class Controller extends Observable<State> {
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  /** The store state as an observable (emits the current state first). */
  readonly state$: Observable<State>;
  /**
   * Every change as it is committed, with its change log: the one signal readers follow to
   * learn what changed (see core/docs/how-the-store-works.md). Emits before `state$` does.
   */
  readonly changes$: Observable<StoreChange>;
  /** @internal What the opt-in managers installed (retries, polling, the page...): see `Features`. */
  readonly features: Features = {};
  private readonly memoCache = new MemoCache();
  /** True while the reducer runs (see `memoOf`). */
  private reducing = false;
  /** A memo per kept state's entities (never written again), for reads of them: see `memoOf`. */
  private readonly keptMemos = new WeakMap<State['entities'], MemoCache>();
  private readonly changeLog = new Broadcast<StoreChange>(false);
  /** What the states not yet notified changed (merged when dispatches come in during a notification). */
  private pending: Changes | undefined;

  private readonly states: Broadcast<State>;
  private readonly reducer: Reducer;
  /** @deprecated Renamed `keepLive` ("live" is the one word for a key kept refreshed); `poll` goes in the next minor release. */
  declare readonly poll: Controller['keepLive'];
  /** @internal Live selections (`select`, `selectQuery`). */
  readonly hub: SelectionHub;
  private readonly dispatchChain: Dispatch;
  private readonly managers: readonly Manager[];
  private readonly clock: () => number;
  /** The latest state; `states` catches up with it at the end of each notification. */
  private current: State;
  private lastFetchedAt = 0;
  private notifying = false;
  private dirty = false;
  private disposed = false;

  constructor(options: ControllerOptions = {}) {
    // rxjs calls this as a method of the observable, so `this` is the controller.
    super(function (this: Observable<State>, subscriber) {
      return (this as Controller).states.add(subscriber);
    });
    bindMethods(this);
    this.clock = options.now ?? Date.now;
    this.dataExpiryLength = options.dataExpiryLength ?? DEFAULT_DATA_EXPIRY_LENGTH;
    this.errorExpiryLength = options.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY_LENGTH;
    this.current = options.initialState ?? initialState();
    // Another store's state (its `getState()`) must not change under this one: that store copies
    // these tables before writing them from now on.
    if (options.initialState) this.keep(options.initialState);
    this.states = new Broadcast(true, this.current);
    this.state$ = this.states.observable;
    this.changes$ = this.changeLog.observable;
    this.reducer = createReducer({
      // Read during the call only: no need to keep the state (see `snapshot`).
      snapshot: (state, fetchedAt) => new Snapshot(this, state, fetchedAt),
      query: (schema, args, state) => this.get(schema as Schema, ...args, state),
      dataExpiryLength: (endpoint) => this.expiryLength(endpoint, false),
    });
    this.hub = new SelectionHub(
      (endpoint, key, args, state) => this.readSelection(endpoint, key, args, state),
      () => this.current,
      () => this.now(),
      this.memoCache,
    );
    const reduce: Dispatch = (action) => {
      this.reduce(action);
      return Promise.resolve();
    };
    const managers = options.managers ?? [];
    this.managers = managers;
    this.dispatchChain = managers.reduceRight<Dispatch>(
      (next, manager) => manager.middleware(this)(next),
      reduce,
    );
  }

  /**
   * The memo of the live state (what readers are shown): denormalized results keep their
   * identity while their inputs do. Reads of other states go through a memo of their own.
   */
  get memo(): MemoCache {
    return this.memoCache;
  }

  /** Current time by the store's clock. */
  now(): number {
    return this.clock();
  }

  /**
   * A start time for a new fetch: the clock, but strictly after every earlier one, so that
   * (key, fetchedAt) identifies a fetch and "started before the last reset" is exact.
   */
  nextFetchedAt(): number {
    const now = this.clock();
    this.lastFetchedAt = now > this.lastFetchedAt ? now : this.lastFetchedAt + 0.001;
    return this.lastFetchedAt;
  }

  /** Lifetime (ms) an endpoint's data, or its errors, stay fresh. */
  expiryLength(endpoint: EndpointInterface, error: boolean): number {
    return error
      ? (endpoint.errorExpiryLength ?? this.errorExpiryLength)
      : (endpoint.dataExpiryLength ?? this.dataExpiryLength);
  }

  /**
   * The current state. It is live: the store writes its tables (entities, their meta, indexes,
   * `endpoints` and `meta`) in place, so a state held across a write shows the newer data. Use
   * `keepState()` for one that stays as it is.
   */
  getState(): State {
    return this.current;
  }

  /**
   * The current state, kept as it is: later writes copy the tables they change instead of
   * writing them in place (for a devtools history, a test's before/after, a diff). Costs one
   * step per table now, and a copy of each table the next write changes.
   */
  keepState(): State {
    this.keep(this.current);
    return this.current;
  }

  private keep(state: State): void {
    if (!this.keptMemos.has(state.entities)) this.keptMemos.set(state.entities, new MemoCache());
    keepCache(state);
    keepTable(state.fetching);
    if (state.committed) keepCache(state.committed);
  }

  /** True once `dispose()` ran (the store's or the controller's: they are the same). */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Sends an action through the managers to the reducer; rejects once the store is disposed. */
  dispatch(action: Action): Promise<void> {
    if (this.disposed) return Promise.reject(new StoreDisposedError());
    try {
      return this.dispatchChain(action);
    } catch (error) {
      // A reducer refusal (e.g. `set` with a value that does not fit) leaves the state as it was.
      return Promise.reject(error);
    }
  }

  /**
   * Fetches through the managers (shared for concurrent GETs, optimistic for mutations that declare
   * it) and resolves to the result as the store holds it: denormalized by the schema, or the raw
   * result when the endpoint has none (docs/reference/rest-endpoint.md#direct-calls-and-the-store).
   * A collection's `push` or `unshift` resolves to the entity for one body, an array for an array.
   */
  fetch<E extends EndpointInterface>(
    endpoint: E,
    ...args: AddArgs<E['schema'], Parameters<E>, 'many'>
  ): Promise<AddResult<FetchResult<E>, 'many'>>;
  fetch<E extends EndpointInterface>(
    endpoint: E,
    ...args: AddArgs<E['schema'], Parameters<E>, 'one'>
  ): Promise<AddResult<FetchResult<E>, 'one'>>;
  fetch<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly [...Parameters<E>]
  ): Promise<FetchResult<E>>;
  fetch<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly [...Parameters<E>]
  ): Promise<FetchResult<E>> {
    return dispatchFetch(this, endpoint, args, endpoint.signal) as Promise<FetchResult<E>>;
  }

  /**
   * Fetches only when a fetch is due (the result is missing, invalid or stale; a cached error
   * waits for its expiry), joining a request in flight; otherwise resolves to the cached data.
   * `null` as the first argument resolves to undefined without fetching.
   */
  fetchIfStale<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Promise<FetchResult<E> | undefined> {
    if (args[0] === null) return Promise.resolve(undefined);
    const selection = this.getSelection<EndpointInterface>(endpoint, ...args);
    if (!isFetchDue({ ...selection, loading: false }, this.now())) {
      return Promise.resolve(selection.data as FetchResult<E> | undefined);
    }
    return dispatchFetch(this, endpoint, args, endpoint.signal) as Promise<
      FetchResult<E> | undefined
    >;
  }

  /**
   * Writes a value for a schema without an endpoint (e.g. from a websocket): `set(schema,
   * ...args, value)`, where value may be an updater `(current) => next`. Rejects, leaving the
   * store unchanged, when the value does not fit the schema.
   */
  set(schema: Schema, ...argsAndValue: readonly unknown[]): Promise<void> {
    const value = argsAndValue[argsAndValue.length - 1];
    const args = argsAndValue.slice(0, -1);
    const date = this.nextFetchedAt();
    return this.dispatch({
      type: 'set',
      schema,
      args,
      value,
      meta: { fetchedAt: date, date, expiresAt: date + this.dataExpiryLength },
    });
  }

  /** Stores the outcome of a fetch that started at `fetchedAt` (performed outside the store). */
  resolve<E extends EndpointInterface>(endpoint: E, meta: ResolveMeta<E>): Promise<void> {
    const error = meta.error === true;
    const date = this.now();
    return this.dispatch({
      type: 'setResponse',
      key: endpoint.key(...meta.args),
      endpoint,
      args: meta.args,
      response: meta.response,
      error,
      written: meta.written,
      meta: {
        fetchedAt: meta.fetchedAt,
        date,
        expiresAt: date + this.expiryLength(endpoint, error),
      },
    });
  }

  /** Marks one result invalid: it reads as missing and is fetched again when next needed. */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<void> {
    if (args[0] === null) return Promise.resolve();
    return this.dispatch({ type: 'invalidate', keys: [endpoint.key(...args)] });
  }

  /** Marks every result whose key matches invalid (e.g. `{ testKey: endpoint.testKey }`). */
  invalidateAll(options: { testKey: (key: string) => boolean }): Promise<void> {
    return this.dispatch({ type: 'invalidate', keys: options.testKey });
  }

  /** Makes every result whose key matches stale (refetched on next `fetchIfStale`). */
  expireAll(options: { testKey: (key: string) => boolean }): Promise<void> {
    return this.dispatch({ type: 'expireAll', testKey: options.testKey });
  }

  /** The cached result of an endpoint: `getResponse(endpoint, ...args, state?)`. */
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...argsAndState: readonly [...EndpointArgs<E>] | readonly [...EndpointArgs<E>, State]
  ): ResponseMeta<ResultOf<E>> {
    return this.getResponseMeta(endpoint, ...argsAndState);
  }

  /** Like `getResponse`; the returned `countRef()` holds the result against garbage collection. */
  getResponseMeta<E extends EndpointInterface>(
    endpoint: E,
    ...argsAndState: readonly [...EndpointArgs<E>] | readonly [...EndpointArgs<E>, State]
  ): ResponseMeta<ResultOf<E>> {
    const [args, state] = splitState(argsAndState, this.getState());
    if (args[0] === null) {
      return { data: undefined as ResultOf<E>, expiryStatus: ExpiryStatus.Valid, expiresAt: 0 };
    }
    const key = endpoint.key(...args);
    const read = this.readNow(endpoint, key, args, state);
    return {
      data: read.data as ResultOf<E>,
      expiryStatus: read.expiryStatus,
      expiresAt: read.expiresAt,
      countRef: () => this.hub.retain(key, read),
    };
  }

  /** The error to show for an endpoint (none under a soft policy while data exists). */
  getError<E extends EndpointInterface>(
    endpoint: E,
    ...argsAndState: readonly [...EndpointArgs<E>] | readonly [...EndpointArgs<E>, State]
  ): unknown {
    const [args, state] = splitState(argsAndState, this.getState());
    if (args[0] === null) return undefined;
    const key = endpoint.key(...args);
    return readError(getOwn(state.meta, key), this.readNow(endpoint, key, args, state));
  }

  /** Reads any queryable schema (an Entity by pk, `All`, `Query`...): `get(schema, ...args, state?)`. */
  get<S extends Schema>(schema: S, ...argsAndState: readonly unknown[]): DenormalizeNullable<S> {
    const [args, state] = splitState(argsAndState, this.getState());
    return readQuery(this.memoOf(state), schema, args, state) as DenormalizeNullable<S>;
  }

  /**
   * A read-only view of a state that later writes leave as it is (see `keepState`). What
   * `getOptimisticResponse` receives is a view of the same kind, valid during that call.
   */
  snapshot(state: State, fetchedAt: number = this.now()): SnapshotInterface {
    this.keep(state);
    return new Snapshot(this, state, fetchedAt);
  }

  /**
   * One endpoint's cached result as `select` would emit it now (data, error to show, freshness,
   * in-flight mark), read synchronously without subscribing.
   */
  getSelection<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Selection<ResultOf<E>> {
    if (args[0] === null) return NOT_NOW as Selection<ResultOf<E>>;
    const key = endpoint.key(...args);
    return this.readSelection(endpoint, key, args, this.current).selection as Selection<
      ResultOf<E>
    >;
  }

  /**
   * An observable of one endpoint's cached result: emits at once, then whenever the data,
   * error, freshness or in-flight mark changed (by identity). Reading never fetches; pair it
   * with `fetchIfStale` or `keepLive`. `null` as the first argument emits undefined data.
   */
  select<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): Observable<Selection<ResultOf<E>>> {
    if (args[0] === null) {
      return new Observable<Selection<ResultOf<E>>>((subscriber) => {
        subscriber.next(NOT_NOW as Selection<ResultOf<E>>);
      });
    }
    return this.hub.observe(endpoint, endpoint.key(...args), args) as Observable<
      Selection<ResultOf<E>>
    >;
  }

  /**
   * Keeps `endpoint` live while at least one hold is on it (reference counted per key): polled
   * every `endpoint.pollFrequency` ms by the polling manager, or fed by a live manager's pushes.
   * Returns the release function; call it once when the reader goes away.
   */
  keepLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): () => void {
    if (args[0] === null || this.disposed) return () => {};
    const key = endpoint.key(...args);
    void this.dispatch({ type: 'subscribe', key, endpoint, args });
    let released = false;
    return () => {
      // After dispose the polling manager has stopped: there is nothing left to release.
      if (released || this.disposed) return;
      released = true;
      void this.dispatch({ type: 'unsubscribe', key, endpoint, args });
    };
  }

  /** Results and entities read by live selections or held by `countRef` (for garbage collection). */
  liveReferences(): LiveReferences {
    return this.hub.liveReferences();
  }

  /**
   * Stops the store: its managers (timers, polling, requests in flight, which reject with
   * `StoreDisposedError`), then completes observers; further dispatches reject too. The same
   * as `store.dispose()`.
   */
  dispose(): void {
    if (this.disposed) return;
    for (const manager of this.managers) manager.cleanup();
    this.disposed = true;
    this.hub.dispose();
    this.changeLog.complete();
    this.states.complete();
  }

  private reduce(action: Action): void {
    if (this.disposed) return;
    const previous = this.current;
    const changes = new Changes();
    let next: State;
    this.reducing = true;
    try {
      next = this.reducer(previous, action, changes);
    } finally {
      this.reducing = false;
    }
    if (next === previous) return;
    this.current = next;
    this.memoCache.changed(changes, next.entities, next.indexes);
    if (this.pending === undefined) this.pending = changes;
    else this.pending.add(changes);
    this.notify();
  }

  /**
   * The memo for reads of `state`: the one memo for the live entities. Reads during a write (a
   * `set` updater, `getOptimisticResponse`) see tables the write is changing in place, which
   * the live memo hears of only once the write is done: they go through a throwaway memo, so
   * they never make the live one rebuild what readers hold. A kept state's entities (never
   * written again) are read through a memo of their own.
   */
  private memoOf(state: CacheState): MemoCache {
    if (this.reducing) return new MemoCache();
    const { entities } = state;
    if (entities === this.current.entities || this.memoCache.mirrors(entities))
      return this.memoCache;
    return this.keptMemos.get(entities) ?? new MemoCache();
  }

  /** Emits the latest state; a dispatch made while emitting is delivered after, in order. */
  private notify(): void {
    if (this.notifying) {
      this.dirty = true;
      return;
    }
    this.notifying = true;
    try {
      do {
        this.dirty = false;
        const state = this.current;
        const changes = this.pending ?? new Changes();
        this.pending = undefined;
        this.hub.update(state, changes);
        this.changeLog.next({ state, changes });
        this.states.next(state);
      } while (this.dirty);
    } finally {
      this.notifying = false;
    }
  }

  /** One result of a state, as of now (the `invalidIfStale` rule applies). */
  private readNow(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
    state: State,
  ) {
    return readResult(this.memoOf(state), endpoint, key, args, state, this.now());
  }

  private readSelection(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
    state: State,
  ): { selection: Selection<unknown>; read: ReadResult } {
    const read = this.readNow(endpoint, key, args, state);
    return {
      selection: {
        data: read.data,
        expiryStatus: read.expiryStatus,
        expiresAt: read.expiresAt,
        error: readError(getOwn(state.meta, key), read),
        loading: getOwn(state.fetching, key) !== undefined,
      },
      read,
    };
  }
}

// The deprecated name of `keepLive`, on the prototype so `bindMethods` binds it too.
(Controller.prototype as { poll: unknown }).poll = Controller.prototype.keepLive;
