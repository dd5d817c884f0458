import type { Controller, Dispatch, Manager } from '../store';
import { performWithPolicy, type RequestPolicy } from './requestPolicy';

/** Options of `new RetryManager()`: store-wide defaults, which an endpoint's own options win over. */
export type RetryManagerOptions = RequestPolicy;

/**
 * Retries and timeouts, opt in: `createStore({ managers: [new RetryManager({ timeout, retry })] })`.
 * With it, endpoints' `timeout` and `retry` options (and these store-wide ones) apply; without
 * it, a store carries none of this code, and only endpoints that apply their own timeout (a
 * RestEndpoint) have one (see docs/guide/features.md).
 */
export class RetryManager implements Manager {
  private readonly policy: RequestPolicy;

  constructor(options: RetryManagerOptions = {}) {
    this.policy = { timeout: options.timeout, retry: options.retry };
  }

  middleware(controller: Controller) {
    controller.features.request = (attempt, endpoint, signal) =>
      performWithPolicy(attempt, endpoint, signal, this.policy);
    return (next: Dispatch): Dispatch => next;
  }

  cleanup(): void {}
}
