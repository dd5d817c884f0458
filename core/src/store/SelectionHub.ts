import { Observable, type Subscriber } from 'rxjs';
import type { MemoCache } from '../normalize';
import { addReader, Reader } from '../normalize/graph';
import type { Changes } from '../tables/Changes';
import type { EndpointInterface } from './EndpointInterface';
import type { ReadResult } from './readCache';
import type { Selection } from './SnapshotInterface';
import type { State } from './State';
import { unrefTimer } from './unrefTimer';

type EntityPaths = ReadResult['paths'];

/** A selection read from a state, with what it was built from. */
export interface SelectionRead {
  readonly selection: Selection<unknown>;
  readonly read: Pick<ReadResult, 'paths' | 'deps' | 'byEntities'>;
}

/** Computes a selection from a state (the controller's memoized read). */
export type ReadSelection = (
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
  state: State,
) => SelectionRead;

/** Live read references (by `select` subscribers and `countRef`), for garbage collection. */
export interface LiveReferences {
  readonly keys: ReadonlySet<string>;
  readonly entities: ReadonlyMap<string, ReadonlySet<string>>;
  /** The readers of each key, for devtools. */
  readonly readers: ReadonlyMap<string, KeyReaders>;
}

/** Who reads one key: how many readers, and the endpoint and arguments a `select` reads it with. */
export interface KeyReaders {
  /** `select` subscribers plus `countRef` holds. */
  readonly count: number;
  /** Unknown when only `countRef` holds the key. */
  readonly endpoint?: EndpointInterface;
  readonly args?: readonly unknown[];
}

const NO_READ: Pick<ReadResult, 'paths' | 'deps'> = { paths: [], deps: [] };

/**
 * One live selection: of an endpoint and key (shared by every subscriber of the same), or of a
 * schema query (`endpoint` undefined). It is a reader of the memo's nodes its data was built
 * from: a change to any of them wakes it (see `wake`).
 */
class Watch extends Reader {
  /** @internal */
  readonly subscribers = new Set<Pick<Subscriber<Selection<unknown>>, 'next' | 'complete'>>();
  /** State the value was computed from. */
  state: State | undefined = undefined;
  value!: Selection<unknown>;
  read: SelectionRead['read'] = NO_READ;
  /** @internal */
  staleTimer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(
    /** @internal */
    readonly compute: (state: State) => SelectionRead,
    private readonly due: Set<Watch>,
    readonly endpoint?: EndpointInterface,
    readonly key = '',
    readonly args: readonly unknown[] = [],
  ) {
    super();
  }

  /** @internal The memo marked it dirty (an entity it was built from changed): read it again. */
  override wake(): void {
    this.due.add(this);
  }
}

function sameSelection(a: Selection<unknown>, b: Selection<unknown>): boolean {
  return (
    a.data === b.data &&
    a.error === b.error &&
    a.expiryStatus === b.expiryStatus &&
    a.expiresAt === b.expiresAt &&
    a.loading === b.loading
  );
}

/**
 * Keeps every live `select()` up to date from the store's change log. A selection is read again
 * when the log names its result key, or when the memo wakes it: it reads the memo's nodes its
 * data was built from (and, for an Entity endpoint that finds its entity by its arguments, the
 * positions and indexes it searched), so a change to one of those reaches it and no other (see
 * core/docs/how-the-store-works.md). An Entity endpoint's also follows its entities' freshness.
 */
export class SelectionHub {
  private readonly watches = new Map<string, Map<EndpointInterface, Watch>>();
  /** Watches the memo woke since the last update. */
  private readonly due = new Set<Watch>();
  /** Watches of schema queries (one per subscriber). */
  private readonly queries = new Set<Watch>();
  /** How many watches follow their entities' freshness: none, and no write walks for them. */
  private followingMeta = 0;
  /** Keys (and what their read was built from) held by `countRef()`. */
  private readonly retained = new Map<object, { key: string; read: Pick<ReadResult, 'paths'> }>();

  constructor(
    private readonly readSelection: ReadSelection,
    private readonly getState: () => State,
    private readonly now: () => number,
    private readonly memo: MemoCache,
  ) {}

  observe(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
  ): Observable<Selection<unknown>> {
    return new Observable<Selection<unknown>>((subscriber) => {
      const watch = this.acquire(endpoint, key, args);
      watch.subscribers.add(subscriber);
      subscriber.next(watch.value);
      return () => this.release(watch, subscriber);
    });
  }

  /** A schema query's value now and after every change that changed it (by identity). */
  observeQuery(compute: (state: State) => SelectionRead): Observable<unknown> {
    return new Observable<unknown>((subscriber) => {
      const watch = new Watch(compute, this.due);
      this.queries.add(watch);
      this.recompute(watch, this.getState());
      watch.subscribers.add({
        next: (selection) => subscriber.next(selection.data),
        complete: () => subscriber.complete(),
      });
      subscriber.next(watch.value.data);
      return () => {
        this.queries.delete(watch);
        this.forget(watch);
        this.memo.dropUnread();
      };
    });
  }

  /** Holds a key and its entities against garbage collection until the returned release. */
  retain(key: string, read: Pick<ReadResult, 'paths'>): () => void {
    const token = {};
    this.retained.set(token, { key, read });
    return () => {
      this.retained.delete(token);
    };
  }

  /**
   * Re-reads the selections the change log names or the memo woke, then notifies the
   * subscribers of those whose value changed.
   */
  update(state: State, changes: Changes): void {
    const due = this.due;
    if (changes.all) {
      for (const byEndpoint of this.watches.values())
        for (const watch of byEndpoint.values()) due.add(watch);
    } else {
      for (const key of changes.results) {
        const byEndpoint = this.watches.get(key);
        if (byEndpoint) for (const watch of byEndpoint.values()) due.add(watch);
      }
      if (changes.entitiesMeta.size > 0 && this.followingMeta > 0) {
        this.memo.metaChanged(changes.entitiesMeta, (reader) => {
          if (reader instanceof Watch && reader.read.byEntities) due.add(reader);
        });
      }
    }
    const changed: Watch[] = [];
    for (const watch of due) {
      if (watch.state !== state && this.recompute(watch, state)) changed.push(watch);
    }
    due.clear();
    for (const watch of changed) this.emit(watch);
  }

  liveReferences(): LiveReferences {
    const keys = new Set<string>();
    const entities = new Map<string, Set<string>>();
    const addPaths = (paths: EntityPaths) => {
      for (const { key, pk } of paths) {
        let pks = entities.get(key);
        if (!pks) entities.set(key, (pks = new Set()));
        pks.add(pk);
      }
    };
    const readers = new Map<string, KeyReaders>();
    for (const [key, byEndpoint] of this.watches) {
      keys.add(key);
      let count = 0;
      for (const watch of byEndpoint.values()) {
        addPaths(watch.read.paths);
        count += watch.subscribers.size;
        readers.set(key, { count, endpoint: watch.endpoint, args: watch.args });
      }
    }
    for (const { key, read } of this.retained.values()) {
      keys.add(key);
      addPaths(read.paths);
      const held = readers.get(key);
      readers.set(key, { ...held, count: (held?.count ?? 0) + 1 });
    }
    return { keys, entities, readers };
  }

  /** Number of live selections (endpoint and key pairs). */
  get size(): number {
    let size = 0;
    for (const byEndpoint of this.watches.values()) size += byEndpoint.size;
    return size;
  }

  dispose(): void {
    const all = [...this.queries];
    for (const byEndpoint of this.watches.values()) all.push(...byEndpoint.values());
    for (const watch of all) {
      this.forget(watch);
      for (const subscriber of [...watch.subscribers]) subscriber.complete();
    }
    this.watches.clear();
    this.queries.clear();
    this.due.clear();
    this.retained.clear();
  }

  private acquire(endpoint: EndpointInterface, key: string, args: readonly unknown[]): Watch {
    let byEndpoint = this.watches.get(key);
    if (!byEndpoint) this.watches.set(key, (byEndpoint = new Map()));
    let watch = byEndpoint.get(endpoint);
    const state = this.getState();
    if (!watch) {
      watch = new Watch(
        (at) => this.readSelection(endpoint, key, args, at),
        this.due,
        endpoint,
        key,
        args,
      );
      byEndpoint.set(endpoint, watch);
      this.recompute(watch, state);
    } else if (watch.state !== state) {
      // Subscribed during a notification, before the hub heard of the latest change: catch up
      // (telling current subscribers) first.
      if (this.recompute(watch, state)) this.emit(watch);
    }
    return watch;
  }

  private release(watch: Watch, subscriber: Subscriber<Selection<unknown>>): void {
    watch.subscribers.delete(subscriber);
    if (watch.subscribers.size > 0) return;
    clearTimeout(watch.staleTimer);
    const byEndpoint = this.watches.get(watch.key);
    if (watch.endpoint === undefined || byEndpoint?.get(watch.endpoint) !== watch) return;
    this.forget(watch);
    byEndpoint.delete(watch.endpoint);
    if (byEndpoint.size === 0) this.watches.delete(watch.key);
    // No read is in progress: what it alone followed at empty positions goes now.
    this.memo.dropUnread();
  }

  /** A watch no one reads: it leaves the nodes it read, and is not re-read. */
  private forget(watch: Watch): void {
    clearTimeout(watch.staleTimer);
    this.follow(watch, NO_READ);
    this.due.delete(watch);
  }

  /** Returns true when the value changed (always, the first time). */
  private recompute(watch: Watch, state: State): boolean {
    const { selection, read } = watch.compute(state);
    watch.state = state;
    this.follow(watch, read);
    if (watch.value !== undefined && sameSelection(watch.value, selection)) return false;
    watch.value = selection;
    this.scheduleStaleCheck(watch);
    return true;
  }

  /** Makes a watch a reader of the nodes `read` was built from (and of none it no longer reads). */
  private follow(watch: Watch, read: Watch['read']): void {
    const before = watch.read.deps;
    const after = read.deps;
    if (before !== after) this.memo.leave(watch, before, after);
    // Marked dirty, a node gave up its readers: every node read is registered again.
    for (const node of after) addReader(node, watch);
    watch.dirty = false;
    this.followingMeta += Number(read.byEntities === true) - Number(watch.read.byEntities === true);
    watch.read = read;
  }

  private emit(watch: Watch): void {
    const { value } = watch;
    for (const subscriber of [...watch.subscribers]) {
      // A subscriber may have unsubscribed, or a newer value emitted, during this loop.
      if (watch.value !== value) return;
      subscriber.next(value);
    }
  }

  /** `invalidIfStale` data turns unusable by the clock alone: re-read it when it goes stale. */
  private scheduleStaleCheck(watch: Watch): void {
    clearTimeout(watch.staleTimer);
    watch.staleTimer = undefined;
    const { value } = watch;
    if (!watch.endpoint?.invalidIfStale || value.data === undefined) return;
    const delay = value.expiresAt - this.now() + 1;
    watch.staleTimer = unrefTimer(
      setTimeout(
        () => {
          watch.staleTimer = undefined;
          if (this.recompute(watch, this.getState())) this.emit(watch);
        },
        Math.max(0, delay),
      ),
    );
  }
}
