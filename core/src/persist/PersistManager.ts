import type { Subscription } from 'rxjs';
import { warnInDevelopment } from '../schema/development';
import { getOwn, setOwn } from '../schema/ownProperty';
import { hydrate } from '../ssr/dehydrate';
import type { Controller, Dispatch, Manager, State } from '../store';
import type { CacheState } from '../store/State';
import { unrefTimer } from '../store/unrefTimer';
import { Changes } from '../tables/Changes';
import type { PersistStorage } from './PersistStorage';
import { changedEntries, type EntryFilter, entryPlace, leavingStore } from './storeEntries';

export interface PersistOptions extends EntryFilter {
  readonly storage: PersistStorage;
  /**
   * The version of what is stored: a stored state of another version (an app whose entities
   * changed shape) is dropped on restore. Default `''`.
   */
  readonly buster?: string;
  /** A stored state older than this (ms since it was last written) is dropped. Default one day. */
  readonly maxAge?: number;
  /** Writes wait this long (ms) so that a burst of changes is one write. Default 1 000. */
  readonly throttleMs?: number;
}

/** The entry that says which version wrote the others, and when. */
const HEADER = 'tessera';
interface Header {
  readonly buster: string;
  readonly savedAt: number;
}

/**
 * Keeps the store across reloads, opt in (docs/guide/offline.md#persistence):
 *
 * ```ts
 * const persist = new PersistManager({ storage: indexedDBStorage('my-app'), buster: 'v1' });
 * const store = createStore({ initialState: await persist.restore(), managers: [persist] });
 * ```
 *
 * It follows the store's change log: each committed change writes the entries it changed
 * (throttled), never the whole store. What it restores is checked as a page state is
 * (`hydrate`): a damaged or foreign stored state is dropped and the store starts empty.
 * Optimistic updates and errors are not kept, only what the server confirmed.
 */
export class PersistManager implements Manager {
  private readonly options: PersistOptions;
  private controller: Controller | undefined;
  private changes$: Subscription | undefined;
  private pending: Changes | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The state `restore` gave: the store starts from what storage holds already. */
  private restored: State | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(options: PersistOptions) {
    this.options = options;
  }

  /**
   * The stored state to start from (`createStore({ initialState })`), or undefined when there is
   * none usable: none stored, another `buster`, older than `maxAge`, or damaged (then cleared).
   * Never rejects.
   */
  async restore(): Promise<State | undefined> {
    const { storage, buster = '' } = this.options;
    try {
      const entries = await storage.read();
      const header = entries.get(HEADER) as Partial<Header> | undefined;
      if (header === undefined) return undefined;
      const maxAge = this.options.maxAge ?? 86_400_000;
      if (header.buster !== buster || !(Date.now() - (header.savedAt ?? 0) <= maxAge)) {
        await storage.clear();
        return undefined;
      }
      this.restored = hydrate(fromEntries(entries));
      return this.restored;
    } catch (error) {
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          `PersistManager: the stored state could not be restored (${String(error)}); the store starts empty`,
      );
      await storage.clear().catch(() => {});
      return undefined;
    }
  }

  /** Writes what is waiting now (a page about to close, a test). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const changes = this.pending;
    const controller = this.controller;
    this.pending = undefined;
    if (changes && controller) {
      const state = controller.getState();
      this.writing = this.writing.then(() =>
        this.write(state.committed ?? state, changes, leavingStore(this.options, controller)),
      );
    }
    return this.writing;
  }

  middleware(controller: Controller) {
    this.controller = controller;
    return (next: Dispatch): Dispatch => next;
  }

  init(controller: Controller): void {
    if (this.changes$) return;
    // Started from anything but what storage holds (an empty store, a page state): write it all.
    if (controller.getState() !== this.restored) this.note(everything());
    this.changes$ = controller.changes$.subscribe(({ changes }) => this.note(changes));
  }

  stop(): void {
    this.changes$?.unsubscribe();
    this.changes$ = undefined;
    void this.flush();
  }

  cleanup(): void {
    this.stop();
  }

  private note(changes: Changes): void {
    if (this.pending === undefined) this.pending = new Changes();
    this.pending.add(changes);
    this.timer ??= unrefTimer(
      setTimeout(() => void this.flush(), this.options.throttleMs ?? 1_000),
    );
  }

  /** Writes the entries `changes` names, as `cache` holds them now. */
  private async write(cache: CacheState, changes: Changes, filter: EntryFilter): Promise<void> {
    const { storage, buster = '' } = this.options;
    try {
      if (changes.all) await storage.clear();
      const entries = changedEntries(cache, changes, filter);
      entries.set(HEADER, { buster, savedAt: Date.now() } satisfies Header);
      await storage.write(entries);
    } catch (error) {
      // Full storage, a private window: the app goes on; what is stored may be older.
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' &&
          `PersistManager: the store could not be written to storage (${String(error)})`,
      );
    }
  }
}

/** A change log that names everything (written once, at start). */
function everything(): Changes {
  const changes = new Changes();
  changes.all = true;
  return changes;
}

/** The stored entries as a dehydrated state (`hydrate` then checks each part). */
function fromEntries(entries: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const state: Record<string, Record<string, unknown>> = {
    entities: {},
    entitiesMeta: {},
    indexes: {},
    endpoints: {},
    meta: {},
  };
  for (const [name, value] of entries) {
    if (name === HEADER) continue;
    const { root, key, pk } = entryPlace(name);
    if (pk === undefined) setOwn(state[root], key, value);
    else {
      let rows = getOwn(state[root], key) as Record<string, unknown> | undefined;
      if (rows === undefined) setOwn(state[root], key, (rows = {}));
      setOwn(rows, pk, value);
    }
  }
  return state;
}
