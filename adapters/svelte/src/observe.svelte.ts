import type { Controller } from '@tessera/core';
import { untrack } from 'svelte';
import { createSubscriber } from 'svelte/reactivity';
import { getTessera } from './context.js';

/** What the base needs of one of core's observers (`EndpointObserver`, `QueryObserver`, ...). */
export interface Observer<T> {
  getSnapshot(): T;
  listen(listener: (value: T) => void): () => void;
}

/** The snapshot type of an observer. */
export type SnapshotOf<O> = O extends Observer<infer T> ? T : never;

/**
 * A getter that makes the reading effect re-run whenever the reader emits a new snapshot. The
 * subscription lives while some effect reads it (`createSubscriber`); on the server it is a no-op.
 */
export function tracked<T>(reader: Observer<T>): () => T {
  const subscribe = createSubscriber((update) => {
    let seen = reader.getSnapshot();
    return reader.listen((snapshot) => {
      if (snapshot === seen) return; // the current value, replayed on subscription
      seen = snapshot;
      update();
    });
  });
  return () => {
    subscribe();
    return reader.getSnapshot();
  };
}

/**
 * The one wiring of a core observer to Svelte, which every rune is built on (as svelte-query's
 * `createBaseQuery(options, Observer)`). `create` makes the observer from what the thunk first
 * returns: a target (an endpoint, a schema) and its arguments. Whenever the state the thunk reads
 * changes, `update` hands the observer the new target and arguments. Snapshots are read through
 * `tracked`: subscribed while some effect reads them.
 */
export function observe<K, A extends readonly unknown[], O extends Observer<unknown>>(
  call: () => readonly [K, ...A],
  create: (controller: Controller, target: K, args: A) => O,
  update: (observer: O, target: K, args: A) => void,
): { controller: Controller; observer: O; read: () => SnapshotOf<O> } {
  const { controller } = getTessera();
  const [target, ...args] = untrack(call);
  const observer = create(controller, target, args as unknown as A);
  $effect.pre(() => {
    const [next, ...nextArgs] = call();
    update(observer, next, nextArgs as unknown as A);
  });
  return { controller, observer, read: tracked(observer) as () => SnapshotOf<O> };
}

/**
 * `into` with one reactive property per field of `fields` (an observer's snapshot) that it does
 * not define itself: each reads the current snapshot.
 */
export function view<T extends object>(read: () => T, fields: T, into: object = {}): T {
  for (const key of Object.keys(fields)) {
    if (!(key in into)) {
      Object.defineProperty(into, key, { get: () => read()[key as keyof T], enumerable: true });
    }
  }
  return into as T;
}

/**
 * Holds the observer while the component lives, whether or not anything reads it: it fetches
 * (and keeps it live, in `'live'` mode) until the component is destroyed, which withdraws its fetch.
 */
export function hold(observer: Observer<unknown>): void {
  $effect.pre(() => observer.listen(() => {}));
}
