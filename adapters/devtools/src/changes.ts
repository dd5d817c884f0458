// What the store's writes changed, as (table, key) pairs: the one place the devtools learn it.
// Today it compares kept states (`controller.keepState()`); once the store publishes its own
// change log, this file reads that instead and nothing else changes.
import type { Controller, State } from '@tessera/core';

/** What some writes changed. */
export interface Changed {
  /** Result keys whose data, meta (expiry, error) or in-flight mark changed. */
  readonly results: Set<string>;
  /** Entity keys (`Todo`) → the pks whose stored value or meta changed. */
  readonly entities: Map<string, Set<string>>;
  /** Everything may have changed (a reset). */
  all: boolean;
}

export function noChange(): Changed {
  return { results: new Set(), entities: new Map(), all: false };
}

export function isEmpty(changed: Changed): boolean {
  return !changed.all && changed.results.size === 0 && changed.entities.size === 0;
}

/** Adds every change of `from` to `into`. */
export function addChanges(into: Changed, from: Changed): void {
  into.all ||= from.all;
  for (const key of from.results) into.results.add(key);
  for (const [table, pks] of from.entities) {
    const known = into.entities.get(table);
    if (known) for (const pk of pks) known.add(pk);
    else into.entities.set(table, new Set(pks));
  }
}

export interface ChangeTracker {
  /** What changed since the last call (or since the tracker started). */
  take(): Changed;
}

/** Follows one store's writes; `take()` hands out what they changed, a batch at a time. */
export function trackChanges(controller: Controller): ChangeTracker {
  let before = controller.keepState();
  return {
    take() {
      const after = controller.getState();
      if (after === before) return noChange();
      const changed = diffStates(before, after);
      before = controller.keepState();
      return changed;
    },
  };
}

type Record_ = { readonly [key: string]: unknown };

/** Keys whose entries differ (by identity) between two records. */
function changedKeys(a: Record_, b: Record_, into: Set<string>): void {
  if (a === b) return;
  for (const key of Object.keys(a)) if (a[key] !== b[key]) into.add(key);
  for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) into.add(key);
}

/** Compares two states; a kept state's tables are copied when written, so equal tables are skipped. */
export function diffStates(before: State, after: State): Changed {
  const changed = noChange();
  changed.all = before.lastReset !== after.lastReset;
  changedKeys(before.endpoints, after.endpoints, changed.results);
  changedKeys(before.meta, after.meta, changed.results);
  changedKeys(before.fetching, after.fetching, changed.results);
  for (const root of ['entities', 'entitiesMeta'] as const) {
    const tables = new Set([...Object.keys(before[root]), ...Object.keys(after[root])]);
    for (const table of tables) {
      const pks = new Set<string>();
      changedKeys(before[root][table] ?? {}, after[root][table] ?? {}, pks);
      if (pks.size > 0) addChanges(changed, { ...noChange(), entities: new Map([[table, pks]]) });
    }
  }
  return changed;
}
