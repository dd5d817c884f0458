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
export { type Infinite, type InfiniteCall, useInfinite } from './infinite.svelte.js';
export type { MaybeReactive } from './reactiveArgs.js';
export {
  type Cached,
  type EndpointCall,
  type Mutation,
  type SuspenseResult,
  useCache,
  useDLE,
  useFetch,
  useLive,
  useMutation,
  useQuery,
  useSubscription,
  useSuspense,
} from './runes.svelte.js';
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
