import { message } from '../schema/development';
import type { Controller } from '../store';
import { type CacheState, initialState, type ResultMeta, type State } from '../store/State';
import { keepCache } from '../store/writeCache';
import { readableParts } from './readableParts';

/**
 * What a server hands to the page: the committed cache without in-flight marks, optimistic
 * entries or errors (an error is not data a client should start from; it fetches again).
 */
export interface DehydratedState {
  readonly entities: CacheState['entities'];
  readonly indexes: CacheState['indexes'];
  readonly entitiesMeta: CacheState['entitiesMeta'];
  readonly endpoints: CacheState['endpoints'];
  readonly meta: CacheState['meta'];
}

/** A JSON-safe snapshot of what the store holds (see `DehydratedState`). */
export function dehydrate(controller: Controller): DehydratedState {
  const state = controller.getState();
  const cache = state.committed ?? state;
  // A snapshot: the store's later writes copy these tables instead of writing them in place.
  keepCache(cache);
  const meta: Record<string, ResultMeta> = Object.create(null);
  const endpoints: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(cache.meta)) {
    const { error, errorPolicy, ...written } = cache.meta[key];
    const hasResult = Object.hasOwn(cache.endpoints, key);
    // A key that only failed has nothing to hand over.
    if (error !== undefined && !hasResult) continue;
    meta[key] = written;
  }
  for (const key of Object.keys(cache.endpoints)) endpoints[key] = cache.endpoints[key];
  return {
    entities: cache.entities,
    indexes: cache.indexes,
    entitiesMeta: cache.entitiesMeta,
    endpoints,
    meta,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The store state to start from on the client: `createStore({ initialState: hydrate(json) })`.
 * Throws a `TypeError` when the value is not a dehydrated state at all; inside one, parts of the
 * wrong kind are left out and fetched again when read (see `readableParts`).
 */
export function hydrate(dehydrated: unknown): State {
  const fields = ['entities', 'indexes', 'entitiesMeta', 'endpoints', 'meta'] as const;
  if (!isRecord(dehydrated) || fields.some((field) => !isRecord(dehydrated[field]))) {
    throw new TypeError(
      message(
        'TSR62',
        () =>
          process.env.NODE_ENV !== 'production' &&
          `hydrate() expects what dehydrate() returned: an object with ${fields.join(', ')}`,
      ),
    );
  }
  return { ...initialState(), ...readableParts(dehydrated) };
}
