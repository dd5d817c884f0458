import type { EndpointInterface } from './EndpointInterface';
import type { CacheState, WriteMeta } from './State';
import type { Schema } from './schemaTypes';
import type { WriteTo } from './writeCache';

/** Start a fetch. Managers perform it; the reducer only records it (in flight, optimistic). */
export interface FetchAction {
  readonly type: 'fetch';
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly fetchedAt: number;
  /**
   * The caller's own interest: aborting it withdraws this caller only (its promise rejects);
   * the network manager aborts a shared request once every caller has withdrawn.
   */
  readonly signal?: AbortSignal;
  /** Settles the promise `controller.fetch` returned. */
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Write the outcome of a fetch (or of `setResponse`/`setError`/`resolve`) for one key. */
export interface SetResponseAction {
  readonly type: 'setResponse';
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly meta: WriteMeta;
  readonly response: unknown;
  /** True when `response` is the error the fetch failed with. */
  readonly error: boolean;
  /** Where the reducer leaves what it made of `response` (see `ResponseWritten`). */
  readonly written?: ResponseWritten;
}

/**
 * What the write of one response made of it: its normalized result, or why it did not fit its
 * schema. Its sender reads it when another fetch holds the key (two identical mutations whose
 * responses crossed), so that a response is normalized once.
 */
export interface ResponseWritten {
  result?: unknown;
  error?: unknown;
}

/**
 * A fetch ended without an outcome (every caller withdrew): only its in-flight mark is cleared,
 * and only while it is still the latest fetch of the key. Nothing else in the store changes.
 */
export interface FetchCancelledAction {
  readonly type: 'fetchCancelled';
  readonly key: string;
  /** Start time of the cancelled fetch. */
  readonly fetchedAt: number;
}

/** Write a value for a schema without an endpoint (`controller.set`). */
export interface SetAction {
  readonly type: 'set';
  readonly schema: Schema;
  readonly args: readonly unknown[];
  /** A value, or an updater receiving the current denormalized value. */
  readonly value: unknown;
  readonly meta: WriteMeta;
}

/** Mark result keys invalid: they must be fetched before they are used again. */
export interface InvalidateAction {
  readonly type: 'invalidate';
  /** Exact keys, or a predicate over every cached key. */
  readonly keys: readonly string[] | ((key: string) => boolean);
}

/** Make matching results stale (still usable unless `invalidIfStale`). */
export interface ExpireAllAction {
  readonly type: 'expireAll';
  readonly testKey: (key: string) => boolean;
}

/** Empty the store; fetches started before `date` are dropped when they land. */
export interface ResetAction {
  readonly type: 'reset';
  readonly date: number;
}

/**
 * An action of an opt-in manager brings its own write (the reducer calls it on the committed
 * tables), so a store without that manager carries none of its code. Made by `gcAction` and
 * `writeEntriesAction`.
 */
interface OwnWrite {
  /** @internal */
  readonly write: (cache: CacheState, to: WriteTo) => CacheState;
}

/** Evict unread, expired results and entities (garbage collection): see `gcAction`. */
export interface GcAction extends OwnWrite {
  readonly type: 'gc';
  readonly keys: readonly string[];
  readonly entities: readonly { readonly key: string; readonly pk: string }[];
}

/** One entry of the store's tables, as another store (a tab, a storage) holds it. */
export interface EntryWrite {
  readonly root: 'entities' | 'entitiesMeta' | 'indexes' | 'endpoints' | 'meta';
  /** The entity key (for the first three) or the result key. */
  readonly key: string;
  /** The entity's pk, for `entities` and `entitiesMeta`. */
  readonly pk?: string;
  /** `undefined` deletes the entry. */
  readonly value: unknown;
}

/**
 * Write entries that another store committed (a tab of the same app: TabSyncManager): see
 * `writeEntriesAction`.
 */
export interface WriteEntriesAction extends OwnWrite {
  readonly type: 'writeEntries';
  readonly entries: readonly EntryWrite[];
}

/** Keep polling an endpoint while at least one hold is on it (`controller.keepLive`). */
export interface SubscribeAction {
  readonly type: 'subscribe';
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

export interface UnsubscribeAction {
  readonly type: 'unsubscribe';
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

export type Action =
  | FetchAction
  | SetResponseAction
  | FetchCancelledAction
  | SetAction
  | InvalidateAction
  | ExpireAllAction
  | ResetAction
  | GcAction
  | WriteEntriesAction
  | SubscribeAction
  | UnsubscribeAction;
