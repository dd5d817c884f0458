// @tessera/core/live: server pushes (Server-Sent Events, WebSocket) kept in the store, opt in
// (docs/guide/live-data.md). Apart from the main entry: an app that does not import it carries
// none of it.

export { LiveManager, type LiveManagerOptions, type LiveStatus } from './managers/LiveManager';
export type {
  LiveHandlers,
  LiveMessage,
  LiveSocket,
  LiveTransport,
} from './managers/liveTransport';
export { olderBy } from './managers/olderBy';
export {
  type EventSourceLike,
  type SseTransportOptions,
  sseTransport,
} from './managers/sseTransport';
export {
  type WebSocketLike,
  type WebSocketTransportOptions,
  webSocketTransport,
} from './managers/webSocketTransport';
