import type { Controller, EndpointInterface } from '@tessera/core';

/** One fetch started by an accessor, and how many readers still want it. */
export interface PendingFetch {
  wanters: number;
  readonly abort: AbortController;
}

/** One reader's hold on a fetch. */
export interface Interest {
  /** The accessor fetch held, if any. */
  readonly fetch: PendingFetch | undefined;
  /** Lets go; aborts the fetch when it was the last reader. Calling it again does nothing. */
  release(): void;
}

const noInterest: Interest = { fetch: undefined, release() {} };

/**
 * The fetches this adapter started for one controller, counted by the readers that want them, so
 * a request is aborted when its last reader leaves while it is in flight.
 */
export class FetchTracker {
  private readonly pending = new Map<string, PendingFetch>();

  constructor(private readonly controller: Controller) {}

  /** The accessor fetch in flight for `key`, if any. */
  inFlight(key: string): PendingFetch | undefined {
    return this.pending.get(key);
  }

  /**
   * Registers interest in `key`: joins the accessor fetch in flight for it or, when there is
   * none and `start` is true, starts one. Otherwise (nothing to fetch, or a fetch this adapter
   * did not start and so cannot abort) there is nothing to hold.
   */
  want<E extends EndpointInterface>(
    endpoint: E,
    args: readonly [...Parameters<E>],
    key: string,
    start: boolean,
  ): Interest {
    let fetch = this.pending.get(key);
    if (fetch) fetch.wanters += 1;
    else if (start) fetch = this.start(endpoint, args, key);
    else return noInterest;
    const held = fetch;
    let released = false;
    return {
      fetch: held,
      release: () => {
        if (released) return;
        released = true;
        this.releaseOne(key, held);
      },
    };
  }

  private start<E extends EndpointInterface>(
    endpoint: E,
    args: readonly [...Parameters<E>],
    key: string,
  ): PendingFetch {
    const fetch: PendingFetch = { wanters: 1, abort: new AbortController() };
    this.pending.set(key, fetch);
    const settle = () => {
      if (this.pending.get(key) === fetch) this.pending.delete(key);
    };
    // The outcome (data or error) is in the store, where every reader sees it. The signal only
    // withdraws these readers: a request shared with other callers goes on for them.
    this.controller.fetch(withSignal(endpoint, fetch.abort.signal), ...args).then(settle, settle);
    return fetch;
  }

  private releaseOne(key: string, fetch: PendingFetch): void {
    fetch.wanters -= 1;
    if (fetch.wanters > 0 || this.pending.get(key) !== fetch) return;
    this.pending.delete(key);
    fetch.abort.abort(new DOMException('Every reader of this fetch went away', 'AbortError'));
  }
}

/**
 * The endpoint bound to `signal` (through `extend`, which keeps its key and schema), or the
 * endpoint itself when it cannot be extended into one: its fetch then runs to the end.
 */
function withSignal<E extends EndpointInterface>(endpoint: E, signal: AbortSignal): E {
  const extended: unknown = endpoint.extend?.({ signal });
  const usable =
    typeof extended === 'function' && typeof (extended as { key?: unknown }).key === 'function';
  return usable ? (extended as E) : endpoint;
}

const trackers = new WeakMap<Controller, FetchTracker>();

/** The tracker of a controller (one per controller, shared by every accessor). */
export function fetchTrackerOf(controller: Controller): FetchTracker {
  let tracker = trackers.get(controller);
  if (!tracker) trackers.set(controller, (tracker = new FetchTracker(controller)));
  return tracker;
}
