import {
  type Controller,
  type Dispatch,
  type GcOptions,
  type Manager,
  StoreDisposedError,
} from '../store';
import { unrefTimer } from '../store/unrefTimer';
import { gcAction } from '../store/writeCache';

export const DEFAULT_GC_INTERVAL = 60_000;

/**
 * Garbage collection, opt in: `createStore({ managers: [new GCManager()] })`; without it a store
 * keeps everything it fetched until reset or disposed (docs/guide/features.md). Every `intervalMs` it evicts results and entities that have
 * expired and that nobody reads: no live `select()` subscription and no `countRef()` refers to
 * them, and no fetch for the key is in flight. Entities stay while an optimistic update is
 * pending. Evicted data is simply fetched again when next needed, so a long session holds only
 * what is on screen plus what is still fresh.
 */
export class GCManager implements Manager {
  readonly intervalMs: number;
  private timer?: ReturnType<typeof setInterval>;
  private controller?: Controller;

  constructor(options: GcOptions = {}) {
    this.intervalMs = options.intervalMs ?? DEFAULT_GC_INTERVAL;
  }

  middleware(controller: Controller) {
    this.controller = controller;
    return (next: Dispatch): Dispatch => next;
  }

  init(controller: Controller): void {
    this.controller = controller;
    clearInterval(this.timer);
    this.timer = unrefTimer(
      setInterval(() => {
        // A controller disposed without its managers' cleanup() has nothing left to collect;
        // any other failure is a bug and stays an unhandled rejection.
        this.sweep().catch((error: unknown) => {
          if (!(error instanceof StoreDisposedError)) throw error;
        });
      }, this.intervalMs),
    );
  }

  cleanup(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** No root left: the timer stops until the store starts again (nothing is on screen). */
  stop(): void {
    this.cleanup();
  }

  /** Evicts what is expired and unread now (also run by the timer). */
  sweep(): Promise<void> {
    const controller = this.controller;
    if (!controller) return Promise.resolve();
    const state = controller.getState();
    const committed = state.committed ?? state;
    const now = controller.now();
    const live = controller.liveReferences();
    const keys: string[] = [];
    for (const [key, meta] of Object.entries(committed.meta)) {
      if (meta.expiresAt >= now || live.keys.has(key) || Object.hasOwn(state.fetching, key))
        continue;
      keys.push(key);
    }
    const entities: { key: string; pk: string }[] = [];
    // Live readers' entities are those of the optimistic view: the committed ones beneath, shown
    // again when an update fails, are unknown while one is pending, so no entity goes then.
    for (const [entityKey, table] of state.committed
      ? []
      : Object.entries(committed.entitiesMeta)) {
      if (!table) continue;
      const read = live.entities.get(entityKey);
      for (const [pk, meta] of Object.entries(table)) {
        if (meta.expiresAt >= now || read?.has(pk)) continue;
        entities.push({ key: entityKey, pk });
      }
    }
    if (keys.length === 0 && entities.length === 0) return Promise.resolve();
    return controller.dispatch(gcAction(keys, entities));
  }
}
