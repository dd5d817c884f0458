import { decoded, type LiveMessage, type LiveTransport } from './liveTransport';

/**
 * The part of `WebSocket` the transport uses (the browser's, or `ws` in Node). The handlers are
 * set, never read: typed `unknown` so that either class fits.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: unknown;
  onmessage: unknown;
  onclose: unknown;
  onerror: unknown;
  send(data: string): void;
  close(): void;
}

export interface WebSocketTransportOptions {
  /** The socket's URL (`ws:` or `wss:`), or a function returning it at each (re)connect. */
  url: string | (() => string);
  /** The message asking for a topic, or giving it up (default `{"type":"subscribe","topic":…}`). */
  encode?: (type: 'subscribe' | 'unsubscribe', topic: string) => string;
  /** A message from its text (default `JSON.parse`, expecting `{ topic, data }`); undefined skips it. */
  decode?: (text: string) => LiveMessage | undefined;
  /** The `WebSocket` class (default the global one; Node 20 has none: pass `ws`'s). */
  WebSocket?: new (
    url: string,
  ) => WebSocketLike;
}

const OPEN = 1;

/**
 * WebSocket: one socket for every topic, opened by the first reader and closed by the last.
 * Each topic is asked for with a message (again after every reconnect) and given up with
 * another; each message the server sends names its topic.
 */
export function webSocketTransport(options: WebSocketTransportOptions): LiveTransport {
  const {
    encode = (type, topic) => JSON.stringify({ type, topic }),
    decode = (text) => JSON.parse(text) as LiveMessage,
  } = options;
  return {
    perTopic: false,
    connect(_topic, handlers) {
      const Socket = options.WebSocket ?? (globalThis.WebSocket as never);
      const socket = new Socket(typeof options.url === 'function' ? options.url() : options.url);
      const send = (type: 'subscribe' | 'unsubscribe') => (topic: string) => {
        if (socket.readyState === OPEN) socket.send(encode(type, topic));
      };
      socket.onopen = () => handlers.open();
      socket.onmessage = (event: { data: unknown }) => {
        const message = decoded(() => decode(String(event.data)), handlers);
        if (message !== undefined) handlers.message(message);
      };
      socket.onclose = () => handlers.close();
      // A close event follows every error.
      socket.onerror = () => {};
      return {
        subscribe: send('subscribe'),
        unsubscribe: send('unsubscribe'),
        close() {
          socket.onopen = socket.onmessage = socket.onclose = null;
          socket.close();
        },
      };
    },
  };
}
