// Public surface of @tessera/core: what an application uses. What manager and adapter authors
// need besides (action types, state helpers, the fetch rule...) is in `@tessera/core/internal`;
// test tools (fixtures) are in `@tessera/core/testing`; live data (server pushes) is in
// `@tessera/core/live`.
// Types are exported freely; runtime values are listed one by one, so the entry stays small.

export type * from './managers/index';
export {
  createStore,
  GCManager,
  NetworkManager,
  PageManager,
  PollingManager,
  ResetError,
  RetryManager,
} from './managers/index';
export type * from './normalize/index';
// Normalizer (the API of @data-client/normalizr)
export { denormalize, MemoCache, normalize } from './normalize/index';
export type * from './observe/index';
// Readers: what adapters wrap, usable as they are, and what a reader of your own is built from
// (SharedListenable, toErrorLike, isFetchDue below)
export {
  CallTracker,
  EndpointObserver,
  InfiniteObserver,
  isAbortError,
  Listenable,
  QueryObserver,
  SharedListenable,
  suspense,
  toErrorLike,
} from './observe/index';
export type * from './rest/index';
// Endpoints
export {
  ConnectionError,
  NetworkError,
  ResponseParseError,
  ResponseValidationError,
  RestEndpoint,
  resource,
  TimeoutError,
  validateResponse,
} from './rest/index';
export type * from './schema/index';
// Schemas
export {
  All,
  Collection,
  Entity,
  errorToJSON,
  Invalidate,
  Query,
  SchemaError,
  schema,
  TesseraError,
  Union,
  unshift,
  Values,
} from './schema/index';
export type * from './ssr/index';
// Server rendering
export {
  dehydrate,
  hydrate,
  readStateScript,
  renderStateScript,
  STATE_SCRIPT_ID,
  serializeState,
} from './ssr/index';
export type * from './store/actions';
export type * from './store/index';
// The store; what a manager sees (the actions) and the rule a reader fetches by
export {
  Controller,
  ExpiryStatus,
  isFetchDue,
  resetEntireStore,
  StoreDisposedError,
  selectQuery,
  setError,
  setResponse,
} from './store/index';
