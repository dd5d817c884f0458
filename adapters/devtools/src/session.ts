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
import { describeAction } from './model';
import { estimateBytes } from './size';

/** How a key was read: enough to fetch it again or give it an error. */
export interface KeySource {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/**
 * One action in the timeline. The action object itself is not kept: its payload, and the
 * callbacks of a fetch (which hold the promise and so the response), would stay alive with it.
 */
export interface TimelineEntry {
  readonly id: number;
  /** Store clock time it was dispatched at. */
  readonly at: number;
  /** What happened to which key: `response GET /todos`. */
  readonly what: string;
  /** What the action itself wrote (actions it dispatched in turn have their own entries). */
  readonly changed: Changed;
  /** The response or value it wrote, while the timeline's byte budget keeps it. */
  readonly payload: unknown;
  /** Estimated size of that payload in bytes (0 for an action that carries none). */
  readonly bytes: number;
  /** The payload was dropped to stay within the budget: only `what`, `at` and `bytes` remain. */
  readonly evicted: boolean;
}

export interface SessionOptions {
  /**
   * How many bytes of payloads (responses and values written, estimated as the size of their
   * JSON) the timeline keeps, newest first; older entries keep only their key, time and size.
   * Default `TIMELINE_BYTES` (5 MB).
   */
  timelineBytes?: number;
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
export const TIMELINE_BYTES = 5 * 2 ** 20;

type Entry = { -readonly [K in keyof TimelineEntry]: TimelineEntry[K] };

type Dispatch = Controller['dispatch'];

/** Starts following `controller` (development only: `mountDevtools` calls it). */
export function startSession(controller: Controller, options: SessionOptions = {}): Session {
  const original: Dispatch = controller.dispatch;
  const tracker = trackChanges(controller);
  const budget = options.timelineBytes ?? TIMELINE_BYTES;
  const timeline: Entry[] = [];
  /** Bytes of the payloads the timeline holds. */
  let held = 0;
  const sources = new Map<string, KeySource>();
  const listeners = new Set<() => void>();
  /** Actions being dispatched, innermost last: what changes now belongs to the last one. */
  const running: Entry[] = [];
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
    const payload = payloadOf(action);
    const bytes = payload === undefined ? 0 : estimateBytes(payload);
    const entry: Entry = {
      id: nextId++,
      at: controller.now(),
      what: describeAction(action),
      changed: noChange(),
      payload,
      bytes,
      evicted: false,
    };
    timeline.push(entry);
    held += bytes;
    if (timeline.length > TIMELINE_LENGTH) drop(timeline.shift()!);
    // A payload larger than the whole budget is not kept; else the oldest go until all fit.
    if (bytes > budget) drop(entry, true);
    for (let i = 0; held > budget && i < timeline.length; i++) drop(timeline[i], true);
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

  /** Lets go of an entry's payload; `evicted` says it had one the budget let go. */
  function drop(entry: Entry, evicted = false): void {
    if (entry.payload === undefined) return;
    held -= entry.bytes;
    entry.payload = undefined;
    entry.evicted = evicted;
  }

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
      held = 0;
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

/** What an action writes: a response (or error), or a value. */
function payloadOf(action: Action): unknown {
  if (action.type === 'setResponse') return action.response;
  if (action.type === 'set') return action.value;
  return undefined;
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
