import { Observable } from 'rxjs';
import { INVALID } from '../schema/INVALID';
import type { Controller } from './Controller';
import type { Selection } from './SnapshotInterface';
import type { DenormalizeNullable, Schema } from './schemaTypes';

/**
 * An observable of a schema query (what `controller.get(schema, ...args)` reads): emits its value
 * at once, then whenever a write changed it (by identity); a write to other entities costs it
 * nothing. Never fetches. `null` as the first argument emits undefined. A function rather than a
 * controller method: only the apps that read schemas this way carry it (`useQuery`, `query`).
 */
export function selectQuery<S extends Schema>(
  controller: Controller,
  schema: S,
  ...args: readonly unknown[]
): Observable<DenormalizeNullable<S> | undefined> {
  if (args[0] === null || controller.isDisposed) {
    // A disposed store changes no more: its value now, and the end.
    return new Observable((subscriber) => {
      subscriber.next(args[0] === null ? undefined : controller.get(schema, ...args));
      if (controller.isDisposed) subscriber.complete();
    });
  }
  return controller.hub.observeQuery((state) => {
    const read = controller.memo.query(schema as never, args as never[], state);
    const data = read.data === INVALID ? undefined : read.data;
    // Only `data` changes for a query; the other fields of a selection stay undefined.
    return {
      selection: { data } as Selection<unknown>,
      read: { deps: read.deps ?? [], paths: [] },
    };
  }) as Observable<DenormalizeNullable<S> | undefined>;
}
