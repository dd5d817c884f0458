import type { EndpointArgs, EndpointInterface } from '@tessera/core';
import { type MaybeRefOrGetter, type Ref, toValue } from 'vue';

type Reactive<T extends readonly unknown[]> = { [K in keyof T]: MaybeRefOrGetter<T[K]> };

/**
 * Endpoint arguments as Vue code passes them: each a value, a ref or a getter
 * (`() => ({ id: props.id })`). A first argument that is or yields `null` means "not now".
 * A plain `{ id: props.id }` is read once: it does not follow `props`.
 */
export type ReactiveArgs<E extends EndpointInterface> =
  | readonly [...Reactive<Parameters<E>>]
  | readonly [MaybeRefOrGetter<Parameters<E>[0] | null>];

/** True when the arguments may mean "not now" (a first argument that can be null). */
export type MaybeNull<A extends readonly unknown[]> = A extends readonly []
  ? false
  : null extends Unwrapped<A[0]>
    ? true
    : false;

type Unwrapped<T> = T extends () => infer R ? R : T extends Ref<infer V> ? V : T;

/**
 * The current arguments: reads every ref and getter (`toValue`), so the caller tracks them. An
 * endpoint's (`ReactiveArgs<E>`) or a schema query's.
 */
export function readArgs<E extends EndpointInterface>(args: ReactiveArgs<E>): EndpointArgs<E>;
export function readArgs(args: readonly MaybeRefOrGetter<unknown>[]): readonly unknown[];
export function readArgs(args: readonly MaybeRefOrGetter<unknown>[]): readonly unknown[] {
  const values = args.map((arg) => toValue(arg));
  return values[0] === null ? [null] : values;
}
