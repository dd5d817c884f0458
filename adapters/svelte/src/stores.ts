import {
  type DenormalizeNullable,
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type FetchResult,
  type ObserverOptions,
  type QueryArgs,
  QueryObserver,
  type ResultOf,
  type Schema,
  suspense,
} from '@tessera/core';
import { derived, type Readable } from 'svelte/store';
import { getTessera } from './context.js';
import { argsStore, type MaybeReactive } from './reactiveArgs.js';
import { type Reader, readerStore } from './readerStore.js';

/**
 * Arguments of a store accessor: the endpoint's own arguments, or `[null]` ("not now"), or one
 * Svelte store or thunk whose value is the first argument (or `null`).
 */
export type StoreArgs<E extends EndpointInterface> =
  | EndpointArgs<E>
  | readonly [MaybeReactive<EndpointArgs<E>[0]>];

/** Readable of one endpoint's `{ data, loading, error, previous }`; use it as `$todo`. */
export type EndpointStore<E extends EndpointInterface> = Readable<DLE<ResultOf<E>>>;

function observe<E extends EndpointInterface>(
  endpoint: E,
  args: StoreArgs<E>,
  options: ObserverOptions,
): EndpointStore<E> {
  const { controller } = getTessera();
  const observer = new EndpointObserver(controller, endpoint, [null] as EndpointArgs<E>, options);
  return readerStore(observer, argsStore<EndpointArgs<E>>(args));
}

/**
 * `{ data, loading, error, previous }` of an endpoint as a Svelte store: fetches when the data is
 * missing or stale, then follows the store. Call it during component initialisation.
 */
export function endpointStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: StoreArgs<E>
): EndpointStore<E> {
  return observe(endpoint, args, {});
}

/** `endpointStore` that also polls at the endpoint's `pollFrequency` while subscribed. */
export function liveStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: StoreArgs<E>
): EndpointStore<E> {
  return observe(endpoint, args, { mode: 'poll' });
}

/** `endpointStore` that never fetches nor polls: what the cache holds. */
export function cacheStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: StoreArgs<E>
): EndpointStore<E> {
  return observe(endpoint, args, { mode: 'cache' });
}

/** A schema query (`Todo` by pk, `new All(Todo)`, a `Query`) as it changes. Never fetches. */
export function queryStore<S extends Schema>(
  schema: S,
  ...args: readonly unknown[]
): Readable<DenormalizeNullable<S> | undefined> {
  const { controller } = getTessera();
  // Typed by the signature: the generic result type is too deep to instantiate here.
  const observer: Reader<unknown, QueryArgs> = new QueryObserver<Schema>(controller, schema, [
    null,
  ]);
  return readerStore(observer, argsStore<QueryArgs>(args)) as Readable<
    DenormalizeNullable<S> | undefined
  >;
}

/**
 * A store of promises for `{#await $todo then todo}`: a new promise each time the arguments change
 * (resolving at once from fresh cached data). The awaited value is the data at that moment; read
 * `endpointStore` inside the block to follow later changes.
 */
export function suspenseStore<E extends EndpointInterface>(
  endpoint: E,
  ...args: StoreArgs<E>
): Readable<Promise<FetchResult<E> | undefined>> {
  const { controller } = getTessera();
  return derived(argsStore<EndpointArgs<E>>(args), (current) =>
    suspense(controller, endpoint, ...current),
  );
}
