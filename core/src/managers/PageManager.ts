import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import type { PageEvent, PageEvents } from '../store/Features';

export interface PageManagerOptions {
  /** Readers refetch what is stale when the page becomes visible again (default true). */
  readonly refetchOnWindowFocus?: boolean;
  /** Readers refetch what is stale when the browser comes back online (default true). */
  readonly refetchOnReconnect?: boolean;
  /**
   * `'online'` (default): while the browser is offline, requests wait (readers show `paused`)
   * and start when it is back; a request that fails for want of a connection waits and tries
   * again. `'always'`: requests are tried whatever the browser says.
   */
  readonly networkMode?: 'online' | 'always';
}

/**
 * The page's visibility and connection, for the store, opt in:
 * `createStore({ managers: [new PageManager()] })` (docs/guide/offline.md). Readers refetch
 * what is stale when the page is shown again or the network returns, and while the browser is
 * offline requests wait instead of failing. It listens only while the store runs in a browser.
 */
export class PageManager implements Manager {
  private readonly listeners = new Set<(event: PageEvent) => void>();
  private readonly waiting = new Set<() => void>();
  private readonly options: PageManagerOptions;
  private offline = false;
  private listening = false;

  constructor(options: PageManagerOptions = {}) {
    this.options = options;
  }

  middleware(controller: Controller) {
    const page: PageEvents = {
      waiting: () => this.offline && this.options.networkMode !== 'always',
      refetchOn: (event, endpoint) => this.refetchOn(event, endpoint),
      listen: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    const { features } = controller;
    features.page = page;
    if (this.options.networkMode !== 'always')
      features.network = (run, signal) => this.perform(run, signal);
    return (next: Dispatch): Dispatch => next;
  }

  init(): void {
    this.listen(true);
  }

  stop(): void {
    this.listen(false);
  }

  cleanup(): void {
    this.stop();
    this.listeners.clear();
  }

  /** Follows the page's visibility and connection (nothing to follow on a server). */
  private listen(on: boolean): void {
    const { document } = globalThis;
    if (on === this.listening || !document || typeof globalThis.addEventListener !== 'function')
      return;
    this.listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    document[method]('visibilitychange', this.onPage);
    globalThis[method]('online', this.onPage);
    globalThis[method]('offline', this.onPage);
    if (on) this.setOffline(globalThis.navigator?.onLine === false);
  }

  private readonly onPage = ({ type }: Event): void => {
    if (type !== 'visibilitychange') this.setOffline(type === 'offline');
    else if (globalThis.document?.visibilityState === 'visible') this.emit('focus');
  };

  /** Runs a request once the browser is online; one lost for want of a connection waits again. */
  private async perform(run: () => Promise<unknown>, signal: AbortSignal): Promise<unknown> {
    for (;;) {
      await this.whenOnline(signal);
      try {
        return await run();
      } catch (error) {
        // Failed because the connection went meanwhile: the same request waits for it again.
        if (signal.aborted || !this.offline) throw error;
      }
    }
  }

  private whenOnline(signal: AbortSignal): Promise<void> {
    if (!this.offline) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        this.waiting.delete(done);
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        this.waiting.delete(done);
        reject(signal.reason);
      };
      signal.throwIfAborted();
      this.waiting.add(done);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  private setOffline(offline: boolean): void {
    if (offline === this.offline) return;
    this.offline = offline;
    if (!offline) for (const resume of [...this.waiting]) resume();
    this.emit(offline ? 'offline' : 'online');
  }

  private refetchOn(event: PageEvent, endpoint: EndpointInterface): boolean {
    if (event === 'offline') return false;
    const option = event === 'focus' ? 'refetchOnWindowFocus' : 'refetchOnReconnect';
    return endpoint[option] ?? this.options[option] ?? true;
  }

  private emit(event: PageEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
