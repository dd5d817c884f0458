// Public surface of @tessera/svelte: context set-up, Svelte stores ($store) and Svelte 5 runes,
// each a thin layer over core's observers.

export type { DLE, ErrorLike } from '@tessera/core';
export { retryBoundary } from './boundary.js';
export {
  createTessera,
  getTessera,
  setTessera,
  type Tessera,
  type TesseraOptions,
  tesseraContext,
} from './context.js';
export type { EndpointCall } from './observeEndpoint.js';
export type { MaybeReactive } from './reactiveArgs.js';
export {
  cacheStore,
  type DLEStore,
  dleStore,
  type InfiniteStore,
  infiniteStore,
  liveStore,
  type MutationStore,
  mutationStore,
  queryStore,
  type ReactiveArgs,
  suspenseStore,
} from './stores.js';
// The runes, one per file, each on the base in observe.svelte.ts.
export { type Cached, useCache } from './useCache.js';
export { useDLE } from './useDLE.js';
export { useFetch } from './useFetch.js';
export { type Infinite, type InfiniteCall, useInfinite } from './useInfinite.js';
export { useKeepLive } from './useKeepLive.js';
export { useLive } from './useLive.js';
export { type Mutation, useMutation } from './useMutation.js';
export { useQuery } from './useQuery.js';
export { useSubscription } from './useSubscription.js';
export { type SuspenseResult, useSuspense } from './useSuspense.svelte.js';
