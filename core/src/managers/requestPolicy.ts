import { withTimeout } from '../rest/requestInit';
import type { EndpointInterface, RetryOption } from '../store';
import type { Attempt } from '../store/Features';
import { sleep } from './sleep';

/** The store-wide request options (`new RetryManager({ timeout, retry })`), off unless set. */
export interface RequestPolicy {
  /** Fail a request that takes longer than this many ms with `TimeoutError`. */
  readonly timeout?: number;
  /** Retry failed GETs (never mutations: an endpoint's own `retry` is needed for those). */
  readonly retry?: RetryOption;
}

interface Retries {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

const DEFAULT_RETRIES: Retries = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * Runs a request under the endpoint's (else the store's) timeout and retry options. Each
 * attempt gets its own timeout. Between attempts it waits, cancelled by `signal` (abort, reset,
 * dispose): the request stays in flight meanwhile, so readers see it as loading.
 */
export async function performWithPolicy(
  attempt: Attempt,
  endpoint: EndpointInterface,
  signal: AbortSignal,
  policy: RequestPolicy,
  random: () => number = Math.random,
): Promise<unknown> {
  const timeout = endpoint.timeout ?? policy.timeout;
  const retries = retriesFor(endpoint, policy);
  for (let done = 0; ; done++) {
    try {
      // Each attempt has its own time; the network manager turns running out of it into a
      // TimeoutError (status 504, retried like a 5xx).
      return await withTimeout(timeout, signal, (withTime) => attempt(withTime ?? signal));
    } catch (error) {
      if (signal.aborted || retries === undefined || done >= retries.attempts) throw error;
      if (!isRetryable(error)) throw error;
      await sleep(retryDelay(done, retries, random), signal);
    }
  }
}

/** The endpoint's own retry option (any method), else the store's (GETs only). */
function retriesFor(endpoint: EndpointInterface, policy: RequestPolicy): Retries | undefined {
  const option =
    endpoint.retry !== undefined ? endpoint.retry : endpoint.sideEffect ? undefined : policy.retry;
  if (option === undefined || option === false || option === 0) return undefined;
  if (option === true) return DEFAULT_RETRIES;
  if (typeof option === 'number') return { ...DEFAULT_RETRIES, attempts: option };
  return { ...DEFAULT_RETRIES, ...option };
}

/** Server errors, and failures that stand for them (ConnectionError 500, TimeoutError 504). */
function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 500;
}

/**
 * Exponential backoff with "equal jitter": half of `base · 2^retry` (capped), plus a random
 * part up to the other half, so clients that failed together do not retry together.
 */
export function retryDelay(retry: number, retries: Retries, random: () => number): number {
  const ceiling = Math.min(retries.maxDelayMs, retries.baseDelayMs * 2 ** retry);
  return ceiling / 2 + random() * (ceiling / 2);
}
