import type { Subscription } from 'rxjs';
import type { Controller, Dispatch, Manager } from '../store';
import type { EntryWrite } from '../store/actions';
import { writeEntriesAction } from '../store/writeCache';
import { changedEntries, type EntryFilter, entryPlace, leavingStore } from './storeEntries';

export interface TabSyncOptions extends EntryFilter {
  /** The BroadcastChannel's name: tabs of one app share it. Default `'tessera'`. */
  readonly channel?: string;
}

/** What one tab sends: the entries a committed change changed, by name. */
interface TabMessage {
  readonly tessera: 1;
  readonly entries: readonly (readonly [string, unknown])[];
}

function isTabMessage(data: unknown): data is TabMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as TabMessage).tessera === 1 &&
    Array.isArray((data as TabMessage).entries)
  );
}

/**
 * Keeps the tabs of one app in sync, opt in (docs/guide/offline.md#tabs-in-sync): each change a
 * tab's store commits (an entity written or invalidated, a result stored) is sent to the other
 * tabs through a BroadcastChannel as the entries it changed, and their stores write those entries
 * as they are: readers update without a request. Optimistic updates and errors stay in their tab.
 */
export class TabSyncManager implements Manager {
  private readonly options: TabSyncOptions;
  private channel: BroadcastChannel | undefined;
  private changes$: Subscription | undefined;
  /** True while this tab writes what another sent, so it is not sent back. */
  private receiving = false;

  constructor(options: TabSyncOptions = {}) {
    this.options = options;
  }

  middleware(_controller: Controller) {
    return (next: Dispatch): Dispatch => next;
  }

  init(controller: Controller): void {
    if (this.channel || typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(this.options.channel ?? 'tessera');
    this.channel = channel;
    channel.onmessage = ({ data }: MessageEvent) => this.receive(controller, data);
    this.changes$ = controller.changes$.subscribe(({ state, changes }) => {
      // A reset stays in its tab; so does what another tab sent.
      if (this.receiving || changes.all) return;
      const entries = changedEntries(
        state.committed ?? state,
        changes,
        leavingStore(this.options, controller),
      );
      if (entries.size === 0) return;
      try {
        channel.postMessage({ tessera: 1, entries: [...entries] } satisfies TabMessage);
      } catch {
        // A value the channel cannot clone (a function in a result): that change stays here.
      }
    });
  }

  stop(): void {
    this.changes$?.unsubscribe();
    this.changes$ = undefined;
    this.channel?.close();
    this.channel = undefined;
  }

  cleanup(): void {
    this.stop();
  }

  /** Writes what another tab committed; anything that is not its message is ignored. */
  private receive(controller: Controller, data: unknown): void {
    if (!isTabMessage(data) || controller.isDisposed) return;
    const entries: EntryWrite[] = [];
    for (const entry of data.entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') return;
      try {
        entries.push({ ...entryPlace(entry[0]), value: entry[1] });
      } catch {
        return;
      }
    }
    this.receiving = true;
    try {
      void controller.dispatch(writeEntriesAction(entries)).catch(() => {});
    } finally {
      this.receiving = false;
    }
  }
}
