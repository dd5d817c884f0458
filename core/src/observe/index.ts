export { type CallState, CallTracker } from './CallTracker';
export {
  type DLE,
  EndpointObserver,
  type ObserveMode,
  type ObserverOptions,
} from './EndpointObserver';
export { type ErrorLike, isAbortError, toErrorLike } from './errors';
export {
  type InfiniteDLE,
  InfiniteObserver,
  type InfiniteOptions,
  type PagedEndpoint,
  type PageItem,
  type PageParamOf,
} from './InfiniteObserver';
export { Listenable, type Unsubscribe } from './Listenable';
export { type QueryArgs, QueryObserver } from './QueryObserver';
export { SharedListenable } from './SharedListenable';
export { suspense } from './suspense';
