// `@tessera/core/internal`: for authors of adapters, not for applications (what a reader or a
// manager of your own needs is public). Stable within a minor version, documented in
// docs/api/core-internal.md.

export { fixturePerformer } from './managers/fixtures';
export {
  callEndpoint,
  chooseManagers,
  DEFAULT_GC_INTERVAL,
  defaultManagers,
} from './managers/index';
export { MAX_NORMALIZE_DEPTH } from './normalize/index';
export { type TrackedCall, trackCalls } from './observe/CallTracker';
export { suspenseData } from './observe/EndpointObserver';
export { noteFailure, retryFailure } from './observe/failures';
export { escapeLiterals, shortenPath } from './rest/index';
export { message, warnInDevelopment } from './schema/development';
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
export { dispatchFetch } from './store/dispatchFetch';
export {
  DEFAULT_DATA_EXPIRY_LENGTH,
  DEFAULT_ERROR_EXPIRY_LENGTH,
  initialState,
  isState,
  OptimisticAbort,
  Snapshot,
} from './store/index';
export { gcAction, writeEntriesAction } from './store/writeCache';
