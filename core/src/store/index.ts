export {
  Controller,
  type ControllerOptions,
  DEFAULT_DATA_EXPIRY_LENGTH,
  DEFAULT_ERROR_EXPIRY_LENGTH,
  type ResolveMeta,
  type StoreChange,
  StoreDisposedError,
} from './Controller';
export type {
  EndpointArgs,
  EndpointInterface,
  ErrorPolicy,
  FetchResult,
  ResultOf,
  RetryOption,
  RetryOptions,
} from './EndpointInterface';
export { ExpiryStatus } from './ExpiryStatus';
export { type FetchDueInput, isFetchDue } from './fetchDue';
export type { Dispatch, Manager } from './Manager';
export { resetEntireStore } from './resetEntireStore';
export type { KeyReaders, LiveReferences } from './SelectionHub';
export { OptimisticAbort, Snapshot } from './Snapshot';
export type { ResponseMeta, Selection, SnapshotInterface } from './SnapshotInterface';
export {
  type CacheState,
  initialState,
  isState,
  type OptimisticEntry,
  type ResultMeta,
  type State,
  type WriteMeta,
} from './State';
export type { CreateStoreOptions, GcOptions, Store } from './Store';
export type { Denormalize, DenormalizeNullable, Schema } from './schemaTypes';
export { selectQuery } from './selectQuery';
export { setError, setResponse } from './setResponse';
