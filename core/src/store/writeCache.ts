import { normalize } from '../normalize';
import { getOwn } from '../schema/ownProperty';
import type { SetAction, SetResponseAction } from './actions';
import { copyRecord, deleteEntry, putEntry, withEntry } from './records';
import type { CacheState, ResultMeta, WriteMeta } from './State';

/**
 * Pure writers of the cached data. Each returns a new `CacheState` (or the same one when
 * nothing changes) and never mutates its input.
 */

/** Records a failed fetch for a key; the previous result stays beside the error. */
export function writeError(
  cache: CacheState,
  action: Pick<SetResponseAction, 'key' | 'endpoint' | 'meta'>,
  error: unknown,
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
  return { ...cache, meta: withEntry(cache.meta, action.key, meta) };
}

/**
 * Normalizes a successful response into the cache. Entities merge by their own ordering rules
 * (normalize); the result of the key is replaced only by a fetch that started no earlier than
 * the stored one. Throws when the response does not fit its schema or `update` throws.
 */
export function writeResponseOrThrow(cache: CacheState, action: SetResponseAction): CacheState {
  const { key, endpoint, args, meta } = action;
  let { entities, indexes, entitiesMeta } = cache;
  let result = action.response;
  if (endpoint.schema != null) {
    const normalized = normalize(
      endpoint.schema as never,
      action.response,
      args as never[],
      cache,
      meta,
    );
    ({ entities, indexes, entitiesMeta } = normalized);
    result = normalized.result;
  }
  const previous: ResultMeta | undefined = getOwn(cache.meta, key);
  const isNewest = !previous || previous.fetchedAt <= meta.fetchedAt;
  let endpoints = cache.endpoints;
  let metas = cache.meta;
  if (isNewest) {
    // A refetch that normalizes to the same result (e.g. the same pk) keeps the record as is.
    const unchanged = Object.hasOwn(endpoints, key) && getOwn(endpoints, key) === result;
    if (!unchanged) endpoints = withEntry(endpoints, key, result);
    metas = withEntry(metas, key, {
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
      if (endpoints === cache.endpoints) endpoints = withEntry(endpoints, target, updated);
      else putEntry(endpoints as Record<string, unknown>, target, updated);
    }
  }
  return { entities, indexes, entitiesMeta, endpoints, meta: metas };
}

/** Like `writeResponseOrThrow`, but a bad response writes nothing and records its error instead. */
export function writeResponse(cache: CacheState, action: SetResponseAction): CacheState {
  try {
    return writeResponseOrThrow(cache, action);
  } catch (error) {
    return writeError(cache, action, error);
  }
}

/** Writes a value for a schema (`controller.set`); throws when the value does not fit it. */
export function writeValue(cache: CacheState, action: SetAction, value: unknown): CacheState {
  const normalized = normalize(
    action.schema as never,
    value,
    action.args as never[],
    cache,
    action.meta,
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
): CacheState {
  let endpoints: Record<string, unknown> | undefined;
  let metas: Record<string, ResultMeta> | undefined;
  for (const key of keys) {
    const previous: ResultMeta | undefined = getOwn(cache.meta, key);
    const inFlight: number | undefined = getOwn(fetching, key);
    if (!previous && !Object.hasOwn(cache.endpoints, key) && inFlight === undefined) continue;
    endpoints ??= copyRecord(cache.endpoints);
    metas ??= copyRecord(cache.meta);
    deleteEntry(endpoints, key);
    putEntry(metas, key, {
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
): CacheState {
  let metas: Record<string, ResultMeta> | undefined;
  const keys = new Set([...Object.keys(cache.meta), ...Object.keys(fetching)]);
  for (const key of keys) {
    if (!testKey(key)) continue;
    const previous: ResultMeta | undefined = getOwn(cache.meta, key);
    const inFlight: number | undefined = getOwn(fetching, key);
    metas ??= copyRecord(cache.meta);
    putEntry(metas, key, {
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
): CacheState {
  if (!before) return cache;
  const invalid = before.invalidatedBefore !== undefined && fetchedAt <= before.invalidatedBefore;
  const expired = before.expiredBefore !== undefined && fetchedAt <= before.expiredBefore;
  const written: ResultMeta | undefined = getOwn(cache.meta, key);
  // Nothing to do unless this outcome became the key's result.
  if ((!invalid && !expired) || written?.fetchedAt !== fetchedAt) return cache;
  const thresholds = {
    invalidatedBefore: before.invalidatedBefore,
    expiredBefore: before.expiredBefore,
  };
  if (invalid) {
    // The result stays readable (its callers resolve with it), marked invalid: every reader
    // fetches again before relying on it.
    const meta = { ...written, expiresAt: 0, invalidated: true, ...thresholds };
    return { ...cache, meta: withEntry(cache.meta, key, meta) };
  }
  return {
    ...cache,
    meta: withEntry(cache.meta, key, { ...written, expiresAt: 1, ...thresholds }),
  };
}

/** Evicts results and entities (garbage collection), and index entries pointing at them. */
export function writeEvicted(
  cache: CacheState,
  keys: readonly string[],
  evicted: readonly { readonly key: string; readonly pk: string }[],
): CacheState {
  let { endpoints, meta, entities, entitiesMeta, indexes } = cache;
  if (keys.length) {
    const nextEndpoints = copyRecord(endpoints);
    const nextMeta = copyRecord(meta);
    for (const key of keys) {
      deleteEntry(nextEndpoints, key);
      deleteEntry(nextMeta, key);
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
    const nextEntities = copyRecord(entities);
    const nextEntitiesMeta = copyRecord(entitiesMeta);
    const nextIndexes = copyRecord(indexes);
    for (const [key, pks] of byKey) {
      const table = copyRecord<unknown>(getOwn(nextEntities, key));
      const tableMeta = copyRecord<WriteMeta>(getOwn(nextEntitiesMeta, key));
      for (const pk of pks) {
        deleteEntry(table, pk);
        deleteEntry(tableMeta, pk);
      }
      putEntry(nextEntities, key, table);
      putEntry(nextEntitiesMeta, key, tableMeta);
      const entityIndexes = getOwn(nextIndexes, key);
      if (!entityIndexes) continue;
      const cleaned: Record<string, Record<string, string>> = Object.create(null);
      for (const [indexName, lookups] of Object.entries<Record<string, string>>(entityIndexes)) {
        // Prototype-free like every table: a `__proto__` lookup value stays data.
        const kept = copyRecord(lookups);
        for (const value of Object.keys(lookups))
          if (pks.has(lookups[value])) deleteEntry(kept, value);
        cleaned[indexName] = kept;
      }
      putEntry(nextIndexes, key, cleaned);
    }
    entities = nextEntities;
    entitiesMeta = nextEntitiesMeta;
    indexes = nextIndexes;
  }
  return { entities, entitiesMeta, indexes, endpoints, meta };
}
