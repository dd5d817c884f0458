// What the store's writes changed, as (table, key) pairs: the one place the devtools learn it,
// from the store's change log (core/docs/how-the-store-works.md).
import type { Controller } from '@tessera/core';

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
  stop(): void;
}

/**
 * Follows one store's change log (`controller.changes$`); `take()` hands out what its writes
 * changed, a batch at a time. A table new to the store counts as every key it holds.
 */
export function trackChanges(controller: Controller): ChangeTracker {
  let pending = noChange();
  const subscription = controller.changes$.subscribe(({ state, changes }) => {
    for (const root of [changes.entities, changes.entitiesMeta]) {
      for (const [table, keys] of root) {
        const pks = keys instanceof Set ? keys : Object.keys(state.entities[table] ?? {});
        addChanges(pending, { ...noChange(), entities: new Map([[table, new Set(pks)]]) });
      }
    }
    addChanges(pending, { all: changes.all, results: changes.results, entities: new Map() });
  });
  return {
    take() {
      const changed = pending;
      pending = noChange();
      return changed;
    },
    stop: () => subscription.unsubscribe(),
  };
}
