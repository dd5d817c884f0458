// Public surface of @tessera/vanilla: framework-free accessors over a Tessera store. The Vue and
// Svelte adapters wrap these, so the fetch/abort/poll rules live here once.

export { cache } from './cache';
export { type Client, type ClientOptions, createClient } from './createClient';
export { type DLEOptions, type DLEState, dle, live, observeDLE } from './dle';
export { type ErrorLike, isAbortError } from './errors';
export { Listenable, type Unsubscribe } from './Listenable';
export { suspense } from './suspense';
