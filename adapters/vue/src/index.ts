// Public surface of @tessera/vue: composables over core's endpoint observer, the plugin that
// provides the store, and an error boundary for <Suspense>. (The SSR state script is core's.)

export type { ErrorLike } from '@tessera/core';
export type { ReactiveArgs } from './args';
export { TesseraErrorBoundary } from './TesseraErrorBoundary';
export {
  createTessera,
  provideTessera,
  type Tessera,
  type TesseraOptions,
  useController,
  useTessera,
  withTessera,
} from './tessera';
export {
  type DLERefs,
  useCache,
  useDLE,
  useFetch,
  useKeepLive,
  useLive,
  useSubscription,
} from './useDLE';
export { type InfiniteRefs, useInfinite } from './useInfinite';
export { type Mutation, useMutation } from './useMutation';
export { useQuery } from './useQuery';
export { type SuspenseRef, useSuspense } from './useSuspense';
