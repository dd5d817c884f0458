// Public surface of @tessera/svelte: context set-up, Svelte stores ($store) and Svelte 5 runes,
// each a thin layer over core's observers.

export type { DLE, ErrorLike } from '@tessera/core';
export { retryBoundary } from './boundary.js';
export { createTessera, getTessera, setTessera, tesseraContext } from './context.js';
export type { MaybeReactive } from './reactiveArgs.js';
export {
  type EndpointCall,
  type Mutation,
  type SuspenseResult,
  useCache,
  useDLE,
  useLive,
  useMutation,
  useQuery,
  useSuspense,
} from './runes.svelte.js';
export {
  cacheStore,
  type EndpointStore,
  endpointStore,
  liveStore,
  queryStore,
  type StoreArgs,
  suspenseStore,
} from './stores.js';
