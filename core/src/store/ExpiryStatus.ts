/**
 * How usable a cached result is. Staleness is a separate question, answered by `expiresAt`:
 * a result is stale once `expiresAt < now`.
 * - `Invalid`: unusable (missing, invalidated, or an invalidated required entity): fetch before use.
 * - `InvalidIfStale`: usable only while fresh (`invalidIfStale` endpoints, or only an error is cached).
 * - `Valid`: usable even when stale (stale-while-revalidate).
 */
export enum ExpiryStatus {
  Invalid = 1,
  InvalidIfStale = 2,
  Valid = 3,
}
