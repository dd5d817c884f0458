import { NetworkError } from './NetworkError';

/**
 * A `429 Too Many Requests` or `503 Service Unavailable` whose `Retry-After` said when to try
 * again (HttpSemanticsManager, docs/guide/http.md#retry-after). Everything a NetworkError has,
 * and `retryAt`: when the next try is due (ms since the epoch), the same for every request to
 * that origin.
 */
export class RetryAfterError extends NetworkError {
  override name = 'RetryAfterError';
  declare readonly retryAt: number;

  constructor(error: NetworkError, retryAt: number) {
    super(error, `${error.message} (next try at ${new Date(retryAt).toISOString()})`, error.body);
    this.retryAt = retryAt;
  }
}
