// Public surface of @tessera/vanilla: plain-JavaScript readers over core's observers, bound to
// one store by `createTessera`, or called with any controller.

export {
  type CallState,
  type DLE,
  type ErrorLike,
  type InfiniteDLE,
  type InfiniteOptions,
  isAbortError,
  Listenable,
  suspense,
  type Unsubscribe,
} from '@tessera/core';
export { cache } from './cache';
export { dle, keepLive, live, subscription } from './dle';
export { infinite } from './infinite';
export { type Mutation, mutation } from './mutation';
export { query } from './query';
export { createTessera, type Tessera, type TesseraOptions } from './tessera';
