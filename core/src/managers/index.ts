export { createStore, defaultManagers } from './createStore';
export {
  createFixtureStore,
  type Fixture,
  type FixtureOptions,
  type FixtureOrInterceptor,
  type FixtureStoreOptions,
  fixturePerformer,
  type Interceptor,
  MissingFixtureError,
  mockFixtures,
} from './fixtures';
export { DEFAULT_GC_INTERVAL, GCManager } from './GCManager';
export {
  callEndpoint,
  NetworkManager,
  type NetworkManagerOptions,
  type PerformRequest,
  ResetError,
} from './NetworkManager';
export { PollingManager } from './PollingManager';
