import { Observable, type Subscriber } from 'rxjs';
import { type ChangedKeys, type Changes, WHOLE } from '../tables/Changes';
import type { EndpointInterface } from './EndpointInterface';
import type { ReadResult } from './readCache';
import type { Selection } from './SnapshotInterface';
import type { State } from './State';
import { unrefTimer } from './unrefTimer';

type EntityPaths = ReadResult['paths'];

/** Computes a selection from a state (the controller's memoized read). */
export type ReadSelection = (
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
  state: State,
) => { selection: Selection<unknown>; paths: EntityPaths };

/** One live selection, shared by every subscriber of the same endpoint and key. */
interface Watch {
  readonly endpoint: EndpointInterface;
  readonly key: string;
  readonly args: readonly unknown[];
  readonly subscribers: Set<Subscriber<Selection<unknown>>>;
  /** State the value was computed from. */
  state: State;
  value: Selection<unknown>;
  paths: EntityPaths;
  staleTimer?: ReturnType<typeof setTimeout>;
}

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

function sameSelection(a: Selection<unknown>, b: Selection<unknown>): boolean {
  return (
    a.data === b.data &&
    a.error === b.error &&
    a.expiryStatus === b.expiryStatus &&
    a.expiresAt === b.expiresAt &&
    a.loading === b.loading
  );
}

/** The key an Entity schema stores under (an endpoint reading an entity may find it by index). */
function entityKeyOf(schema: unknown): string | undefined {
  const key = typeof schema === 'function' ? (schema as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Keeps every live `select()` up to date from the store's change log: a selection is read again
 * only when the log names its result key, an entity it was built from (or that entity's meta),
 * or, for an Entity endpoint, that entity's indexes; any other selection costs nothing (see
 * core/docs/how-the-store-works.md).
 */
export class SelectionHub {
  private readonly watches = new Map<string, Map<EndpointInterface, Watch>>();
  /** Watches by the entities they were built from: entity key → pk → watches. */
  private readonly byEntity = new Map<string, Map<string, Set<Watch>>>();
  /** Watches of Entity endpoints by the entity key whose indexes may answer them. */
  private readonly byIndex = new Map<string, Set<Watch>>();
  /** Watches with a schema but nothing denormalized yet: any entity change may resolve them. */
  private readonly unresolved = new Set<Watch>();
  /** Keys (and their entities at the time) held by `countRef()`. */
  private readonly retained = new Map<object, { key: string; paths: EntityPaths }>();

  constructor(
    private readonly read: ReadSelection,
    private readonly getState: () => State,
    private readonly now: () => number,
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

  /** Holds a key and its entities against garbage collection until the returned release. */
  retain(key: string, paths: EntityPaths): () => void {
    const token = {};
    this.retained.set(token, { key, paths });
    return () => {
      this.retained.delete(token);
    };
  }

  /**
   * Re-reads the selections the change log names, then notifies the subscribers of those whose
   * value changed.
   */
  update(state: State, changes: Changes): void {
    const candidates = new Set<Watch>();
    if (changes.all) {
      for (const byEndpoint of this.watches.values())
        for (const watch of byEndpoint.values()) candidates.add(watch);
    } else {
      for (const key of changes.results) {
        const byEndpoint = this.watches.get(key);
        if (byEndpoint) for (const watch of byEndpoint.values()) candidates.add(watch);
      }
      this.entityCandidates(changes.entities, candidates);
      this.entityCandidates(changes.entitiesMeta, candidates);
      for (const key of changes.indexes) {
        const watches = this.byIndex.get(key);
        if (watches) for (const watch of watches) candidates.add(watch);
      }
      if (changes.entities.size > 0 || changes.indexes.size > 0) {
        for (const watch of this.unresolved) candidates.add(watch);
      }
    }
    const changed: Watch[] = [];
    for (const watch of candidates) {
      if (watch.state !== state && this.recompute(watch, state)) changed.push(watch);
    }
    for (const watch of changed) this.emit(watch);
  }

  private entityCandidates(tables: Map<string, ChangedKeys>, candidates: Set<Watch>): void {
    for (const [key, pks] of tables) {
      const byPk = this.byEntity.get(key);
      if (byPk === undefined) continue;
      if (pks === WHOLE) {
        for (const watches of byPk.values()) for (const watch of watches) candidates.add(watch);
      } else if (pks.size < byPk.size) {
        for (const pk of pks) {
          const watches = byPk.get(pk);
          if (watches) for (const watch of watches) candidates.add(watch);
        }
      } else {
        for (const [pk, watches] of byPk) {
          if (pks.has(pk)) for (const watch of watches) candidates.add(watch);
        }
      }
    }
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
        addPaths(watch.paths);
        count += watch.subscribers.size;
        readers.set(key, { count, endpoint: watch.endpoint, args: watch.args });
      }
    }
    for (const { key, paths } of this.retained.values()) {
      keys.add(key);
      addPaths(paths);
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
    for (const byEndpoint of this.watches.values()) {
      for (const watch of byEndpoint.values()) {
        clearTimeout(watch.staleTimer);
        for (const subscriber of [...watch.subscribers]) subscriber.complete();
      }
    }
    this.watches.clear();
    this.byEntity.clear();
    this.byIndex.clear();
    this.unresolved.clear();
    this.retained.clear();
  }

  private acquire(endpoint: EndpointInterface, key: string, args: readonly unknown[]): Watch {
    let byEndpoint = this.watches.get(key);
    if (!byEndpoint) this.watches.set(key, (byEndpoint = new Map()));
    let watch = byEndpoint.get(endpoint);
    const state = this.getState();
    if (!watch) {
      const { selection, paths } = this.read(endpoint, key, args, state);
      watch = { endpoint, key, args, subscribers: new Set(), state, value: selection, paths: [] };
      byEndpoint.set(endpoint, watch);
      this.index(watch, paths, selection);
      const entityKey = entityKeyOf(endpoint.schema);
      if (entityKey !== undefined) {
        let watches = this.byIndex.get(entityKey);
        if (!watches) this.byIndex.set(entityKey, (watches = new Set()));
        watches.add(watch);
      }
      this.scheduleStaleCheck(watch);
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
    if (byEndpoint?.get(watch.endpoint) !== watch) return;
    this.index(watch, [], undefined);
    const entityKey = entityKeyOf(watch.endpoint.schema);
    if (entityKey !== undefined) {
      const watches = this.byIndex.get(entityKey);
      watches?.delete(watch);
      if (watches?.size === 0) this.byIndex.delete(entityKey);
    }
    byEndpoint.delete(watch.endpoint);
    if (byEndpoint.size === 0) this.watches.delete(watch.key);
  }

  /** Returns true when the value changed. */
  private recompute(watch: Watch, state: State): boolean {
    const { selection, paths } = this.read(watch.endpoint, watch.key, watch.args, state);
    watch.state = state;
    this.index(watch, paths, selection);
    if (sameSelection(watch.value, selection)) return false;
    watch.value = selection;
    this.scheduleStaleCheck(watch);
    return true;
  }

  /** Moves a watch in the entity index from its old paths to `paths` (none: unindexed). */
  private index(watch: Watch, paths: EntityPaths, selection: Selection<unknown> | undefined): void {
    if (paths !== watch.paths) {
      for (const { key, pk } of watch.paths) {
        const byPk = this.byEntity.get(key);
        const watches = byPk?.get(pk);
        if (!byPk || !watches) continue;
        watches.delete(watch);
        if (watches.size === 0) byPk.delete(pk);
        if (byPk.size === 0) this.byEntity.delete(key);
      }
      for (const { key, pk } of paths) {
        let byPk = this.byEntity.get(key);
        if (!byPk) this.byEntity.set(key, (byPk = new Map()));
        let watches = byPk.get(pk);
        if (!watches) byPk.set(pk, (watches = new Set()));
        watches.add(watch);
      }
      watch.paths = paths;
    }
    const waiting =
      selection !== undefined &&
      paths.length === 0 &&
      watch.endpoint.schema != null &&
      selection.data === undefined;
    if (waiting) this.unresolved.add(watch);
    else this.unresolved.delete(watch);
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
    if (!watch.endpoint.invalidIfStale || value.data === undefined) return;
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
