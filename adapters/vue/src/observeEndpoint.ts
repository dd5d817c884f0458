import {
  type Controller,
  type DLE,
  type EndpointInterface,
  EndpointObserver,
  type ObserverOptions,
  type ResultOf,
} from '@tessera/core';
import {
  computed,
  getCurrentInstance,
  inject,
  onScopeDispose,
  onServerPrefetch,
  type ShallowRef,
  shallowRef,
  ssrContextKey,
  watch,
} from 'vue';
import { type ReactiveArgs, readArgs } from './args';
import { useController } from './tessera';

export interface ObservedEndpoint<E extends EndpointInterface> {
  readonly controller: Controller;
  readonly observer: EndpointObserver<E>;
  /** The observer's latest frozen snapshot (never made deep reactive). */
  readonly snapshot: ShallowRef<DLE<ResultOf<E>>>;
}

/** True while a component renders on the server (`renderToString` provides the SSR context). */
export function isServerRender(): boolean {
  return getCurrentInstance() !== null && inject(ssrContextKey, null) !== null;
}

/**
 * One endpoint observer tied to the current effect scope: reactive arguments go to `setArgs`,
 * snapshots come back into a shallow ref, and the observer stops with the scope. During a server
 * render nothing subscribes (no timers, nothing to stop): the snapshot is read once the
 * observer's promise settles.
 */
export function observeEndpoint<E extends EndpointInterface>(
  endpoint: E,
  args: ReactiveArgs<E>,
  options: ObserverOptions,
): ObservedEndpoint<E> {
  const controller = useController();
  const observer = new EndpointObserver(controller, endpoint, readArgs(args), options);
  const snapshot = shallowRef(observer.getSnapshot());
  // Registered in the browser too, where it never runs: Vue numbers `useId` per async boundary
  // and counts a component with this hook as one, so both sides must have it.
  if (options.mode !== 'cache' && getCurrentInstance()) {
    onServerPrefetch(() =>
      observer.promise().then(
        () => void (snapshot.value = observer.getSnapshot()),
        () => void (snapshot.value = observer.getSnapshot()),
      ),
    );
  }
  if (isServerRender()) return { controller, observer, snapshot };
  const stopListening = observer.listen((next) => {
    snapshot.value = next;
  });
  watch(
    () => readArgs(args),
    (next) => observer.setArgs(next),
  );
  onScopeDispose(() => {
    stopListening();
    observer.dispose();
  });
  return { controller, observer, snapshot };
}

/** A read-only ref of one field of the snapshot: it changes only when that field does. */
export function field<T, K extends keyof T>(source: ShallowRef<T>, key: K) {
  return computed(() => source.value[key]);
}
