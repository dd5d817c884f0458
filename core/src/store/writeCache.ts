import { normalizeWith } from '../normalize/normalize';
import { sameData } from '../normalize/sameData';
import { getOwn } from '../schema/ownProperty';
import type { Changes, Root } from '../tables/Changes';
import { layerOver } from '../tables/layer';
import { keepTable, type TableOwner, TableWriter, writeOrUndo } from '../tables/TableWriter';
import type {
  EntryWrite,
  GcAction,
  SetAction,
  SetResponseAction,
  WriteEntriesAction,
} from './actions';
import type { CacheState, ResultMeta, WriteMeta } from './State';

/**
 * Writers of the cached data. Each returns a new `CacheState` (or the same one when nothing
 * changes). Tables held by the write's owner (entity tables, their meta, indexes, and the
 * `endpoints` and `meta` records) are written in place (see `TableWriter`), any other is copied
 * first. A writer that throws has undone its in-place changes; one that succeeds logs what it
 * changed into the write's `changes`.
 */

/** Who writes (tables it owns are written in place) and where the write logs its changes. */
export interface WriteTo {
  /** @internal */
  readonly owner: TableOwner;
  readonly changes?: Changes;
  /** Optimistic updates: layers over the tables beneath, never copies (see `TableWriter`). */
  readonly layered?: boolean;
  /** Entities merged over what is stored whatever its age (see `normalizeWith`). */
  readonly onTop?: boolean;
}

/** Runs `write` with a writer of its own: undone if it throws, logged if it succeeds. */
function written<R>(to: WriteTo, write: (writer: TableWriter) => R): R {
  const writer = new TableWriter(to.owner, to.changes, to.layered ? layerOver : undefined);
  return writeOrUndo(writer, () => write(writer));
}

/** Sets one entry of a record through `writer`; returns the record written (itself or a copy). */
function putRecord<T>(
  writer: TableWriter,
  record: { readonly [key: string]: T },
  root: Root,
  key: string,
  value: T,
): { [key: string]: T } {
  const writable = writer.writable(record, root);
  writer.put(writable, key, value);
  return writable;
}

/** Records a failed fetch for a key; the previous result stays beside the error. */
export function writeError(
  cache: CacheState,
  action: Pick<SetResponseAction, 'key' | 'endpoint' | 'meta'>,
  error: unknown,
  to: WriteTo,
): CacheState {
  const previous: ResultMeta | undefined = getOwn(cache.meta, action.key);
  // An older failure never hides a newer outcome.
  if (previous && previous.fetchedAt > action.meta.fetchedAt) return cache;
  let errorPolicy: ResultMeta['errorPolicy'];
  try {
    errorPolicy = action.endpoint.errorPolicy?.(error);
  } catch {
    errorPolicy = undefined;
  }
  const meta: ResultMeta = {
    fetchedAt: action.meta.fetchedAt,
    date: action.meta.date,
    expiresAt: action.meta.expiresAt,
    error,
    errorPolicy,
  };
  return { ...cache, meta: written(to, (w) => putRecord(w, cache.meta, 'meta', action.key, meta)) };
}

/**
 * Normalizes a successful response into the cache. Entities merge by their own ordering rules
 * (normalize); the result of the key is replaced only by a fetch that started no earlier than
 * the stored one. Throws when the response does not fit its schema or `update` throws.
 */
export function writeResponseOrThrow(
  cache: CacheState,
  action: SetResponseAction,
  to: WriteTo,
): CacheState {
  return written(to, (writer) => writeResponseWith(writer, cache, action, to.onTop));
}

function writeResponseWith(
  writer: TableWriter,
  cache: CacheState,
  action: SetResponseAction,
  onTop?: boolean,
): CacheState {
  const { key, endpoint, args, meta } = action;
  let { entities, indexes, entitiesMeta } = cache;
  let result = action.response;
  if (endpoint.schema != null) {
    const normalized = normalizeWith(
      writer,
      endpoint.schema as never,
      action.response,
      args as never[],
      cache,
      meta,
      onTop,
    );
    ({ entities, indexes, entitiesMeta } = normalized);
    result = normalized.result;
  }
  if (action.written) action.written.result = result;
  const previous: ResultMeta | undefined = getOwn(cache.meta, key);
  const isNewest = !previous || previous.fetchedAt <= meta.fetchedAt;
  let endpoints = cache.endpoints;
  let metas = cache.meta;
  if (isNewest) {
    // A refetch that normalizes to an equal result (the same pks, an unchanged raw body) keeps
    // the stored one: readers keep the same object and lists do not render again for nothing.
    const unchanged = Object.hasOwn(endpoints, key) && sameData(getOwn(endpoints, key), result);
    if (!unchanged) endpoints = putRecord(writer, endpoints, 'endpoints', key, result);
    metas = putRecord(writer, metas, 'meta', key, {
      fetchedAt: meta.fetchedAt,
      date: meta.date,
      expiresAt: meta.expiresAt,
    });
  }
  if (endpoint.update) {
    const updaters = endpoint.update(result, ...args);
    for (const target of Object.keys(updaters)) {
      if (!Object.hasOwn(endpoints, target)) continue;
      const updated = updaters[target](getOwn(endpoints, target));
      endpoints = putRecord(writer, endpoints, 'endpoints', target, updated);
    }
  }
  return { entities, indexes, entitiesMeta, endpoints, meta: metas };
}

/** Like `writeResponseOrThrow`, but a bad response writes nothing and records its error instead. */
export function writeResponse(
  cache: CacheState,
  action: SetResponseAction,
  to: WriteTo,
): CacheState {
  try {
    return writeResponseOrThrow(cache, action, to);
  } catch (error) {
    if (action.written) action.written.error = error;
    return writeError(cache, action, error, to);
  }
}

/** Writes a value for a schema (`controller.set`); throws when the value does not fit it. */
export function writeValue(
  cache: CacheState,
  action: SetAction,
  value: unknown,
  to: WriteTo,
): CacheState {
  const normalized = written(to, (writer) =>
    normalizeWith(
      writer,
      action.schema as never,
      value,
      action.args as never[],
      cache,
      action.meta,
    ),
  );
  return {
    ...cache,
    entities: normalized.entities,
    indexes: normalized.indexes,
    entitiesMeta: normalized.entitiesMeta,
  };
}

/**
 * Marks keys invalid and drops their results. A key with a fetch in flight (`fetching`)
 * remembers it, so that fetch's late response stays invalid (see `writeOutdated`).
 */
export function writeInvalidated(
  cache: CacheState,
  keys: Iterable<string>,
  fetching: { readonly [key: string]: number },
  to: WriteTo,
): CacheState {
  return written(to, (writer) => invalidateWith(writer, cache, keys, fetching));
}

function invalidateWith(
  writer: TableWriter,
  cache: CacheState,
  keys: Iterable<string>,
  fetching: { readonly [key: string]: number },
): CacheState {
  let endpoints: Record<string, unknown> | undefined;
  let metas: Record<string, ResultMeta> | undefined;
  for (const key of keys) {
    const previous: ResultMeta | undefined = getOwn(cache.meta, key);
    const inFlight: number | undefined = getOwn(fetching, key);
    if (!previous && !Object.hasOwn(cache.endpoints, key) && inFlight === undefined) continue;
    endpoints ??= writer.writable(cache.endpoints, 'endpoints');
    metas ??= writer.writable(cache.meta, 'meta');
    writer.delete(endpoints, key);
    writer.put(metas, key, {
      fetchedAt: previous?.fetchedAt ?? 0,
      date: previous?.date ?? 0,
      expiresAt: 0,
      invalidated: true,
      invalidatedBefore: inFlight ?? previous?.invalidatedBefore,
      expiredBefore: previous?.expiredBefore,
    });
  }
  return endpoints && metas ? { ...cache, endpoints, meta: metas } : cache;
}

/**
 * Makes matching results stale now (usable unless their endpoint is `invalidIfStale`). A key
 * with a fetch in flight remembers it, so that fetch's late response is written stale.
 */
export function writeExpired(
  cache: CacheState,
  testKey: (key: string) => boolean,
  fetching: { readonly [key: string]: number },
  to: WriteTo,
): CacheState {
  // `testKey` is the caller's code: if it throws midway, what was expired before is undone.
  return written(to, (writer) => expireWith(writer, cache, testKey, fetching));
}

function expireWith(
  writer: TableWriter,
  cache: CacheState,
  testKey: (key: string) => boolean,
  fetching: { readonly [key: string]: number },
): CacheState {
  let metas: Record<string, ResultMeta> | undefined;
  const keys = new Set([...Object.keys(cache.meta), ...Object.keys(fetching)]);
  for (const key of keys) {
    if (!testKey(key)) continue;
    const previous: ResultMeta | undefined = getOwn(cache.meta, key);
    const inFlight: number | undefined = getOwn(fetching, key);
    metas ??= writer.writable(cache.meta, 'meta');
    writer.put(metas, key, {
      fetchedAt: 0,
      date: 0,
      ...previous,
      expiresAt: 1,
      expiredBefore: inFlight ?? previous?.expiredBefore,
    });
  }
  return metas ? { ...cache, meta: metas } : cache;
}

/**
 * After the outcome of the fetch started at `fetchedAt` was written: if the key was invalidated
 * or expired while that fetch was in flight (`before`, its meta then), the outcome must not pass
 * for fresh. It is kept invalid or stale, remembering the same thresholds for fetches that are
 * older still.
 */
export function writeOutdated(
  cache: CacheState,
  key: string,
  fetchedAt: number,
  before: ResultMeta | undefined,
  to: WriteTo,
): CacheState {
  if (!before) return cache;
  const invalid = before.invalidatedBefore !== undefined && fetchedAt <= before.invalidatedBefore;
  const expired = before.expiredBefore !== undefined && fetchedAt <= before.expiredBefore;
  const stored: ResultMeta | undefined = getOwn(cache.meta, key);
  // Nothing to do unless this outcome became the key's result.
  if ((!invalid && !expired) || stored?.fetchedAt !== fetchedAt) return cache;
  const thresholds = {
    invalidatedBefore: before.invalidatedBefore,
    expiredBefore: before.expiredBefore,
  };
  if (invalid) {
    // The result stays readable (its callers resolve with it), marked invalid: every reader
    // fetches again before relying on it.
    const meta = { ...stored, expiresAt: 0, invalidated: true, ...thresholds };
    return { ...cache, meta: written(to, (w) => putRecord(w, cache.meta, 'meta', key, meta)) };
  }
  const meta = { ...stored, expiresAt: 1, ...thresholds };
  return { ...cache, meta: written(to, (w) => putRecord(w, cache.meta, 'meta', key, meta)) };
}

/** The action that evicts these results and entities (garbage collection). */
export function gcAction(keys: GcAction['keys'], entities: GcAction['entities']): GcAction {
  return {
    type: 'gc',
    keys,
    entities,
    write: (cache, to) =>
      keys.length + entities.length === 0 ? cache : writeEvicted(cache, keys, entities, to),
  };
}

/** The action that writes entries another store committed (TabSyncManager). */
export function writeEntriesAction(entries: readonly EntryWrite[]): WriteEntriesAction {
  return {
    type: 'writeEntries',
    entries,
    write: (cache, to) => (entries.length === 0 ? cache : writeEntries(cache, entries, to)),
  };
}

/** Evicts results and entities (garbage collection), and index entries pointing at them. */
function writeEvicted(
  cache: CacheState,
  keys: readonly string[],
  evicted: readonly { readonly key: string; readonly pk: string }[],
  to: WriteTo,
): CacheState {
  return written(to, (writer) => evictWith(writer, cache, keys, evicted));
}

function evictWith(
  writer: TableWriter,
  cache: CacheState,
  keys: readonly string[],
  evicted: readonly { readonly key: string; readonly pk: string }[],
): CacheState {
  let { endpoints, meta, entities, entitiesMeta, indexes } = cache;
  if (keys.length) {
    const nextEndpoints = writer.writable(endpoints, 'endpoints');
    const nextMeta = writer.writable(meta, 'meta');
    for (const key of keys) {
      writer.delete(nextEndpoints, key);
      writer.delete(nextMeta, key);
    }
    endpoints = nextEndpoints;
    meta = nextMeta;
  }
  if (evicted.length) {
    const byKey = new Map<string, Set<string>>();
    for (const { key, pk } of evicted) {
      let pks = byKey.get(key);
      if (!pks) byKey.set(key, (pks = new Set()));
      pks.add(pk);
    }
    const nextEntities = writer.writable(entities, 'entities');
    const nextEntitiesMeta = writer.writable(entitiesMeta, 'entitiesMeta');
    let nextIndexes: Record<string, Record<string, Record<string, string> | undefined> | undefined>;
    nextIndexes = indexes as typeof nextIndexes;
    for (const [key, pks] of byKey) {
      const table = writer.child(nextEntities, key);
      const tableMeta = writer.child(
        nextEntitiesMeta as Record<string, Record<string, WriteMeta>>,
        key,
      );
      for (const pk of pks) {
        writer.delete(table, pk);
        writer.delete(tableMeta, pk);
      }
      const entityIndexes = getOwn(indexes, key);
      if (!entityIndexes) continue;
      for (const indexName of Object.keys(entityIndexes)) {
        const lookups = entityIndexes[indexName];
        let kept: Record<string, string> | undefined;
        for (const value of Object.keys(lookups)) {
          if (!pks.has(lookups[value])) continue;
          if (kept === undefined) {
            nextIndexes = writer.writable(nextIndexes, 'indexes');
            kept = writer.child(writer.child(nextIndexes, key), indexName);
          }
          writer.delete(kept, value);
        }
      }
    }
    entities = nextEntities;
    entitiesMeta = nextEntitiesMeta;
    indexes = nextIndexes as CacheState['indexes'];
  }
  return { entities, entitiesMeta, indexes, endpoints, meta };
}

/**
 * Writes entries another store committed, as it holds them (normalized: nothing is normalized
 * again). An entity or result of a key the cache lacks gets its table.
 */
function writeEntries(cache: CacheState, entries: readonly EntryWrite[], to: WriteTo) {
  return written(to, (writer) => {
    const next: { -readonly [R in keyof CacheState]: CacheState[R] } = { ...cache };
    for (const { root, key, pk, value } of entries) {
      const tables = writer.writable(next[root] as Record<string, unknown>, root);
      next[root] = tables as never;
      const table =
        pk === undefined
          ? tables
          : writer.child(tables as Record<string, Record<string, unknown>>, key);
      const name = pk ?? key;
      if (value === undefined) writer.delete(table, name);
      else writer.put(table, name, value);
    }
    return next as CacheState;
  });
}

/**
 * Keeps a cache as it is: later writes copy the tables and records they change instead of
 * writing them in place. Costs one step per table, not per entity.
 */
export function keepCache(cache: CacheState): void {
  keepTable(cache.entities);
  for (const key of Object.keys(cache.entities)) keepTable(cache.entities[key]);
  keepTable(cache.entitiesMeta);
  for (const key of Object.keys(cache.entitiesMeta)) keepTable(cache.entitiesMeta[key]);
  keepTable(cache.endpoints);
  keepTable(cache.meta);
  keepTable(cache.indexes);
  for (const key of Object.keys(cache.indexes)) {
    const byName = cache.indexes[key];
    keepTable(byName);
    for (const name of Object.keys(byName)) keepTable(byName[name]);
  }
}
