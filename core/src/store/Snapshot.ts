import { TesseraError } from '../schema/TesseraError';
import type { Controller } from './Controller';
import type { EndpointInterface, ResultOf } from './EndpointInterface';
import type { ResponseMeta, SnapshotInterface } from './SnapshotInterface';
import type { State } from './State';

/** Thrown by `getOptimisticResponse` (as `snap.abort`) to cancel its optimistic update. */
export class OptimisticAbort extends TesseraError {
  override readonly name = 'OptimisticAbort';
  constructor() {
    super('Optimistic update aborted');
  }
}

/** Reads of one fixed state through the controller (whose memo cache it shares). */
export class Snapshot implements SnapshotInterface {
  readonly abort: Error = new OptimisticAbort();

  constructor(
    private readonly controller: Controller,
    readonly state: State,
    readonly fetchedAt: number,
  ) {}

  /** Reads any queryable schema from this snapshot's state. */
  readonly get: SnapshotInterface['get'] = (schema, ...args) =>
    this.controller.get(schema, ...args, this.state) as never;

  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): ResponseMeta<ResultOf<E>> {
    return this.controller.getResponse(endpoint, ...(args as Parameters<E>), this.state);
  }

  getResponseMeta<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): ResponseMeta<ResultOf<E>> {
    return this.controller.getResponseMeta(endpoint, ...(args as Parameters<E>), this.state);
  }

  getError(endpoint: EndpointInterface, ...args: readonly unknown[]): unknown {
    return this.controller.getError(endpoint, ...args, this.state);
  }
}
