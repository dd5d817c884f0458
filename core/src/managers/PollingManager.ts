import { getOwn } from '../schema/ownProperty';
import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import type { SubscribeAction, UnsubscribeAction } from '../store/actions';
import { unrefTimer } from '../store/unrefTimer';

interface Poll {
  endpoint: EndpointInterface;
  args: readonly unknown[];
  /** Frequencies asked by each holder; the timer runs at the smallest. */
  readonly frequencies: number[];
  frequency: number;
  timer?: ReturnType<typeof setInterval>;
}

export interface PollingOptions {
  /**
   * Pause every poll while the page is hidden (`document.visibilityState`: another tab, a
   * minimized window) and resume when it shows again, fetching at once what is older than one
   * period. Default true; false polls whatever the page's visibility.
   */
  pauseWhenHidden?: boolean;
}

/**
 * Polling subscriptions (`controller.keepLive`): reference counted per key, one timer per key at
 * the smallest `pollFrequency` asked, stopped when the last holder releases, paused while the
 * page is hidden. On the first subscription the data is fetched unless it is fresher than one
 * period. Opt in: `createStore({ managers: [new PollingManager()] })` (docs/guide/features.md).
 */
export class PollingManager implements Manager {
  private readonly polls = new Map<string, Poll>();
  private controller?: Controller;
  /** Polls pause while the page is hidden (`pauseWhenHidden`). */
  private readonly pause: boolean;

  constructor(options: PollingOptions = {}) {
    this.pause = options.pauseWhenHidden ?? true;
  }

  middleware(controller: Controller) {
    this.controller = controller;
    controller.features.polling = true;
    // No document on a server: nothing to pause for.
    if (this.pause) {
      globalThis.document?.addEventListener('visibilitychange', this.onVisibility);
    }
    return (next: Dispatch): Dispatch =>
      (action) => {
        if (action.type === 'subscribe') this.subscribe(controller, action);
        else if (action.type === 'unsubscribe') this.unsubscribe(action);
        return next(action);
      };
  }

  cleanup(): void {
    globalThis.document?.removeEventListener('visibilitychange', this.onVisibility);
    for (const poll of this.polls.values()) clearInterval(poll.timer);
    this.polls.clear();
  }

  /** Keys being polled. */
  keys(): string[] {
    return [...this.polls.keys()];
  }

  private subscribe(controller: Controller, { key, endpoint, args }: SubscribeAction): void {
    const frequency = endpoint.pollFrequency;
    // Without a frequency there is nothing to poll; the release is then a no-op too.
    if (frequency === undefined || !(frequency > 0)) return;
    let poll = this.polls.get(key);
    const first = !poll;
    if (!poll) {
      poll = { endpoint, args, frequencies: [], frequency };
      this.polls.set(key, poll);
      if (!hidden(this.pause) && !fresh(controller, key, frequency)) this.fetch(poll);
    }
    poll.frequencies.push(frequency);
    if (first || frequency < poll.frequency) {
      poll.endpoint = endpoint;
      poll.args = args;
      this.restart(poll, frequency);
    }
  }

  private unsubscribe({ key, endpoint }: UnsubscribeAction): void {
    const poll = this.polls.get(key);
    const frequency = endpoint.pollFrequency;
    if (!poll || frequency === undefined) return;
    const index = poll.frequencies.indexOf(frequency);
    if (index >= 0) poll.frequencies.splice(index, 1);
    if (poll.frequencies.length === 0) {
      clearInterval(poll.timer);
      this.polls.delete(key);
      return;
    }
    const smallest = Math.min(...poll.frequencies);
    if (smallest !== poll.frequency) this.restart(poll, smallest);
  }

  private restart(poll: Poll, frequency: number): void {
    clearInterval(poll.timer);
    poll.frequency = frequency;
    poll.timer = hidden(this.pause)
      ? undefined
      : unrefTimer(setInterval(() => this.fetch(poll), frequency));
  }

  /** Hidden: every timer stops. Shown: what is older than one period is fetched, timers restart. */
  private readonly onVisibility = (): void => {
    for (const [key, poll] of this.polls) {
      if (!hidden(true) && !fresh(this.controller!, key, poll.frequency)) this.fetch(poll);
      this.restart(poll, poll.frequency);
    }
  };

  private fetch(poll: Poll): void {
    // A failed poll is recorded in the store by the network manager; nobody awaits it here.
    this.controller?.fetch(poll.endpoint, ...(poll.args as [])).catch(() => {});
  }
}

/** The page is hidden, and polls pause then. */
const hidden = (pause: boolean) => pause && globalThis.document?.visibilityState === 'hidden';

/** The key's data is usable and younger than one polling period. */
function fresh(controller: Controller, key: string, period: number): boolean {
  const meta = getOwn(controller.getState().meta, key);
  return (
    meta !== undefined &&
    meta.error === undefined &&
    !meta.invalidated &&
    meta.date + period > controller.now()
  );
}
