import type { Subscription } from 'rxjs';
import { retryDelay } from '../managers/requestPolicy';
import { ConnectionError } from '../rest/NetworkError';
import { headersToRecord } from '../rest/requestInit';
import { warnInDevelopment } from '../schema/development';
import { isOwn } from '../schema/ownProperty';
import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import type { FetchAction } from '../store/actions';
import { unrefTimer } from '../store/unrefTimer';
import type { PersistStorage } from './PersistStorage';

/** A mutation the queue keeps: the endpoint, or it with the scope its calls run in. */
export type QueueRegistration =
  | EndpointInterface
  | {
      readonly endpoint: EndpointInterface;
      /**
       * Calls of one scope run one at a time, in the order they were made (default `'queue'`:
       * every registered mutation, in order). A function names it from the call's arguments.
       */
      readonly scope?: string | ((...args: never[]) => string);
    };

/** The mutations a queue keeps, by the name they are stored under (functions do not serialize). */
export type QueueEndpoints = { readonly [name: string]: QueueRegistration };

type EndpointOf<R> = R extends { readonly endpoint: infer E } ? E : R;
type ArgsOf<R> = EndpointOf<R> extends (...args: infer A) => unknown ? A : never;

/** One mutation waiting in the queue, or being sent. */
export type QueuedMutation<M extends QueueEndpoints = QueueEndpoints> = {
  readonly [K in keyof M & string]: {
    readonly id: string;
    /** The name it was registered under. */
    readonly name: K;
    /** The arguments it was called with (params, body). */
    readonly args: Readonly<ArgsOf<M[K]>>;
    readonly scope: string;
    /** `'sending'` once its request is under way: it can no longer be cancelled. */
    readonly status: 'queued' | 'sending';
    /** The connection error of its last try, while it waits to try again. */
    readonly error?: unknown;
    /** When it is tried again after a lost connection (sooner if the browser comes back online). */
    readonly retryAt?: number;
  };
}[keyof M & string];

export interface MutationQueueOptions<M extends QueueEndpoints> {
  /** Where the queue is kept: a storage of its own, not the PersistManager's. */
  readonly storage: PersistStorage;
  readonly endpoints: M;
  /** The version of what is stored: entries of another version are dropped. Default `''`. */
  readonly buster?: string;
  /**
   * A mutation that fails for want of a connection (`ConnectionError`, including timeouts):
   * `'keep'` (default) keeps it queued and tries again when the browser is back online or after
   * a wait (`retryDelayMs`); `'refuse'` treats it as refused.
   */
  readonly onConnectionError?: 'keep' | 'refuse';
  /**
   * Wait before trying again a mutation that lost its connection while online. Each further loss
   * in a row doubles it, up to `maxRetryDelayMs`, half of it at random so that clients that lost
   * a server together do not come back together. Default 10 000.
   */
  readonly retryDelayMs?: number;
  /** The longest wait between tries after lost connections. Default 300 000 (5 minutes). */
  readonly maxRetryDelayMs?: number;
  /**
   * A mutation the server refused (or that failed otherwise): rolled back and out of the queue.
   * Its caller's promise rejects too; this also hears those replayed after a reload.
   */
  readonly onRefused?: (mutation: QueuedMutation<M>, error: unknown) => void;
  /**
   * Sends each call with a key of its own in this header (`true`: `Idempotency-Key`): made when
   * the call is queued, stored with it, and the same on every try, after a reload too, so that a
   * server that remembers the keys it answered does not do twice a call resent after the page
   * closed mid-send (docs/guide/http.md#idempotent-replays). For endpoints with a `requestInit`
   * (RestEndpoint). Default off.
   */
  readonly idempotencyKey?: boolean | string;
}

/** What is stored per mutation. */
interface Stored {
  readonly id: string;
  /** The page that sends it (see `claim`). */
  readonly owner: string;
  readonly v: string;
  readonly name: string;
  readonly args: readonly unknown[];
  readonly scope: string;
  readonly seq: number;
  /** Its Idempotency-Key, when the queue sends one. */
  readonly key?: string;
}

interface Entry {
  readonly id: string;
  readonly stored: Stored;
  readonly endpoint: EndpointInterface;
  /** The fetch that stands for it now (a newer one replaces it, see `refresh`). */
  current?: AbortController;
  /** Who called it on this page (none for one restored after a reload). */
  caller?: Pick<FetchAction, 'resolve' | 'reject'>;
  cancelled: boolean;
  /** Data was written while it was being sent: once queued again, it is fetched anew. */
  missed?: boolean;
  /** After a lost connection, not tried again before this time (unless back online). */
  retryAt?: number;
  /** Connections lost in a row (the wait doubles with each). */
  losses: number;
  status: 'queued' | 'sending';
  error?: unknown;
}

/** Why a fetch of a waiting mutation was dropped: a newer fetch of it replaced it. */
const REPLACED = /* @__PURE__ */ new DOMException(
  'Replaced by a newer fetch of the same queued mutation',
  'AbortError',
);

const PREFIX = 'mutation:';
/** Web Locks: each page holds one under its id while it lives; restores take turns. */
const LOCK = 'tessera-mutation-queue:';

/**
 * A durable queue of mutations, opt in (docs/guide/offline.md#a-durable-mutation-queue):
 *
 * ```ts
 * const queue = new MutationQueue({ storage: indexedDBStorage('my-app-queue'), endpoints: { save } });
 * await queue.restore();
 * const store = createStore({ managers: [queue, new PageManager()] });
 * ```
 *
 * Each call of a registered endpoint is stored (name, arguments) before it is sent and removed
 * once the server answered; while the browser is offline it waits, its optimistic update shown.
 * A restored queue is replayed at start, in order, each call once more with its optimistic
 * update. Calls of one scope run one at a time. A call is sent by the page that made or
 * restored it, never by two open tabs (Web Locks).
 */
export class MutationQueue<M extends QueueEndpoints = QueueEndpoints> implements Manager {
  private readonly options: MutationQueueOptions<M>;
  private readonly names = new Map<EndpointInterface, string>();
  private readonly warned = new Set<EndpointInterface>();
  private entries: Entry[] = [];
  private list: readonly QueuedMutation<M>[] = [];
  private readonly listeners = new Set<(entries: readonly QueuedMutation<M>[]) => void>();
  private readonly wakers = new Set<() => void>();
  private restored: Stored[] = [];
  private controller: Controller | undefined;
  /** Cancelled calls whose caller hears of it once their optimistic update is rolled back. */
  private readonly rollbacks = new Set<{ readonly id: string; readonly then: () => void }>();
  private watching: Subscription | undefined;
  private replaying: Entry | undefined;
  /** True while this queue dispatches (its own writes do not refresh the queue). */
  private dispatching = false;
  private refreshing = false;
  private changes$: Subscription | undefined;
  private listening = false;
  private seq = 0;
  private writing: Promise<void> = Promise.resolve();
  /** This page's id: what it stores is its own to send while it lives. */
  private readonly tab = Math.random().toString(36).slice(2);
  private holding: Promise<void> | undefined;

  constructor(options: MutationQueueOptions<M>) {
    this.options = options;
    for (const name of Object.keys(options.endpoints)) this.names.set(this.endpoint(name), name);
  }

  /** What waits now, in order (also given to `subscribe`'s listeners). */
  get mutations(): readonly QueuedMutation<M>[] {
    return this.list;
  }

  /**
   * Calls `listener` with the queue now and each time it changes; returns the unsubscribe
   * function (the shape of a Svelte store).
   */
  subscribe(listener: (mutations: readonly QueuedMutation<M>[]) => void): () => void {
    this.listeners.add(listener);
    listener(this.list);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reads the stored queue, to be replayed when the store starts (call it before
   * `createStore`, so that restored optimistic updates show before the first read). Entries of
   * another `buster`, of an endpoint not registered, or damaged are dropped; those another open
   * tab of the app sends are left to it. Never rejects; resolves to the number restored.
   */
  async restore(): Promise<number> {
    const { storage } = this.options;
    try {
      const locks = globalThis.navigator?.locks;
      if (!locks) return await this.claim();
      await this.hold();
      return await locks.request(`${LOCK}restore`, () => this.claim(locks));
    } catch (error) {
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          `MutationQueue: the stored queue could not be restored (${String(error)}); it starts empty`,
      );
      await storage.clear().catch(() => {});
      return 0;
    }
  }

  /**
   * Takes over the stored calls no living page sends (another open tab of the app keeps its
   * own, so no call is sent by two pages), and drops the unusable ones.
   */
  private async claim(locks?: LockManager): Promise<number> {
    const { storage, buster = '' } = this.options;
    const living = new Set((await locks?.query())?.held?.map((lock) => lock.name));
    const kept: Stored[] = [];
    const written = new Map<string, Stored | undefined>();
    let dropped = 0;
    for (const [key, value] of await storage.read()) {
      if (!this.usable(key, value, buster)) {
        written.set(key, undefined);
        dropped++;
      } else if (value.owner === this.tab || !living.has(LOCK + value.owner)) {
        const mine = { ...value, owner: this.tab };
        kept.push(mine);
        written.set(key, mine);
      }
    }
    if (dropped > 0) {
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          `MutationQueue: ${dropped} stored mutation(s) dropped (another buster, an endpoint not registered, or damaged)`,
      );
    }
    if (written.size > 0) await storage.write(written);
    kept.sort((a, b) => a.seq - b.seq);
    this.restored = kept;
    this.seq = Math.max(this.seq, ...kept.map((stored) => stored.seq));
    if (this.listening && this.controller) this.replay(this.controller);
    return kept.length;
  }

  /** Holds this page's lock while it lives (a page closed releases it). */
  private hold(): Promise<void> {
    const locks = globalThis.navigator?.locks;
    this.holding ??= locks
      ? new Promise((held) => {
          void locks.request(LOCK + this.tab, () => {
            held();
            return new Promise(() => {});
          });
        })
      : Promise.resolve();
    return this.holding;
  }

  /**
   * Cancels a queued mutation: it is not sent, its optimistic update is removed and its
   * caller's promise rejects with an AbortError. False when it is not queued (gone, or being
   * sent: the server may have it already).
   */
  cancel(id: string): boolean {
    const entry = this.entries.find((each) => each.id === id);
    if (!entry || entry.status === 'sending') return false;
    entry.cancelled = true;
    entry.current?.abort(new DOMException('The queued mutation was cancelled', 'AbortError'));
    return true;
  }

  /**
   * Cancels every queued mutation `test` accepts (e.g. the updates of an entity about to be
   * deleted); returns how many.
   */
  cancelWhere(test: (mutation: QueuedMutation<M>) => boolean): number {
    return this.list.filter((mutation) => test(mutation) && this.cancel(mutation.id)).length;
  }

  middleware(controller: Controller) {
    this.controller = controller;
    return (next: Dispatch): Dispatch =>
      (action) => {
        if (
          action.type === 'reset' ||
          (action.type === 'setResponse' && action.response === REPLACED)
        ) {
          // A replaced fetch gives back its optimistic update (the newer one shows), and a reset
          // drops every fetch in flight (each stays stored for the next start): neither is a
          // change that calls for a refresh.
          this.dispatching = true;
          try {
            return next(action);
          } finally {
            this.dispatching = false;
          }
        }
        if (action.type !== 'fetch') return next(action);
        const replayed = this.replaying;
        this.replaying = undefined;
        const entry = replayed?.endpoint === action.endpoint ? replayed : this.enqueue(action);
        if (!entry) return next(action);
        if (!replayed) entry.caller = action;
        const request = new AbortController();
        entry.current = request;
        const send = (call: () => Promise<unknown>) => this.send(entry, request.signal, call);
        // Only the entry's current fetch settles it (and its caller, if any).
        const outcome =
          (failed: boolean) =>
          (value: unknown): void => {
            if (entry.current !== request) return;
            this.settle(entry, failed, value);
            const { caller } = entry;
            if (!failed) caller?.resolve(value);
            // The abort rejects at once, the rollback is written when the request ends: the
            // caller hears of it after, so that a `catch` reads the store without the update.
            else if (entry.cancelled) this.afterRollback(action, () => caller?.reject(value));
            else caller?.reject(value);
          };
        // Its optimistic update is this queue's own change: not one that calls for a refresh.
        this.dispatching = true;
        try {
          return next({
            ...action,
            endpoint: held(this.keyed(action.endpoint, entry.stored.key), send),
            // Durable: only `cancel` withdraws it, not its caller.
            signal: request.signal,
            resolve: outcome(false),
            reject: outcome(true),
          });
        } finally {
          this.dispatching = false;
        }
      };
  }

  init(controller: Controller): void {
    if (this.listening) return;
    this.listening = true;
    globalThis.addEventListener?.('online', this.backOnline);
    this.changes$ = controller.changes$.subscribe(({ changes }) => {
      if (this.dispatching || this.refreshing || !(changes.all || changes.entities.size > 0))
        return;
      // After this change is delivered: what the refresh dispatches is then delivered at once,
      // while `dispatching` says it is this queue's own.
      this.refreshing = true;
      queueMicrotask(() => {
        this.refreshing = false;
        this.refresh(controller);
      });
    });
    this.replay(controller);
  }

  /**
   * Data written after a waiting mutation's fetch started would show over its optimistic update
   * (the store ranks writes by when their fetch started): each waiting one is fetched anew,
   * so that its update shows on top again, and its older fetch is dropped (nothing is sent).
   */
  private refresh(controller: Controller): void {
    if (!this.listening || controller.isDisposed) return;
    for (const entry of this.entries) {
      if (!entry.endpoint.getOptimisticResponse) continue;
      if (entry.status === 'sending') entry.missed = true;
      else this.replace(controller, entry);
    }
  }

  /** Fetches a waiting entry anew and drops its older fetch. */
  private replace(controller: Controller, entry: Entry): void {
    const older = entry.current;
    this.fetch(controller, entry);
    older?.abort(REPLACED);
  }

  /** Dispatches a fetch of a tracked entry (replayed, or fetched anew). */
  private fetch(controller: Controller, entry: Entry): void {
    this.replaying = entry;
    controller.fetch(entry.endpoint, ...entry.stored.args).catch(() => {});
    // Not dispatched: its arguments do not fit the endpoint (damaged), so it is dropped.
    if (this.replaying === entry && !controller.isDisposed) {
      this.replaying = undefined;
      this.settle(entry, true);
    }
  }

  stop(): void {
    if (!this.listening) return;
    this.listening = false;
    globalThis.removeEventListener?.('online', this.backOnline);
    this.changes$?.unsubscribe();
  }

  cleanup(): void {
    this.stop();
  }

  /** Calls `then` once the store shows no optimistic update of the fetch `action`, or is disposed. */
  private afterRollback({ key, fetchedAt }: FetchAction, then: () => void): void {
    const controller = this.controller;
    if (!controller || controller.isDisposed) {
      then();
      return;
    }
    this.rollbacks.add({ id: `${fetchedAt} ${key}`, then });
    // One watch for all of them, while some wait (it sees the current state as it subscribes).
    this.watching ??= controller.subscribe({
      next: () => this.rolledBack(false),
      complete: () => this.rolledBack(true),
    });
    if (this.rollbacks.size === 0) this.stopWatching();
  }

  /** Calls those whose optimistic update is gone (all of them once the store is disposed). */
  private rolledBack(all: boolean): void {
    const shown = new Set<string>();
    const state = this.controller?.getState();
    for (const each of all || !state ? [] : state.optimistic) {
      shown.add(`${each.fetchedAt} ${each.key}`);
    }
    for (const rollback of [...this.rollbacks]) {
      if (shown.has(rollback.id)) continue;
      this.rollbacks.delete(rollback);
      rollback.then();
    }
    if (this.rollbacks.size === 0) this.stopWatching();
  }

  private stopWatching(): void {
    this.watching?.unsubscribe();
    this.watching = undefined;
  }

  /** The endpoint sending `key` in the Idempotency-Key header (when the queue sends one). */
  private keyed(endpoint: EndpointInterface, key: string | undefined): EndpointInterface {
    const { idempotencyKey: header } = this.options;
    if (!header || key === undefined || !endpoint.extend) return endpoint;
    const requestInit = Reflect.get(endpoint, 'requestInit') as RequestInit | undefined;
    const headers = headersToRecord(requestInit?.headers);
    headers[header === true ? 'Idempotency-Key' : header] = key;
    return (endpoint.extend as (options: object) => EndpointInterface)({
      requestInit: { ...requestInit, headers },
    });
  }

  /** A registered endpoint by name. */
  private endpoint(name: string): EndpointInterface {
    const registration = this.options.endpoints[name];
    return typeof registration === 'function' ? registration : registration.endpoint;
  }

  private usable(key: string, value: unknown, buster: string): value is Stored {
    if (!key.startsWith(PREFIX) || typeof value !== 'object' || value === null) return false;
    const stored = value as Partial<Stored>;
    return (
      key === PREFIX + stored.id &&
      typeof stored.owner === 'string' &&
      stored.v === buster &&
      typeof stored.name === 'string' &&
      isOwn(this.options.endpoints, stored.name) &&
      Array.isArray(stored.args) &&
      typeof stored.scope === 'string' &&
      Number.isFinite(stored.seq) &&
      (stored.key === undefined || typeof stored.key === 'string')
    );
  }

  /** Dispatches what `restore` read, once, in order. */
  private replay(controller: Controller): void {
    const restored = this.restored;
    this.restored = [];
    for (const stored of restored) this.fetch(controller, this.track(stored));
  }

  /** A new call of a registered mutation: stored, then tracked. */
  private enqueue(action: FetchAction): Entry | undefined {
    const { endpoint, args } = action;
    if (!endpoint.sideEffect) return undefined;
    const name = this.names.get(endpoint);
    if (name === undefined) {
      if (process.env.NODE_ENV !== 'production' && !this.warned.has(endpoint)) {
        this.warned.add(endpoint);
        warnInDevelopment(
          () =>
            process.env.NODE_ENV !== 'production' &&
            `MutationQueue: "${action.key}" is not a registered endpoint, so it is sent as usual and not kept across reloads. Register it in \`endpoints\` to queue it (docs/guide/offline.md#a-durable-mutation-queue)`,
        );
      }
      return undefined;
    }
    const registration = this.options.endpoints[name];
    const scope = typeof registration === 'function' ? undefined : registration.scope;
    this.seq = Math.max(this.seq + 1, Date.now());
    void this.hold();
    const stored: Stored = {
      id: `${this.seq}.${this.tab}`,
      owner: this.tab,
      v: this.options.buster ?? '',
      name,
      args,
      scope:
        (typeof scope === 'function'
          ? (scope as (...args: readonly unknown[]) => string)(...args)
          : scope) ?? 'queue',
      seq: this.seq,
      ...(this.options.idempotencyKey && {
        key: globalThis.crypto?.randomUUID?.() ?? `${this.seq}.${this.tab}.${Math.random()}`,
      }),
    };
    const entry = this.track(stored);
    this.save(new Map([[PREFIX + entry.id, stored]]));
    return entry;
  }

  private track(stored: Stored): Entry {
    const entry: Entry = {
      id: stored.id,
      stored,
      endpoint: this.endpoint(stored.name),
      cancelled: false,
      losses: 0,
      status: 'queued',
    };
    this.entries.push(entry);
    this.changed();
    return entry;
  }

  /**
   * Out of the queue: sent and answered, refused, or cancelled. A fetch dropped because the
   * store was disposed or reset stays stored, to be replayed at the next start.
   */
  private settle(entry: Entry, failed: boolean, error?: unknown): void {
    if (!this.entries.includes(entry)) return;
    this.entries = this.entries.filter((each) => each !== entry);
    this.changed();
    const name = (error as Error | undefined)?.name;
    if (failed && (name === 'StoreDisposedError' || name === 'ResetError')) return;
    this.save(new Map([[PREFIX + entry.id, undefined]]));
    if (failed && !entry.cancelled && error !== undefined) {
      this.options.onRefused?.(this.view(entry), error);
    }
  }

  /** Sends when its turn comes; a lost connection waits for the next try (by policy). */
  private async send(
    entry: Entry,
    signal: AbortSignal,
    call: () => Promise<unknown>,
  ): Promise<unknown> {
    for (;;) {
      while (online() && (entry.retryAt ?? 0) > Date.now()) {
        await this.wait(signal, (entry.retryAt ?? 0) - Date.now());
      }
      await this.turn(entry, signal);
      // Cancelled, or replaced by a newer fetch, as its turn came: never sent.
      signal.throwIfAborted();
      entry.retryAt = undefined;
      this.update(entry, 'sending', undefined);
      try {
        return await call();
      } catch (error) {
        // A server that said when to come back (Retry-After, HttpSemanticsManager) is asked then.
        const retryAt = (error as { retryAt?: unknown } | null)?.retryAt;
        const keep =
          typeof retryAt === 'number' ||
          (error instanceof ConnectionError && this.options.onConnectionError !== 'refuse');
        if (!keep || signal.aborted) throw error;
        const { retryDelayMs = 10_000, maxRetryDelayMs = 300_000 } = this.options;
        const wait = { attempts: 0, baseDelayMs: retryDelayMs, maxDelayMs: maxRetryDelayMs };
        entry.retryAt =
          typeof retryAt === 'number'
            ? retryAt
            : Date.now() + retryDelay(entry.losses++, wait, Math.random);
        this.update(entry, 'queued', error);
        if (entry.missed && this.controller && !this.controller.isDisposed) {
          entry.missed = false;
          // This fetch ends here (replaced); the new one waits for the next try.
          this.replace(this.controller, entry);
        }
      }
    }
  }

  /** Waits until the browser is online and the entry is first of its scope. */
  private async turn(entry: Entry, signal: AbortSignal): Promise<void> {
    while (
      !(online() && this.entries.find((each) => each.stored.scope === entry.stored.scope) === entry)
    ) {
      await this.wait(signal);
    }
  }

  /** Until the queue changes, the browser is back online, `ms` passed, or `signal` aborts. */
  private wait(signal: AbortSignal, ms?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      signal.throwIfAborted();
      const timer = ms === undefined ? undefined : unrefTimer(setTimeout(() => done(), ms));
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        reject(signal.reason);
      };
      this.wakers.add(done);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  /** Back online: what lost its connection is tried again now. */
  private readonly backOnline = (): void => {
    for (const entry of this.entries) {
      entry.retryAt = undefined;
      entry.losses = 0;
    }
    this.wake();
  };

  private readonly wake = (): void => {
    for (const waker of [...this.wakers]) waker();
  };

  private update(entry: Entry, status: Entry['status'], error: unknown): void {
    entry.status = status;
    entry.error = error;
    this.changed();
  }

  private changed(): void {
    this.list = this.entries.map((entry) => this.view(entry));
    for (const listener of [...this.listeners]) listener(this.list);
    this.wake();
  }

  private view({ id, stored, status, error, retryAt }: Entry): QueuedMutation<M> {
    const { name, args, scope } = stored;
    return {
      id,
      name,
      args,
      scope,
      status,
      ...(error !== undefined && { error }),
      ...(retryAt !== undefined && { retryAt }),
    } as QueuedMutation<M>;
  }

  private save(entries: Map<string, Stored | undefined>): void {
    this.writing = this.writing
      .then(() => this.options.storage.write(entries))
      .catch((error) =>
        warnInDevelopment(
          () =>
            process.env.NODE_ENV !== 'production' &&
            `MutationQueue: the queue could not be written to storage (${String(error)})`,
        ),
      );
  }

  /** Resolves once what was written so far is in storage (tests, a page about to close). */
  flush(): Promise<void> {
    return this.writing;
  }
}

function online(): boolean {
  return globalThis.navigator?.onLine !== false;
}

/**
 * The endpoint, its calls (and those of its `extend`ed copies, which the network manager calls)
 * going through `send`; everything else read from the endpoint itself.
 */
function held<E extends EndpointInterface | ((...args: unknown[]) => unknown)>(
  endpoint: E,
  send: (call: () => Promise<unknown>) => Promise<unknown>,
): E {
  return new Proxy(endpoint, {
    apply: (target, self, args) => send(async () => Reflect.apply(target, self, args)),
    get: (target, property) => {
      const value = Reflect.get(target, property);
      return property === 'extend' && typeof value === 'function'
        ? (options: unknown) => held(value.call(target, options), send)
        : value;
    },
  });
}
