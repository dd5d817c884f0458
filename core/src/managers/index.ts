export { chooseManagers, createStore, defaultManagers } from './createStore';
export { DEFAULT_GC_INTERVAL, GCManager } from './GCManager';
export { LiveManager, type LiveManagerOptions, type LiveStatus } from './LiveManager';
export type { LiveHandlers, LiveMessage, LiveSocket, LiveTransport } from './liveTransport';
export {
  callEndpoint,
  NetworkManager,
  type NetworkManagerOptions,
  type PerformRequest,
  ResetError,
} from './NetworkManager';
export { olderBy } from './olderBy';
export { PollingManager } from './PollingManager';
export { RetryManager, type RetryManagerOptions } from './RetryManager';
export type { RequestPolicy } from './requestPolicy';
export { type EventSourceLike, type SseTransportOptions, sseTransport } from './sseTransport';
export {
  type WebSocketLike,
  type WebSocketTransportOptions,
  webSocketTransport,
} from './webSocketTransport';
