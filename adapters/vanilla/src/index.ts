// Public surface of @tessera/vanilla: plain-JavaScript accessors over core's endpoint observer.

export {
  type ErrorLike,
  isAbortError,
  Listenable,
  suspense,
  type Unsubscribe,
} from '@tessera/core';
export { cache } from './cache';
export { type Client, type ClientOptions, createClient } from './createClient';
export { type DLEState, dle, live } from './dle';
