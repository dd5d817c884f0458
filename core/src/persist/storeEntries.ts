// The store as entries: one per entity, entity meta, index table, result and result meta, keyed
// by where it sits. What PersistManager writes to storage and TabSyncManager sends to other tabs
// (docs/guide/offline.md).
import { INVALID } from '../schema/INVALID';
import { getOwn } from '../schema/ownProperty';
import type { Controller } from '../store';
import type { EntryWrite } from '../store/actions';
import type { CacheState, ResultMeta } from '../store/State';
import { type Changes, WHOLE } from '../tables/Changes';

/** Which entity tables (by entity key) and results (by key) to keep; default all. */
export interface EntryFilter {
  readonly entities?: (key: string) => boolean;
  readonly results?: (key: string) => boolean;
}

/** `filter`, less the results the store keeps to itself (a `no-store` response's: `Features.shared`). */
export function leavingStore(filter: EntryFilter, controller: Controller): EntryFilter {
  const { shared } = controller.features;
  if (!shared) return filter;
  const { results } = filter;
  return { ...filter, results: (key) => shared(key) && (results?.(key) ?? true) };
}

/** The name of an entry: where it sits, as JSON (`["entities","Todo","1"]`, `["meta",key]`). */
export const entryName = (entry: Omit<EntryWrite, 'value'>): string =>
  JSON.stringify(
    entry.pk === undefined ? [entry.root, entry.key] : [entry.root, entry.key, entry.pk],
  );

/** Where an entry named `name` sits; a TypeError for a name that is not an entry's. */
export function entryPlace(name: string): Omit<EntryWrite, 'value'> {
  let place: unknown;
  try {
    place = JSON.parse(name);
  } catch {}
  if (Array.isArray(place) && typeof place[1] === 'string') {
    const [root, key, pk] = place as [EntryWrite['root'], string, unknown];
    if ((root === 'entities' || root === 'entitiesMeta') && typeof pk === 'string') {
      return { root, key, pk };
    }
    if ((root === 'indexes' || root === 'endpoints' || root === 'meta') && pk === undefined) {
      return { root, key };
    }
  }
  throw new TypeError(`not an entry of the store: ${name.slice(0, 80)}`);
}

/**
 * The entries `changes` names, as `cache` holds them now (`undefined`: gone). Only what the
 * server confirmed: no error, and an invalidated entity or result is gone (it is fetched again).
 */
export function changedEntries(
  cache: CacheState,
  changes: Changes,
  filter: EntryFilter = {},
): Map<string, unknown> {
  const keepEntity = filter.entities ?? (() => true);
  const keepResult = filter.results ?? (() => true);
  const entries = new Map<string, unknown>();
  const all = changes.all;
  const tables = (root: 'entities' | 'entitiesMeta') => {
    const keys = all ? Object.keys(cache[root]).map((key) => [key, WHOLE] as const) : changes[root];
    for (const [key, pks] of keys) {
      if (!keepEntity(key)) continue;
      const rows = getOwn(cache[root], key);
      for (const pk of pks === WHOLE ? Object.keys(rows ?? {}) : pks) {
        const value = getOwn(rows, pk);
        entries.set(entryName({ root, key, pk }), value === INVALID ? undefined : value);
      }
    }
  };
  tables('entities');
  tables('entitiesMeta');
  for (const key of all ? Object.keys(cache.indexes) : changes.indexes) {
    if (keepEntity(key))
      entries.set(entryName({ root: 'indexes', key }), getOwn(cache.indexes, key));
  }
  for (const key of all ? Object.keys(cache.meta) : changes.results) {
    const meta: ResultMeta | undefined = getOwn(cache.meta, key);
    const kept = keepResult(key) && Object.hasOwn(cache.endpoints, key) && meta;
    const { error, errorPolicy, ...written } = kept || ({} as ResultMeta);
    entries.set(entryName({ root: 'endpoints', key }), kept ? cache.endpoints[key] : undefined);
    entries.set(entryName({ root: 'meta', key }), kept ? written : undefined);
  }
  return entries;
}
