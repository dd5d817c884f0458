import {
  type DLE,
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type ObserveMode,
  type ResultOf,
} from '@tessera/core';
import { observe, view } from './observe.svelte.js';

/** What a rune's thunk returns: an endpoint and its arguments (or `null`: "not now"). */
export type EndpointCall<E extends EndpointInterface> =
  | readonly [E, ...EndpointArgs<E>]
  | readonly [E, EndpointArgs<E>[0]];

/** An `EndpointObserver` on the base (`observe`): it follows a changed endpoint too. */
export function observeEndpoint<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
  mode: ObserveMode,
) {
  return observe<E, EndpointArgs<E>, EndpointObserver<E>>(
    call as () => readonly [E, ...EndpointArgs<E>],
    (controller, endpoint, args) => new EndpointObserver(controller, endpoint, args, { mode }),
    (observer, endpoint, args) => observer.setEndpoint(endpoint, args),
  );
}

/** The snapshot's fields as reactive properties (`useDLE`, `useLive`). */
export function endpointView<E extends EndpointInterface>(
  call: () => EndpointCall<E>,
  mode: ObserveMode,
): DLE<ResultOf<E>> {
  const { observer, read } = observeEndpoint(call, mode);
  return view(read, observer.getSnapshot());
}
