/** One pushed message: the topic it came on and its data (decoded). */
export interface LiveMessage {
  readonly topic: string;
  readonly data: unknown;
}

/** What a connection tells the `LiveManager`. */
export interface LiveHandlers {
  open(): void;
  message(message: LiveMessage): void;
  /** A message that could not be decoded (it is dropped). */
  error(error: unknown): void;
  /** The connection dropped or could not open: the manager reconnects with backoff. */
  close(): void;
}

/** One open (or opening) connection of a transport. */
export interface LiveSocket {
  /** Asks for a topic on a shared connection (sent again after each reconnect). */
  subscribe?(topic: string): void;
  unsubscribe?(topic: string): void;
  /** Closes it for good: no handler is called afterwards. */
  close(): void;
}

/**
 * How a `LiveManager` reaches the server. A transport `perTopic` (Server-Sent Events) opens one
 * connection per topic; otherwise one connection carries every topic, asked for by messages
 * (WebSocket). Built in: `sseTransport`, `webSocketTransport`.
 */
export interface LiveTransport {
  readonly perTopic: boolean;
  /** Opens a connection: for `topic` when `perTopic`, else for every topic (`undefined`). */
  connect(topic: string | undefined, handlers: LiveHandlers): LiveSocket;
}

/** Decodes text, reporting what does not decode instead of throwing from an event handler. */
export function decoded<T>(decode: () => T, handlers: LiveHandlers): T | undefined {
  try {
    return decode();
  } catch (error) {
    handlers.error(error);
    return undefined;
  }
}
