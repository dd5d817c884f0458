import type { ArgsOrNull, Controller, EndpointInterface, ResultOf } from '@tessera/core';
import { distinctUntilChanged, map } from 'rxjs';
import { Listenable } from './Listenable';

/**
 * What the store holds for an endpoint and arguments, as a `Listenable`: the current data at
 * once (undefined when missing or unusable), then every change by identity. Never fetches.
 * `null` arguments emit undefined.
 */
export function cache<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: ArgsOrNull<E>
): Listenable<ResultOf<E>> {
  return new Listenable<ResultOf<E>>((subscriber) =>
    controller
      .select(endpoint, ...args)
      .pipe(
        map((selection) => selection.data),
        distinctUntilChanged(),
      )
      .subscribe(subscriber),
  );
}
