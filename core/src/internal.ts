// `@tessera/core/internal`: for authors of managers and adapters, not for applications. Stable
// within a minor version, documented in docs/api/core-internal.md.

export { fixturePerformer } from './managers/fixtures';
export { callEndpoint, DEFAULT_GC_INTERVAL, defaultManagers } from './managers/index';
export { MAX_NORMALIZE_DEPTH } from './normalize/index';
export { noteFailure, retryFailure } from './observe/failures';
export { SharedListenable, toErrorLike } from './observe/index';
export { escapeLiterals, shortenPath } from './rest/index';
export {
  ArraySchema,
  CollectionUpdate,
  describeValue,
  findCollection,
  getOwn,
  INVALID,
  isEntityLike,
  ObjectSchema,
  replaceCollection,
  setOwn,
} from './schema/index';
export type * from './store/actions';
export { dispatchFetch } from './store/dispatchFetch';
export {
  DEFAULT_DATA_EXPIRY_LENGTH,
  DEFAULT_ERROR_EXPIRY_LENGTH,
  initialState,
  isFetchDue,
  isState,
  OptimisticAbort,
  Snapshot,
} from './store/index';
