import {
  type EndpointArgs,
  type EndpointInterface,
  EndpointObserver,
  type ObserveMode,
} from '@tessera/core';
import { observe } from './observe.svelte.js';

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
