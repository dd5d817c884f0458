export { chooseManagers, createStore, defaultManagers } from './createStore';
export { DEFAULT_GC_INTERVAL, GCManager } from './GCManager';
export {
  callEndpoint,
  NetworkManager,
  type NetworkManagerOptions,
  type PerformRequest,
  ResetError,
} from './NetworkManager';
export { PollingManager } from './PollingManager';
export { RetryManager, type RetryManagerOptions } from './RetryManager';
export type { RequestPolicy } from './requestPolicy';
