import {
  type Controller,
  type DenormalizeNullable,
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type ErrorLike,
  type FetchResult,
  type ObserverOptions,
  type QueryArgs,
  QueryObserver,
  type ResultOf,
  type Schema,
} from '@tessera/core';
import { noteFailure } from '@tessera/core/internal';
import { untrack } from 'svelte';
import { createSubscriber } from 'svelte/reactivity';
import { getTessera } from './context.js';
import { type MutationCall, trackMutation } from './mutation.js';
import type { Reader } from './readerStore.js';

/** What a rune's thunk returns: an endpoint and its arguments (or `null`: "not now"). */
export type EndpointCall<E extends EndpointInterface> =
  | readonly [E, ...EndpointArgs<E>]
  | readonly [E, EndpointArgs<E>[0]];

/**
 * A getter that makes the reading effect re-run whenever the reader emits a new snapshot. The
 * subscription lives while some effect reads it (`createSubscriber`); on the server it is a no-op.
 */
export function tracked<T>(reader: Pick<Reader<T, never>, 'getSnapshot' | 'listen'>): () => T {
  const subscribe = createSubscriber((update) => {
    let seen = reader.getSnapshot();
    return reader.listen((snapshot) => {
      if (snapshot === seen) return; // the current value, replayed on subscription
      seen = snapshot;
      update();
    });
  });
  return () => {
    subscribe();
    return reader.getSnapshot();
  };
}

function observe<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
  options: ObserverOptions,
): {
  controller: Controller;
  observer: EndpointObserver<E>;
  read: () => DLE<ResultOf<E>>;
} {
  const { controller } = getTessera();
  const [endpoint, ...args] = untrack(call);
  const observer = new EndpointObserver(controller, endpoint, args as EndpointArgs<E>, options);
  // Runs again whenever the state the thunk reads changes; same endpoint and key do nothing.
  $effect.pre(() => {
    const [nextEndpoint, ...nextArgs] = call();
    observer.setEndpoint(nextEndpoint, nextArgs as EndpointArgs<E>);
  });
  return { controller, observer, read: tracked(observer) };
}

/**
 * Reactive properties over the reader's snapshots. With `thrown` (suspense), reading `data`
 * throws its error (after passing it to `thrown`), and keeps the data it showed while an
 * invalidated result refetches: a mounted component cannot suspend again.
 */
function snapshotView<T>(read: () => DLE<T>, thrown?: (error: ErrorLike) => void): DLE<T> {
  let shown: T | undefined;
  return {
    get data() {
      const { data, error, loading } = read();
      if (!thrown) return data;
      if (error) {
        thrown(error);
        throw error;
      }
      if (data !== undefined || !loading) shown = data;
      return shown as T;
    },
    get loading() {
      return read().loading;
    },
    get error() {
      return read().error;
    },
    get previous() {
      return read().previous;
    },
    get paused() {
      return read().paused;
    },
  };
}

/**
 * `{ data, loading, error, previous }` of an endpoint, as reactive properties:
 * `const todo = useDLE(() => [TodoResource.get, { id }])`. Fetches when the data is missing or
 * stale, follows the store, and switches arguments when the state the thunk reads changes.
 */
export function useDLE<E extends EndpointInterface>(call: () => EndpointCall<E>): DLE<ResultOf<E>> {
  return snapshotView(observe(call, {}).read);
}

/** `useDLE` that also polls at the endpoint's `pollFrequency` while read. */
export function useLive<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): DLE<ResultOf<E>> {
  return snapshotView(observe(call, { mode: 'poll' }).read);
}

/** What the cache readers (`useCache`, `useQuery`) give: the data, as a reactive property. */
export interface Cached<T> {
  readonly data: T;
}

/** The data the cache holds for the endpoint and arguments, as it changes; never fetches. */
export function useCache<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): Cached<ResultOf<E>> {
  const { read } = observe(call, { mode: 'cache' });
  return {
    get data() {
      return read().data;
    },
  };
}

/**
 * Holds the reader while the component lives, whether or not anything reads it: it fetches (and
 * polls, in `'poll'` mode) until the component is destroyed, which withdraws its fetch.
 */
function hold(observer: Pick<Reader<unknown, never>, 'listen'>): void {
  $effect.pre(() => observer.listen(() => {}));
}

/**
 * Fetches when the data is due (missing, stale, invalid) without reading it: nothing re-renders
 * when the data changes. `loading` and `error` of the fetch, as reactive properties.
 */
export function useFetch<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): Pick<DLE<unknown>, 'loading' | 'error'> {
  const { observer, read } = observe(call, {});
  hold(observer);
  return {
    get loading() {
      return read().loading;
    },
    get error() {
      return read().error;
    },
  };
}

/** Keeps the endpoint polled at its `pollFrequency` while the component lives; reads nothing. */
export function useSubscription<E extends EndpointInterface>(call: () => EndpointCall<E>): void {
  hold(observe(call, { mode: 'poll' }).observer);
}

/**
 * A schema query (an Entity by primary key, `All`, `Query`...) as a reactive `data` property:
 * `const todo = useQuery(() => [Todo, { id }])`. Never fetches; `null` arguments read undefined.
 */
export function useQuery<S extends Schema>(
  call: () => readonly [S, ...QueryArgs],
): Cached<DenormalizeNullable<S> | undefined> {
  const { controller } = getTessera();
  const [schema, ...args] = untrack(call);
  // Read through the plain schema type: the generic result type is too deep to instantiate here.
  const observer = new QueryObserver<Schema>(controller, schema, args);
  $effect.pre(() => {
    const [nextSchema, ...nextArgs] = call();
    observer.setSchema(nextSchema, nextArgs);
  });
  const read = tracked<unknown>(observer);
  return {
    get data() {
      return read() as DenormalizeNullable<S> | undefined;
    },
  };
}

/** The result of `useSuspense` once usable: `data` throws a hard error to `<svelte:boundary>`. */
export interface SuspenseResult<T> extends DLE<T> {}

/**
 * Resolves once the data is usable, with an object that then follows the store like `useDLE`:
 * `const todo = await useSuspense(() => [TodoResource.get, { id }])` (Svelte's async mode), or
 * `{#await}` on the promise. Rejects with a hard error; a soft error with data resolves. Later
 * hard errors are thrown when `data` is read, so the nearest `<svelte:boundary>` shows them.
 */
export function useSuspense<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
): Promise<SuspenseResult<FetchResult<E>>> {
  const { controller, observer, read } = observe(call, {});
  // What a reader throws to `<svelte:boundary>` is noted, so `retryBoundary` fetches it anew.
  const result = snapshotView(read, (error) =>
    noteFailure(error, controller, observer.key),
  ) as SuspenseResult<FetchResult<E>>;
  // Destroyed while suspended: withdraw, so a request nobody else waits for is aborted.
  const withdraw = new AbortController();
  // (`$effect.pre` runs at once; `onDestroy` never fires for a component still awaiting.)
  $effect.pre(() => () => withdraw.abort());
  const key = observer.key;
  const usable = observer.promise(withdraw.signal).then(
    () => result,
    (error: unknown) => {
      if (!withdraw.signal.aborted) noteFailure(error, controller, key);
      throw error;
    },
  );
  usable.catch(() => {}); // a withdrawn promise has nobody left to reject to
  return usable;
}

/** Loading and error of a mutation, as reactive properties, and `run` / `runAsync` to call it. */
export interface Mutation<A extends readonly unknown[], R> {
  /** Calls the mutation from a handler: never rejects; a failure shows in `error`. */
  readonly run: (...args: A) => void;
  /** Calls the mutation; returns that call's own promise, which rejects when it fails. */
  readonly runAsync: (...args: A) => Promise<R>;
  readonly loading: boolean;
  readonly error: ErrorLike | undefined;
}

/**
 * Tracks calls of a mutation: an endpoint (`run(...args)` is `controller.fetch(endpoint, ...args)`)
 * or any async function. `loading` while a call is in flight; `error` of the latest settled call.
 */
export function useMutation<E extends EndpointInterface>(
  endpoint: E,
): Mutation<Parameters<E>, FetchResult<E>>;
export function useMutation<A extends readonly unknown[], R>(
  call: (...args: A) => Promise<R>,
): Mutation<A, R>;
export function useMutation(call: MutationCall): Mutation<never[], unknown> {
  const tracker = trackMutation(call);
  const read = tracked(tracker);
  return {
    run: (...args) => tracker.run(...args),
    runAsync: (...args) => tracker.runAsync(...args),
    get loading() {
      return read().loading;
    },
    get error() {
      return read().error;
    },
  };
}
