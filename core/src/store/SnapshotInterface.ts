import type { EndpointInterface, ResultOf } from './EndpointInterface';
import type { ExpiryStatus } from './ExpiryStatus';
import type { State } from './State';
import type { DenormalizeNullable, Schema } from './schemaTypes';

/** A cached result with its freshness. */
export interface ResponseMeta<T> {
  /** Denormalized data; undefined when missing or unusable. */
  data: T;
  expiryStatus: ExpiryStatus;
  /** Time the result becomes stale (0 when nothing is cached). */
  expiresAt: number;
  /** Count a reader of this result, keeping it from garbage collection; call the result to release. */
  countRef?: () => () => void;
}

/** What `controller.select(endpoint, ...args)` emits. */
export interface Selection<T> {
  data: T;
  expiryStatus: ExpiryStatus;
  expiresAt: number;
  /** The error to show (hidden by a soft error policy while data exists). */
  error: unknown;
  /** A fetch for this key is in flight. */
  loading: boolean;
}

/** Read-only view of one state, handed to `getOptimisticResponse`. */
export interface SnapshotInterface {
  readonly state: State;
  /** Time of the fetch this snapshot belongs to. */
  readonly fetchedAt: number;
  /** Throw it from `getOptimisticResponse` to skip the optimistic update. */
  readonly abort: Error;
  get<S extends Schema>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S>;
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): ResponseMeta<ResultOf<E>>;
  getResponseMeta<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): ResponseMeta<ResultOf<E>>;
  getError(endpoint: EndpointInterface, ...args: readonly unknown[]): unknown;
}
