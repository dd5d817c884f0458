import type { LiveOptions } from '../rest/restTypes';
import { describeSchema } from '../schema/describeSchema';
import { message as text } from '../schema/development';
import { describeValue, SchemaError } from '../schema/SchemaError';
import type { Controller, Dispatch, EndpointInterface, Manager } from '../store';
import type { SubscribeAction, UnsubscribeAction } from '../store/actions';
import { setResponse } from '../store/setResponse';
import { unrefTimer } from '../store/unrefTimer';
import type { LiveMessage, LiveSocket, LiveTransport } from './liveTransport';

/**
 * What readers can show: no topic read (`idle`), opening, open, waiting to reconnect after a
 * drop, or paused while offline or hidden (`pauseWhen`).
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'paused';

export interface LiveManagerOptions {
  transport: LiveTransport;
  /**
   * Delay before reconnecting: `baseDelayMs` (default 500) doubled after each failed attempt,
   * at most `maxDelayMs` (default 30 000), of which a random 50-100% is waited (jitter).
   */
  reconnect?: { baseDelayMs?: number; maxDelayMs?: number };
  /** Close the connections while the browser is offline, or the page hidden; reconnect after. */
  pauseWhen?: { offline?: boolean; hidden?: boolean };
  /** Sees every message first (raw mapping); returning `true` skips the endpoints' mapping. */
  onMessage?(message: LiveMessage, controller: Controller): unknown;
  /**
   * A message that did not decode, is no `{ topic, data }` (TSR90) or did not fit its schema,
   * or that `onMessage` threw on (dropped; the next one is written), or a connection that could
   * not start (retried); default `console.error`.
   */
  onError?(error: unknown): void;
}

/** One key read live: by how many readers, on which topic. */
interface Holder {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly topic: string;
  count: number;
}

/** One connection the manager keeps (per topic, or one shared), and its reconnection. */
interface Link {
  /** The topic of a per-topic connection. */
  readonly topic?: string;
  socket?: LiveSocket;
  status: 'connecting' | 'open' | 'reconnecting';
  /** Failed attempts since it was last open. */
  attempt: number;
  /** It was open, or tried, before: on opening, what it may have missed is refetched. */
  missed: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

type Live = LiveOptions | undefined;

const liveOf = (endpoint: EndpointInterface): Live => (endpoint as { live?: Live }).live;

/**
 * Server pushes kept in the store (docs/guide/live-data.md). Endpoints with a `live` option,
 * read live (`useLive`, `live`, `controller.keepLive`), are subscribed to while read: the first
 * reader of a topic subscribes, the last one to leave unsubscribes. A message is written as the
 * endpoint says (`live.schema`, else as its result); a dropped connection reconnects with
 * backoff and jitter, asks for its topics again and refetches what it may have missed. Opt in:
 * `createStore({ managers: [new LiveManager({ transport: sseTransport() })] })`.
 */
export class LiveManager implements Manager {
  private controller?: Controller;
  private readonly holders = new Map<string, Holder>();
  /** The keys read on each topic. */
  private readonly topicKeys = new Map<string, Set<string>>();
  /** Per topic (`perTopic` transports), or the one shared connection (under ''). */
  private readonly links = new Map<string, Link>();
  private readonly listeners = new Set<(status: LiveStatus) => void>();
  private current: LiveStatus = 'idle';
  private paused = false;
  private watching = false;

  constructor(private readonly options: LiveManagerOptions) {}

  middleware(controller: Controller) {
    this.controller = controller;
    return (next: Dispatch): Dispatch =>
      (action) => {
        if (action.type === 'subscribe') this.hold(action);
        else if (action.type === 'unsubscribe') this.release(action);
        return next(action);
      };
  }

  cleanup(): void {
    for (const topic of [...this.topicKeys.keys()]) this.removeTopic(topic);
    this.holders.clear();
  }

  /** The connection state now. */
  get status(): LiveStatus {
    return this.current;
  }

  /**
   * Calls `run` with the status now and at each change, until the returned function is called
   * (the Svelte store contract: `$live` in a component).
   */
  subscribe(run: (status: LiveStatus) => void): () => void {
    const listener = (status: LiveStatus) => run(status);
    this.listeners.add(listener);
    run(this.current);
    return () => this.listeners.delete(listener);
  }

  /** Topics subscribed to now. */
  topics(): string[] {
    return [...this.topicKeys.keys()];
  }

  private hold({ key, endpoint, args }: SubscribeAction): void {
    const live = liveOf(endpoint);
    if (!live) return;
    let holder = this.holders.get(key);
    if (!holder) {
      const topic =
        typeof live.topic === 'function'
          ? live.topic(...(args as never[]))
          : (live.topic ?? endpoint.key(...args));
      holder = { endpoint, args, topic, count: 0 };
      this.holders.set(key, holder);
      const keys = this.topicKeys.get(topic);
      if (keys) keys.add(key);
      else {
        this.topicKeys.set(topic, new Set([key]));
        this.addTopic(topic);
      }
    }
    holder.count += 1;
  }

  private release({ key, endpoint }: UnsubscribeAction): void {
    const holder = this.holders.get(key);
    if (!holder || !liveOf(endpoint)) return;
    holder.count -= 1;
    if (holder.count > 0) return;
    this.holders.delete(key);
    const keys = this.topicKeys.get(holder.topic);
    keys?.delete(key);
    if (keys?.size === 0) this.removeTopic(holder.topic);
  }

  private addTopic(topic: string): void {
    this.watch(true);
    const { perTopic } = this.options.transport;
    const existing = this.links.get('');
    if (!perTopic && existing) {
      if (existing.status === 'open') existing.socket?.subscribe?.(topic);
      return;
    }
    const link: Link = {
      topic: perTopic ? topic : undefined,
      status: 'connecting',
      attempt: 0,
      missed: false,
    };
    this.links.set(perTopic ? topic : '', link);
    this.connect(link);
  }

  private removeTopic(topic: string): void {
    this.topicKeys.delete(topic);
    const id = this.options.transport.perTopic ? topic : '';
    const link = this.links.get(id);
    if (link && (id !== '' || this.topicKeys.size === 0)) {
      this.links.delete(id);
      clearTimeout(link.timer);
      link.socket?.close();
    } else if (link?.status === 'open') link.socket?.unsubscribe?.(topic);
    if (this.topicKeys.size === 0) this.watch(false);
    this.update();
  }

  private connect(link: Link): void {
    link.timer = undefined;
    if (this.paused) {
      this.update();
      return;
    }
    link.status = link.missed ? 'reconnecting' : 'connecting';
    const owns = () => link.socket === socket && this.links.get(link.topic ?? '') === link;
    let socket: LiveSocket;
    try {
      socket = this.options.transport.connect(link.topic, {
        open: () => {
          if (owns()) this.opened(link);
        },
        message: (message) => {
          if (owns()) this.receive(message);
        },
        error: (error) => this.report(error),
        close: () => {
          if (owns()) this.dropped(link);
        },
      });
    } catch (error) {
      // A transport that cannot even start (a malformed URL): reported, and tried again later.
      this.report(error);
      this.dropped(link);
      return;
    }
    link.socket = socket;
    this.update();
  }

  private opened(link: Link): void {
    link.status = 'open';
    link.attempt = 0;
    const topics = link.topic === undefined ? this.topics() : [link.topic];
    for (const topic of link.topic === undefined ? topics : []) link.socket?.subscribe?.(topic);
    if (link.missed) this.refetch(topics);
    link.missed = true;
    this.update();
  }

  private dropped(link: Link): void {
    link.socket = undefined;
    link.status = 'reconnecting';
    link.missed = true;
    const { baseDelayMs = 500, maxDelayMs = 30_000 } = this.options.reconnect ?? {};
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** link.attempt);
    link.attempt += 1;
    link.timer = unrefTimer(
      setTimeout(() => this.connect(link), delay * (0.5 + Math.random() / 2)),
    );
    this.update();
  }

  /** Marks the results of these topics stale, and fetches them again (readers join the fetch). */
  private refetch(topics: readonly string[]): void {
    const controller = this.controller;
    if (!controller) return;
    const keys = new Set(topics.flatMap((topic) => [...(this.topicKeys.get(topic) ?? [])]));
    const holders = [...keys].flatMap((key) => this.holders.get(key) ?? []);
    void controller
      .expireAll({ testKey: (key) => keys.has(key) })
      .then(() => {
        for (const { endpoint, args } of holders) {
          controller.fetchIfStale(endpoint, ...(args as [])).catch(() => {});
        }
      })
      .catch(() => {});
  }

  /**
   * Writes a message as the endpoints read on its topic say (each schema once). Whatever goes
   * wrong (a frame that is no message, data that fits no schema, a throwing `onMessage`) is
   * reported and the message dropped: it must not escape from the socket's event handler.
   */
  private receive(message: LiveMessage): void {
    const controller = this.controller;
    if (!controller) return;
    const notMessage = () =>
      new TypeError(
        text(
          'TSR90',
          () =>
            process.env.NODE_ENV !== 'production' &&
            `A live message must be an object { topic, data } with a string topic; dropped (got ${describeValue(message)})`,
        ),
      );
    try {
      // Valid JSON need not be a message (`null`, `42`, `[1,2,3]` on a socket).
      if (
        message === null ||
        typeof message !== 'object' ||
        Array.isArray(message) ||
        typeof message.topic !== 'string'
      ) {
        throw notMessage();
      }
      // `onMessage` may take a topic alone (`{"topic":"stats"}`: something changed).
      if (this.options.onMessage?.(message, controller) === true) return;
      if (message.data === undefined) throw notMessage();
      const written = new Set<unknown>();
      for (const key of this.topicKeys.get(message.topic) ?? []) {
        const holder = this.holders.get(key);
        const schema = holder && liveOf(holder.endpoint)?.schema;
        if (!holder || written.has(schema ?? key)) continue;
        written.add(schema ?? key);
        // A schema's writes take no `null` (a response may be empty; a push says something).
        if (schema && message.data === null) {
          this.report(
            new SchemaError(
              describeSchema(schema),
              text('TSR08', () => process.env.NODE_ENV !== 'production' && 'expected an object'),
              null,
            ),
          );
          continue;
        }
        const write = schema
          ? controller.set(schema, message.data)
          : setResponse(controller, holder.endpoint, ...(holder.args as []), message.data);
        write.catch((error: unknown) => this.report(error));
      }
    } catch (error) {
      this.report(error);
    }
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error('Tessera LiveManager:', error);
  }

  /** Follows online/offline and visibility while a topic is read, when `pauseWhen` asks. */
  private watch(on: boolean): void {
    const { offline, hidden } = this.options.pauseWhen ?? {};
    if (on === this.watching || !(offline || hidden)) return;
    this.watching = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    if (offline) {
      globalThis[method]?.('online', this.check);
      globalThis[method]?.('offline', this.check);
    }
    if (hidden) globalThis.document?.[method]('visibilitychange', this.check);
    if (on) this.check();
    else this.paused = false;
  }

  private readonly check = (): void => {
    const { offline, hidden } = this.options.pauseWhen ?? {};
    const paused =
      (offline === true && globalThis.navigator?.onLine === false) ||
      (hidden === true && globalThis.document?.visibilityState === 'hidden');
    if (paused === this.paused) return;
    this.paused = paused;
    for (const link of this.links.values()) {
      clearTimeout(link.timer);
      if (paused) {
        link.socket?.close();
        link.socket = undefined;
        link.missed = true;
      } else this.connect(link);
    }
    this.update();
  };

  private update(): void {
    const statuses = [...this.links.values()].map((link) => link.status);
    const status: LiveStatus =
      statuses.length === 0
        ? 'idle'
        : this.paused
          ? 'paused'
          : ((['reconnecting', 'connecting'] as const).find((s) => statuses.includes(s)) ?? 'open');
    if (status === this.current) return;
    this.current = status;
    for (const listener of [...this.listeners]) listener(status);
  }
}
