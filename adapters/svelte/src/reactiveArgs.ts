import { type Readable, readable, toStore } from 'svelte/store';

/**
 * One argument as a plain value, a Svelte store of it, or a thunk read with runes
 * (`() => ({ id })`, re-read when the state it reads changes). `null` means "not now".
 */
export type MaybeReactive<T> = T | Readable<T> | (() => T);

function isReadable(value: unknown): value is Readable<unknown> {
  // (A thunk is a function too: it is told apart first.)
  return typeof (value as { subscribe?: unknown } | null)?.subscribe === 'function';
}

/**
 * The argument list of an accessor as a store of tuples: `(endpoint, ...args)` with plain values,
 * or `(endpoint, storeOrThunk)` whose value is the first (usually the only) argument.
 */
export function argsStore<A extends readonly unknown[]>(args: readonly unknown[]): Readable<A> {
  const [first] = args;
  if (args.length === 1 && typeof first === 'function') {
    return toTuple(toStore(first as () => unknown));
  }
  if (args.length === 1 && isReadable(first)) return toTuple(first);
  return readable(args as A);
}

function toTuple<A extends readonly unknown[]>(source: Readable<unknown>): Readable<A> {
  return { subscribe: (run) => source.subscribe((value) => run([value] as unknown as A)) };
}
