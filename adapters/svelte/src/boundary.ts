import { retryFailure } from '@tessera/core/internal';

/**
 * The Retry of a `<svelte:boundary>`: fetches anew what failed with `error` (the results whose
 * error a reader threw; still fresh in the store for `errorExpiryLength`, a bare `reset` would
 * meet it again without a request), then calls `reset` to render the boundary's contents again.
 * `{#snippet failed(error, reset)}<button onclick={() => retryBoundary(error, reset)}>Retry</button>{/snippet}`,
 * or with the `reset` an `onerror` handler received.
 */
export function retryBoundary(error: unknown, reset: () => void): Promise<void> {
  return retryFailure(error).then(reset);
}
