import { getOwn } from '../schema/ownProperty';
import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import type { SubscribeAction, UnsubscribeAction } from '../store/actions';
import { unrefTimer } from '../store/unrefTimer';
import { installFeature } from './features';

interface Poll {
  endpoint: EndpointInterface;
  args: readonly unknown[];
  /** Frequencies asked by each holder; the timer runs at the smallest. */
  readonly frequencies: number[];
  frequency: number;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * Polling subscriptions (`controller.poll`): reference counted per key, one timer per key at
 * the smallest `pollFrequency` asked, stopped when the last holder releases. On the first
 * subscription the data is fetched unless it is fresher than one period. Opt in:
 * `createStore({ managers: [new PollingManager()] })` (docs/guide/features.md).
 */
export class PollingManager implements Manager {
  private readonly polls = new Map<string, Poll>();
  private controller?: Controller;

  middleware(controller: Controller) {
    this.controller = controller;
    installFeature(controller, { polling: true });
    return (next: Dispatch): Dispatch =>
      (action) => {
        if (action.type === 'subscribe') this.subscribe(controller, action);
        else if (action.type === 'unsubscribe') this.unsubscribe(action);
        return next(action);
      };
  }

  cleanup(): void {
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
    if (!poll) {
      poll = { endpoint, args, frequencies: [], frequency };
      this.polls.set(key, poll);
      const meta = getOwn(controller.getState().meta, key);
      const fresh =
        meta !== undefined &&
        meta.error === undefined &&
        !meta.invalidated &&
        meta.date + frequency > controller.now();
      if (!fresh) this.fetch(poll);
    }
    poll.frequencies.push(frequency);
    if (frequency < poll.frequency || poll.timer === undefined) {
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
    poll.timer = unrefTimer(setInterval(() => this.fetch(poll), frequency));
  }

  private fetch(poll: Poll): void {
    // A failed poll is recorded in the store by the network manager; nobody awaits it here.
    this.controller?.fetch(poll.endpoint, ...(poll.args as [])).catch(() => {});
  }
}
