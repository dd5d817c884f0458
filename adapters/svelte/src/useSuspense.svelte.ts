import type { DLE, EndpointInterface, FetchResult } from '@tessera/core';
import { noteFailure, suspenseData } from '@tessera/core/internal';
import { view } from './observe.svelte.js';
import { type EndpointCall, observeEndpoint } from './observeEndpoint.js';

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
  const { controller, observer: current, read } = observeEndpoint(call, 'fetch');
  // Core's rule: a mounted component cannot suspend again, so the data shown stays while an
  // invalidated result refetches; a hard error throws, noted so `retryBoundary` fetches it anew.
  const shown = suspenseData(controller, current);
  const result = view(read, current.getSnapshot(), {
    get data() {
      return shown(read());
    },
  }) as SuspenseResult<FetchResult<E>>;
  // Destroyed while suspended: withdraw, so a request nobody else waits for is aborted.
  const withdraw = new AbortController();
  // (`$effect.pre` runs at once; `onDestroy` never fires for a component still awaiting.)
  $effect.pre(() => () => withdraw.abort());
  const key = current.key;
  const usable = current.promise(withdraw.signal).then(
    () => result,
    (error: unknown) => {
      if (!withdraw.signal.aborted) noteFailure(error, controller, key);
      throw error;
    },
  );
  usable.catch(() => {}); // a withdrawn promise has nobody left to reject to
  return usable;
}
