// What the devtools follow of one store from the moment they mount: its actions (each with what
// it changed), the endpoint and arguments each key was fetched with, and the simulated offline
// mode. It sits on `controller.dispatch`, which the store's methods and managers all call.
import {
  type Action,
  ConnectionError,
  type Controller,
  type EndpointInterface,
  type FetchAction,
} from '@tessera/core';
import { addChanges, type Changed, noChange, trackChanges } from './changes';

/** How a key was read: enough to fetch it again or give it an error. */
export interface KeySource {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/** One action in the timeline. */
export interface TimelineEntry {
  readonly id: number;
  /** Store clock time it was dispatched at. */
  readonly at: number;
  readonly action: Action;
  /** What the action itself wrote (actions it dispatched in turn have their own entries). */
  readonly changed: Changed;
}

export interface Session {
  readonly controller: Controller;
  /** Oldest first, the last `TIMELINE_LENGTH` actions. */
  readonly timeline: readonly TimelineEntry[];
  /** The endpoint and arguments of each key fetched or written since the devtools mounted. */
  readonly sources: ReadonlyMap<string, KeySource>;
  readonly offline: boolean;
  /** While offline, every fetch fails at once with a `ConnectionError`, as with no network. */
  setOffline(offline: boolean): void;
  clearTimeline(): void;
  /** Called after each action; returns the unsubscribe. */
  listen(listener: () => void): () => void;
  /** Gives `dispatch` back to the store. */
  stop(): void;
}

export const TIMELINE_LENGTH = 500;

type Dispatch = Controller['dispatch'];

/** Starts following `controller` (development only: `mountDevtools` calls it). */
export function startSession(controller: Controller): Session {
  const original: Dispatch = controller.dispatch;
  const tracker = trackChanges(controller);
  const timeline: TimelineEntry[] = [];
  const sources = new Map<string, KeySource>();
  const listeners = new Set<() => void>();
  /** Actions being dispatched, innermost last: what changes now belongs to the last one. */
  const running: TimelineEntry[] = [];
  let offline = false;
  let nextId = 1;

  const settle = () => {
    const changed = tracker.take();
    const entry = running.at(-1);
    if (entry) addChanges(entry.changed, changed);
  };

  const dispatch: Dispatch = (action) => {
    settle();
    learn(sources, action);
    const entry = { id: nextId++, at: controller.now(), action, changed: noChange() };
    timeline.push(entry);
    if (timeline.length > TIMELINE_LENGTH) timeline.shift();
    running.push(entry);
    try {
      if (offline && action.type === 'fetch') return failOffline(controller, action);
      return original(action);
    } finally {
      settle();
      running.pop();
      for (const listener of listeners) listener();
    }
  };
  controller.dispatch = dispatch;

  return {
    controller,
    timeline,
    sources,
    get offline() {
      return offline;
    },
    setOffline(value) {
      offline = value;
      for (const listener of listeners) listener();
    },
    clearTimeline() {
      timeline.length = 0;
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      if (controller.dispatch === dispatch) controller.dispatch = original;
      tracker.stop();
      listeners.clear();
    },
  };
}

/** Remembers how a key was fetched or written. */
function learn(sources: Map<string, KeySource>, action: Action): void {
  if (action.type === 'fetch' || action.type === 'setResponse' || action.type === 'subscribe') {
    sources.set(action.key, { endpoint: action.endpoint, args: action.args });
  }
}

/**
 * A fetch while offline: the request is never made; the key gets the error a dropped connection
 * gives (the endpoint's error policy applies, as it would) and the caller's promise rejects.
 */
function failOffline(controller: Controller, action: FetchAction): Promise<void> {
  const space = action.key.indexOf(' ');
  const [method, url] =
    space > 0 ? [action.key.slice(0, space), action.key.slice(space + 1)] : ['GET', action.key];
  const error = new ConnectionError(
    method,
    url,
    new TypeError('offline (simulated by the Tessera devtools)'),
  );
  const { endpoint, args, fetchedAt } = action;
  return controller.resolve(endpoint, { args, response: error, fetchedAt, error: true }).then(
    () => action.reject(error),
    (cause: unknown) => action.reject(cause),
  );
}
