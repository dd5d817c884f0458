import {
  type ComputedRef,
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

/** What the base needs of one of core's observers (`EndpointObserver`, `QueryObserver`, ...). */
export interface Observer<T, A> {
  getSnapshot(): T;
  setArgs(args: A): void;
  listen(listener: (value: T) => void): () => void;
  dispose(): void;
  /** What a server render awaits before it reads the snapshot (readers that fetch). */
  promise?(): Promise<unknown>;
}

/** True while a component renders on the server (`renderToString` provides the SSR context). */
export function isServerRender(): boolean {
  return getCurrentInstance() !== null && inject(ssrContextKey, null) !== null;
}

/**
 * The one wiring of a core observer to Vue, which every composable is built on (as vue-query's
 * `useBaseQuery(QueryObserver, ...)`): snapshots come into a shallow ref (frozen, never made deep
 * reactive), `args` is watched into `setArgs`, and the observer is disposed with the effect scope.
 * During a server render nothing subscribes (no timers, nothing to stop): with `prefetch`, the
 * snapshot is read once the observer's promise settles.
 */
export function useObserver<T, A>(
  observer: Observer<T, A>,
  args: () => A,
  prefetch: boolean,
): ShallowRef<T> {
  const snapshot = shallowRef(observer.getSnapshot());
  const read = () => void (snapshot.value = observer.getSnapshot());
  // Registered in the browser too, where it never runs: Vue numbers `useId` per async boundary
  // and counts a component with this hook as one, so both sides must have it.
  if (prefetch && observer.promise && getCurrentInstance()) {
    onServerPrefetch(() => observer.promise?.().then(read, read));
  }
  if (isServerRender()) return snapshot;
  observer.listen((next) => {
    snapshot.value = next;
  });
  watch(args, (next) => observer.setArgs(next));
  // Disposing also ends the listening above.
  onScopeDispose(() => observer.dispose());
  return snapshot;
}

/** One read-only ref per field of the snapshot: each changes only when its field does. */
export function snapshotRefs<T extends object>(
  snapshot: ShallowRef<T>,
): { readonly [K in keyof T]: ComputedRef<T[K]> } {
  const keys = Object.keys(snapshot.value) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, computed(() => snapshot.value[key])])) as {
    readonly [K in keyof T]: ComputedRef<T[K]>;
  };
}
