import {
  type ArgsOrNull,
  type Controller,
  type EndpointInterface,
  EndpointObserver,
  Listenable,
  type ResultOf,
} from '@tessera/core';
import { distinctUntilChanged, map } from 'rxjs';

/**
 * What the store holds for an endpoint and arguments, as a `Listenable`: the current data at
 * once (undefined when missing or unusable), then every change by identity. Never fetches.
 */
export function cache<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: ArgsOrNull<E>
): Listenable<ResultOf<E>> {
  const observer = new EndpointObserver(controller, endpoint, args, { mode: 'cache' });
  return new Listenable<ResultOf<E>>((subscriber) =>
    observer
      .pipe(
        map((snapshot) => snapshot.data),
        distinctUntilChanged(),
      )
      .subscribe(subscriber),
  );
}
