import { Observable, type Subscriber } from 'rxjs';
import { stampOf } from '../normalize/stamps';
import { getOwn } from '../schema/ownProperty';
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

/**
 * The watches of one entity, with what they last saw of it: the store writes its tables in
 * place, so a change shows as a different stored object (or meta) than the one remembered.
 */
interface EntityWatch {
  stored: unknown;
  meta: unknown;
  readonly watches: Set<Watch>;
}

/** What the watches of one result key last saw of it (records are written in place). */
interface KeySeen {
  result: unknown;
  meta: unknown;
  fetching: number | undefined;
}

/** The watched entities of one entity key, with the stamps of its tables when last checked. */
interface TableWatch {
  tableStamp: number;
  metaStamp: number;
  readonly byPk: Map<string, EntityWatch>;
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

/**
 * Keeps every live `select()` up to date with one pass per state change. A selection is
 * recomputed only when its own result, meta or in-flight mark changed, or when one of the entity
 * objects it was built from changed identity; otherwise it costs a few property reads.
 */
export class SelectionHub {
  private readonly watches = new Map<string, Map<EndpointInterface, Watch>>();
  /** By watched key: its result, meta and in-flight mark when last checked. */
  private readonly seenKeys = new Map<string, KeySeen>();
  /** Stamps of the `endpoints` and `meta` records, and the `fetching` record, when last checked. */
  private endpointsStamp: number;
  private metaStamp: number;
  private fetching: State['fetching'];
  /** Watches by the entities they were built from: entity key → pk → watches. */
  private readonly byEntity = new Map<string, TableWatch>();
  /** Stamps of the entity and entity-meta roots when last checked. */
  private entitiesStamp: number;
  private entitiesMetaStamp: number;
  /** Watches with a schema but nothing denormalized yet: any entity change may resolve them. */
  private readonly unresolved = new Set<Watch>();
  /** The state every watch is up to date with, except those in `outOfSync`. */
  private synced: State;
  /** Watches computed from another state than `synced` (subscribed during a notification). */
  private readonly outOfSync = new Set<Watch>();
  /** Keys (and their entities at the time) held by `countRef()`. */
  private readonly retained = new Map<object, { key: string; paths: EntityPaths }>();

  constructor(
    private readonly read: ReadSelection,
    private readonly getState: () => State,
    private readonly now: () => number,
  ) {
    this.synced = getState();
    this.endpointsStamp = stampOf(this.synced.endpoints);
    this.metaStamp = stampOf(this.synced.meta);
    this.fetching = this.synced.fetching;
    this.entitiesStamp = stampOf(this.synced.entities);
    this.entitiesMetaStamp = stampOf(this.synced.entitiesMeta);
  }

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
   * Recomputes the selections a new state may have changed, then notifies their subscribers.
   * Candidates come from indexes: the result keys whose record entries changed, and the watches
   * of entities whose stored object changed identity; every other selection costs nothing.
   */
  update(state: State): void {
    const previous = this.synced;
    this.synced = state;
    if (previous === state) return;
    const candidates = new Set<Watch>();
    const endpointsStamp = stampOf(state.endpoints);
    const metaStamp = stampOf(state.meta);
    if (
      endpointsStamp !== this.endpointsStamp ||
      metaStamp !== this.metaStamp ||
      state.fetching !== this.fetching
    ) {
      this.endpointsStamp = endpointsStamp;
      this.metaStamp = metaStamp;
      this.fetching = state.fetching;
      for (const [key, byEndpoint] of this.watches) {
        const seen = this.seenKeys.get(key)!;
        const result = getOwn(state.endpoints, key);
        const meta = getOwn(state.meta, key);
        const fetching: number | undefined = getOwn(state.fetching, key);
        if (result === seen.result && meta === seen.meta && fetching === seen.fetching) continue;
        seen.result = result;
        seen.meta = meta;
        seen.fetching = fetching;
        for (const watch of byEndpoint.values()) candidates.add(watch);
      }
    }
    // An entity's meta may change alone (refetched equal, it keeps its object): a result read
    // from the entity (an Entity endpoint finding what a list loaded) is as fresh as that meta.
    const entitiesStamp = stampOf(state.entities);
    const entitiesMetaStamp = stampOf(state.entitiesMeta);
    const entitiesChanged = entitiesStamp !== this.entitiesStamp;
    if (entitiesChanged || entitiesMetaStamp !== this.entitiesMetaStamp) {
      this.entitiesStamp = entitiesStamp;
      this.entitiesMetaStamp = entitiesMetaStamp;
      for (const [entityKey, watched] of this.byEntity) {
        const table = getOwn(state.entities, entityKey);
        const metas = getOwn(state.entitiesMeta, entityKey);
        const tableStamp = stampOf(table);
        const metaStamp = stampOf(metas);
        if (tableStamp === watched.tableStamp && metaStamp === watched.metaStamp) continue;
        watched.tableStamp = tableStamp;
        watched.metaStamp = metaStamp;
        watched.byPk.forEach((seen, pk) => {
          const stored = getOwn(table, pk);
          const meta = getOwn(metas, pk);
          if (stored === seen.stored && meta === seen.meta) return;
          seen.stored = stored;
          seen.meta = meta;
          for (const watch of seen.watches) candidates.add(watch);
        });
      }
    }
    if (entitiesChanged) {
      for (const watch of this.unresolved) candidates.add(watch);
    }
    for (const watch of this.outOfSync) candidates.add(watch);
    this.outOfSync.clear();
    const changed: Watch[] = [];
    for (const watch of candidates) {
      if (watch.state !== state && this.recompute(watch, state)) changed.push(watch);
    }
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
    this.seenKeys.clear();
    this.byEntity.clear();
    this.unresolved.clear();
    this.outOfSync.clear();
    this.retained.clear();
  }

  private acquire(endpoint: EndpointInterface, key: string, args: readonly unknown[]): Watch {
    let byEndpoint = this.watches.get(key);
    if (!byEndpoint) {
      this.watches.set(key, (byEndpoint = new Map()));
      // What the synced state holds: a later change is found by the next update.
      const { endpoints, meta, fetching } = this.synced;
      this.seenKeys.set(key, {
        result: getOwn(endpoints, key),
        meta: getOwn(meta, key),
        fetching: getOwn(fetching, key),
      });
    }
    let watch = byEndpoint.get(endpoint);
    if (!watch) {
      const state = this.getState();
      const { selection, paths } = this.read(endpoint, key, args, state);
      watch = { endpoint, key, args, subscribers: new Set(), state, value: selection, paths: [] };
      byEndpoint.set(endpoint, watch);
      this.index(watch, paths, selection);
      if (state !== this.synced) this.outOfSync.add(watch);
      this.scheduleStaleCheck(watch);
    } else if (this.getState() !== this.synced || this.outOfSync.has(watch)) {
      // Subscribed during a notification: catch up (telling current subscribers) first.
      if (this.recompute(watch, this.getState())) this.emit(watch);
      if (watch.state !== this.synced) this.outOfSync.add(watch);
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
    this.outOfSync.delete(watch);
    byEndpoint.delete(watch.endpoint);
    if (byEndpoint.size === 0) {
      this.watches.delete(watch.key);
      this.seenKeys.delete(watch.key);
    }
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
        const watched = this.byEntity.get(key);
        const seen = watched?.byPk.get(pk);
        if (!watched || !seen) continue;
        seen.watches.delete(watch);
        if (seen.watches.size === 0) watched.byPk.delete(pk);
        if (watched.byPk.size === 0) this.byEntity.delete(key);
      }
      const { entities, entitiesMeta } = this.synced;
      for (const { key, pk } of paths) {
        let watched = this.byEntity.get(key);
        if (!watched) {
          watched = {
            tableStamp: stampOf(getOwn(entities, key)),
            metaStamp: stampOf(getOwn(entitiesMeta, key)),
            byPk: new Map(),
          };
          this.byEntity.set(key, watched);
        }
        let seen = watched.byPk.get(pk);
        if (!seen) {
          // What the synced state holds: a later change is found by the next update.
          seen = {
            stored: getOwn(getOwn(entities, key), pk),
            meta: getOwn(getOwn(entitiesMeta, key), pk),
            watches: new Set(),
          };
          watched.byPk.set(pk, seen);
        }
        seen.watches.add(watch);
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
