import { getOwn } from '../schema/ownProperty';
import { Changes } from '../tables/Changes';
import { type TableOwner, TableWriter } from '../tables/TableWriter';
import type { Action, SetResponseAction } from './actions';
import type { SnapshotInterface } from './SnapshotInterface';
import { type CacheState, initialState, type OptimisticEntry, type State } from './State';
import type { Schema } from './schemaTypes';
import {
  type WriteTo,
  writeError,
  writeExpired,
  writeInvalidated,
  writeOutdated,
  writeResponse,
  writeResponseOrThrow,
  writeValue,
} from './writeCache';

/** What the reducer reads besides state and action: its read port into the store. */
export interface ReducerContext {
  /** A read-only view of a state, handed to `getOptimisticResponse`. */
  snapshot(state: State, fetchedAt: number): SnapshotInterface;
  /** Current denormalized value of a schema, handed to `set` updaters. */
  query(schema: Schema, args: readonly unknown[], state: State): unknown;
  /** Lifetime of fetched data for an endpoint (store default or its own). */
  dataExpiryLength(endpoint: OptimisticEntry['endpoint']): number;
}

/** Returns the next state, and logs into `changes` what differs from `state`. */
export type Reducer = (state: State, action: Action, changes?: Changes) => State;

const NO_OPTIMISTIC: readonly OptimisticEntry[] = Object.freeze([]);

function cacheOf(state: State): CacheState {
  const { entities, indexes, entitiesMeta, endpoints, meta } = state;
  return { entities, indexes, entitiesMeta, endpoints, meta };
}

/** A state view of a cache, for snapshots and queries inside the reducer. */
function stateOf(cache: CacheState, lastReset: number): State {
  return { ...cache, optimistic: NO_OPTIMISTIC, committed: null, fetching: {}, lastReset };
}

/**
 * The reducer. It returns a new state object per change, and writes the committed entity tables
 * in place (one changed entity costs what changed; see `TableWriter`). Optimistic updates are
 * layers over the committed tables (see `layerOver`): each pending update writes only into its
 * layer, and reads fall through to the tables beneath. The real outcome of a fetch removes its
 * entry (matched by key AND fetchedAt); after every commit the remaining entries are written
 * again into fresh layers over the new committed tables, each recomputed against what is beneath
 * it, so interleaved mutations end right whatever order their responses arrive in. Each change is
 * logged into `changes` (see core/docs/how-the-store-works.md).
 */
export function createReducer(context: ReducerContext): Reducer {
  /**
   * Owner of the committed tables: this reducer writes them in place. Optimistic updates are
   * written by an owner of their own (a fresh one per replay) into layers over the tables
   * beneath, so they never touch the committed tables and copy none.
   */
  const committedOwner: TableOwner = {};

  function applyOptimistic(
    cache: CacheState,
    entry: OptimisticEntry,
    lastReset: number,
    replay: WriteTo,
  ): CacheState {
    const { endpoint, args, fetchedAt, key } = entry;
    const snap = context.snapshot(stateOf(cache, lastReset), fetchedAt);
    let response: unknown;
    try {
      response = endpoint.getOptimisticResponse!(snap, ...args);
    } catch {
      // `snap.abort` (or any failure) cancels this optimistic update only.
      return cache;
    }
    const action: SetResponseAction = {
      type: 'setResponse',
      key,
      endpoint,
      args,
      response,
      error: false,
      meta: {
        fetchedAt,
        date: fetchedAt,
        expiresAt: fetchedAt + context.dataExpiryLength(endpoint),
      },
    };
    const changes = new Changes();
    let written: CacheState;
    try {
      // Shown over what was written after it started (a push, a refetch), until its answer.
      written = writeResponseOrThrow(cache, action, {
        owner: replay.owner,
        changes,
        layered: true,
        onTop: !entry.answeredAfter,
      });
    } catch {
      // A bad optimistic response is skipped; the real outcome will be recorded.
      return cache;
    }
    replay.changes?.add(changes);
    return written;
  }

  /** Rebuilds the visible state from a new committed cache and the queue. */
  function commit(
    state: State,
    committed: CacheState,
    optimistic: readonly OptimisticEntry[],
    fetching: State['fetching'],
    changes: Changes,
  ): State {
    const { lastReset } = state;
    // What the previous layers held reads as committed again.
    if (state.layered !== undefined) changes.add(state.layered);
    if (optimistic.length === 0) {
      return { ...committed, optimistic: NO_OPTIMISTIC, committed: null, fetching, lastReset };
    }
    // Replays below read the tables just written through throwaway memos (see the controller's
    // `memoOf`): the live memo hears the whole change once, when the action is reduced.
    let visible = committed;
    const replay = { owner: {}, changes: new Changes() };
    for (const entry of optimistic) visible = applyOptimistic(visible, entry, lastReset, replay);
    changes.add(replay.changes);
    return { ...visible, optimistic, committed, fetching, lastReset, layered: replay.changes };
  }

  /**
   * The in-flight marks with `key` set to `fetchedAt` (or removed): written in place while this
   * reducer owns them, as its tables are, so a fetch costs the same with 10,000 others in flight;
   * copied once after a state holding them was kept.
   */
  function inFlight(marks: State['fetching'], key: string, fetchedAt?: number) {
    const writer = new TableWriter(committedOwner);
    const writable = writer.writable(marks);
    if (fetchedAt === undefined) writer.delete(writable, key);
    else writer.put(writable, key, fetchedAt);
    return writable;
  }

  /** The in-flight marks and optimistic queue once the fetch (key, fetchedAt) has ended. */
  function settle(state: State, key: string, fetchedAt: number, changes: Changes) {
    let fetching = state.fetching;
    const ended = getOwn(fetching, key) === fetchedAt;
    if (ended) {
      changes.results.add(key);
      fetching = inFlight(fetching, key);
    }
    const optimistic = state.optimistic.some(
      (entry) => entry.key === key && entry.fetchedAt === fetchedAt,
    )
      ? state.optimistic.filter((entry) => entry.key !== key || entry.fetchedAt !== fetchedAt)
      : state.optimistic;
    return { fetching, optimistic, ended };
  }

  function base(state: State): CacheState {
    return state.committed ?? cacheOf(state);
  }

  return function reducer(state: State, action: Action, changes = new Changes()): State {
    const to: WriteTo = { owner: committedOwner, changes };
    switch (action.type) {
      case 'fetch': {
        const fetching = inFlight(state.fetching, action.key, action.fetchedAt);
        changes.results.add(action.key);
        const { endpoint } = action;
        // The same optimistic view (its layers and what they hold), with the fetch in flight.
        if (!endpoint.sideEffect || !endpoint.getOptimisticResponse) return { ...state, fetching };
        const entry: OptimisticEntry = {
          key: action.key,
          endpoint,
          args: action.args,
          fetchedAt: action.fetchedAt,
        };
        // The new entry goes last, so a layer over the visible state equals a full replay.
        const replay = { owner: {}, changes: new Changes() };
        const visible = applyOptimistic(cacheOf(state), entry, state.lastReset, replay);
        changes.add(replay.changes);
        // Its layer goes on top of theirs: removing them all uncovers what each held.
        if (state.layered !== undefined) replay.changes.add(state.layered);
        return {
          ...visible,
          optimistic: [...state.optimistic, entry],
          committed: base(state),
          fetching,
          lastReset: state.lastReset,
          layered: replay.changes,
        };
      }
      case 'setResponse': {
        const { key, meta } = action;
        // Started before the last reset: its store no longer exists.
        if (meta.fetchedAt < state.lastReset) return state;
        const { fetching, optimistic } = settle(state, key, meta.fetchedAt, changes);
        // A mutation's answer holds the effect of those started before it (requests reach the
        // server in order): their replays are ordered against it from now on. (Set on the entry:
        // it only ever turns true, and only the live state is replayed.)
        if (action.endpoint.sideEffect && !action.error)
          for (const entry of optimistic)
            if (entry.fetchedAt < meta.fetchedAt) entry.answeredAfter = true;
        const before = base(state);
        // Read before writing: the write may change this record in place.
        const previousMeta = getOwn(before.meta, key);
        const written = action.error
          ? writeError(before, action, action.response, to)
          : writeResponse(before, action, to);
        const committed = writeOutdated(written, key, meta.fetchedAt, previousMeta, to);
        return commit(state, committed, optimistic, fetching, changes);
      }
      case 'fetchCancelled': {
        // A cancelled fetch writes nothing: it gives back its in-flight mark and its optimistic
        // entry (if any), so the store is as if it had never started.
        const { fetching, optimistic, ended } = settle(
          state,
          action.key,
          action.fetchedAt,
          changes,
        );
        if (!ended && optimistic === state.optimistic) return state;
        return commit(state, base(state), optimistic, fetching, changes);
      }
      case 'set': {
        const committed = base(state);
        const value =
          typeof action.value === 'function'
            ? action.value(
                context.query(action.schema, action.args, stateOf(committed, state.lastReset)),
              )
            : action.value;
        return commit(
          state,
          writeValue(committed, action, value, to),
          state.optimistic,
          state.fetching,
          changes,
        );
      }
      case 'invalidate': {
        const committed = base(state);
        const { keys } = action;
        const matching =
          typeof keys === 'function'
            ? [...new Set([...Object.keys(committed.meta), ...Object.keys(state.fetching)])].filter(
                keys,
              )
            : keys;
        const next = writeInvalidated(committed, matching, state.fetching, to);
        return next === committed
          ? state
          : commit(state, next, state.optimistic, state.fetching, changes);
      }
      case 'expireAll': {
        const committed = base(state);
        const next = writeExpired(committed, action.testKey, state.fetching, to);
        return next === committed
          ? state
          : commit(state, next, state.optimistic, state.fetching, changes);
      }
      // Garbage collection and other tabs' entries: the action brings its own write (see
      // `gcAction`), so a store without those opt-in managers carries none of their code.
      case 'gc':
      case 'writeEntries': {
        const committed = base(state);
        const next = action.write(committed, to);
        return next === committed
          ? state
          : commit(state, next, state.optimistic, state.fetching, changes);
      }
      case 'reset':
        changes.all = true;
        return initialState(action.date);
      default:
        return state;
    }
  };
}
