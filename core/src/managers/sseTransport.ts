import { decoded, type LiveTransport } from './liveTransport';

/**
 * The part of `EventSource` the transport uses (the browser's, or a Node client's). The handlers
 * are set, never read: typed `unknown` so that any such class fits.
 */
export interface EventSourceLike {
  onopen: unknown;
  onmessage: unknown;
  onerror: unknown;
  close(): void;
}

export interface SseTransportOptions {
  /** The URL of a topic's event stream (default: the topic itself). */
  url?: (topic: string) => string;
  /** Sends cookies to another origin. */
  withCredentials?: boolean;
  /** A message's data from the event's text (default `JSON.parse`). */
  decode?: (text: string, topic: string) => unknown;
  /** The `EventSource` class (default the global one; Node 20 has none: pass a client's). */
  EventSource?: new (
    url: string,
    init?: { withCredentials?: boolean },
  ) => EventSourceLike;
}

/**
 * Server-Sent Events: one `EventSource` per topic, opened by its first reader and closed by its
 * last. Each `message` event is one message of the topic. The manager, not the browser,
 * reconnects a dropped stream (with backoff, then refetching what it may have missed).
 */
export function sseTransport(options: SseTransportOptions = {}): LiveTransport {
  const { url = (topic) => topic, decode = (text) => JSON.parse(text) } = options;
  return {
    perTopic: true,
    connect(topic = '', handlers) {
      const Source = options.EventSource ?? (globalThis.EventSource as never);
      const source = new Source(url(topic), { withCredentials: options.withCredentials === true });
      source.onopen = () => handlers.open();
      source.onmessage = (event: { data: string }) => {
        const data = decoded(() => decode(event.data, topic), handlers);
        if (data !== undefined) handlers.message({ topic, data });
      };
      // The browser would retry on its own, without backoff: the manager does it instead.
      source.onerror = () => {
        source.close();
        handlers.close();
      };
      return { close: () => source.close() };
    },
  };
}
