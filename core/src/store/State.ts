import type { EntitiesMeta, EntityTables, Indexes, WriteMeta } from '../schema/interface';
import type { Changes } from '../tables/Changes';
import type { EndpointInterface, ErrorPolicy } from './EndpointInterface';

export type { WriteMeta };

/** Everything known about one result key (one endpoint + arguments). */
export interface ResultMeta extends WriteMeta {
  /** The last fetch failed; the previous result (if any) is kept beside it. */
  readonly error?: unknown;
  readonly errorPolicy?: ErrorPolicy;
  /** Set by `invalidate`: the result must be fetched before it is used again. */
  readonly invalidated?: boolean;
  /**
   * Invalidated while fetches were in flight: the start time of the latest of them. A response
   * of a fetch started no later is written, yet stays invalid.
   */
  readonly invalidatedBefore?: number;
  /** Like `invalidatedBefore`, for `expireAll`: such a response is written already stale. */
  readonly expiredBefore?: number;
}

/** The cached data: normalized entities and results with their meta. */
export interface CacheState {
  readonly entities: EntityTables;
  readonly indexes: Indexes;
  readonly entitiesMeta: EntitiesMeta;
  /** Normalized result of each key. */
  readonly endpoints: { readonly [key: string]: unknown };
  readonly meta: { readonly [key: string]: ResultMeta };
}

/** A pending optimistic fetch: a layer over the committed state until its real outcome lands. */
export interface OptimisticEntry {
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** Start time of the fetch it belongs to: with `key`, identifies the entry. */
  readonly fetchedAt: number;
  /**
   * A mutation started after it was answered: the server had this one first, so that answer
   * holds its effect, and its replay no longer goes over data newer than it.
   */
  answeredAfter?: boolean;
}

/**
 * The whole store state. Every change produces a new state object, but the store writes its own
 * tables (entities, their meta, indexes, `endpoints`, `meta`) in place: a state is live, and
 * `controller.keepState()` gives one that stays as it is (see
 * docs/reference/store.md#how-the-store-holds-its-state). The visible cache
 * (`entities`, `endpoints`, ...) is `committed` with the `optimistic` queue written over it in
 * layers (see core/docs/how-the-store-works.md).
 */
export interface State extends CacheState {
  readonly optimistic: readonly OptimisticEntry[];
  /** The tables beneath the optimistic layers; null when the queue is empty (it then equals the cache). */
  readonly committed: CacheState | null;
  /**
   * @internal What the optimistic layers over `committed` hold (the change log of writing them):
   * what removing them uncovers. Absent without layers.
   */
  readonly layered?: Changes;
  /** Fetches in flight by key: the start time of the latest one. */
  readonly fetching: { readonly [key: string]: number };
  /** Time of the last `resetEntireStore`; responses of fetches started before it are dropped. */
  readonly lastReset: number;
}

export function emptyCache(): CacheState {
  return { entities: {}, indexes: {}, entitiesMeta: {}, endpoints: {}, meta: {} };
}

export function initialState(lastReset = 0): State {
  return { ...emptyCache(), optimistic: [], committed: null, fetching: {}, lastReset };
}

/** True for a store state (used to tell a trailing `state` argument from endpoint arguments). */
export function isState(value: unknown): value is State {
  return (
    typeof value === 'object' &&
    value !== null &&
    'entities' in value &&
    'endpoints' in value &&
    'meta' in value &&
    'optimistic' in value &&
    'lastReset' in value
  );
}
