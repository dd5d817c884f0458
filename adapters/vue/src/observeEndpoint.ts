import {
  type Controller,
  type DLE,
  type EndpointInterface,
  EndpointObserver,
  type ObserveMode,
  type ResultOf,
} from '@tessera/core';
import type { ShallowRef } from 'vue';
import { type ReactiveArgs, readArgs } from './args';
import { useController } from './tessera';
import { useObserver } from './useObserver';

export interface ObservedEndpoint<E extends EndpointInterface> {
  readonly controller: Controller;
  readonly observer: EndpointObserver<E>;
  /** The observer's latest frozen snapshot (never made deep reactive). */
  readonly snapshot: ShallowRef<DLE<ResultOf<E>>>;
}

/** An `EndpointObserver` on the base (`useObserver`): reactive arguments, the current store. */
export function observeEndpoint<E extends EndpointInterface>(
  endpoint: E,
  args: ReactiveArgs<E>,
  mode: ObserveMode,
): ObservedEndpoint<E> {
  const controller = useController();
  const observer = new EndpointObserver(controller, endpoint, readArgs(args), { mode });
  const snapshot = useObserver(observer, () => readArgs(args), mode !== 'cache');
  return { controller, observer, snapshot };
}
