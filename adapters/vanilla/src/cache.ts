import {
  type Controller,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  Listenable,
  type ResultOf,
} from '@tessera/core';

/**
 * What the store holds for an endpoint and arguments, as a `Listenable`: the current data at
 * once (undefined when missing or unusable), then every change by identity. Never fetches.
 */
export function cache<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...args: EndpointArgs<E>
): Listenable<ResultOf<E>> {
  const observer = new EndpointObserver(controller, endpoint, args, { mode: 'cache' });
  // The data of each snapshot, repeated values left out (what `map` + `distinctUntilChanged`
  // do, without carrying rxjs's operators into every app).
  return new Listenable<ResultOf<E>>((subscriber) => {
    let sent = false;
    let last: ResultOf<E> | undefined;
    return observer.subscribe({
      next(snapshot) {
        if (sent && snapshot.data === last) return;
        sent = true;
        last = snapshot.data;
        subscriber.next(last as ResultOf<E>);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
  });
}
