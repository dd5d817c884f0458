// @tessera/core/http: conditional requests (ETag, Last-Modified), Cache-Control and Expires,
// Retry-After, opt in (docs/guide/http.md). Apart from the main entry: an app that does not
// import it carries none of it.

export {
  HttpSemanticsManager,
  type HttpSemanticsOptions,
} from './managers/HttpSemanticsManager';
export { cacheDirectives, type Freshness, freshness, retryAfter } from './managers/httpHeaders';
export { RetryAfterError } from './rest/RetryAfterError';
