import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import { installFeature, type PageEvent, type PageEvents } from './features';

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

/** What the page's window and document offer (absent on a server). */
interface PageGlobals {
  document?: { visibilityState?: string } & EventTarget;
  navigator?: { onLine?: boolean };
  addEventListener?: EventTarget['addEventListener'];
  removeEventListener?: EventTarget['removeEventListener'];
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
  private stopListening: (() => void) | undefined;

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
    installFeature(controller, {
      page,
      ...(this.options.networkMode !== 'always' && {
        network: (run: () => Promise<unknown>, signal: AbortSignal) => this.perform(run, signal),
      }),
    });
    return (next: Dispatch): Dispatch => next;
  }

  init(): void {
    const page = globalThis as PageGlobals;
    const { document } = page;
    if (this.stopListening || !document || !page.addEventListener) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') this.emit('focus');
    };
    const onOnline = () => this.setOffline(false);
    const onOffline = () => this.setOffline(true);
    document.addEventListener('visibilitychange', onVisibility);
    page.addEventListener('online', onOnline);
    page.addEventListener('offline', onOffline);
    this.setOffline(page.navigator?.onLine === false);
    this.stopListening = () => {
      document.removeEventListener('visibilitychange', onVisibility);
      page.removeEventListener?.('online', onOnline);
      page.removeEventListener?.('offline', onOffline);
    };
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }

  cleanup(): void {
    this.stop();
    this.listeners.clear();
  }

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
