import type { CollectionUpdate } from '../schema/CollectionUpdate';
import type { EndpointInterface, FetchResult } from './EndpointInterface';

// A collection's `push` and `unshift` take one entity or an array of them, and resolve to the
// same form (docs/reference/collections.md#derived-endpoints): the body's type says which.

type Last<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;
type Init<T extends readonly unknown[]> = T extends readonly [...infer I, unknown] ? I : never;

/** True for an endpoint that adds members to a Collection (`.push`, `.unshift`). */
type AddsMembers<E> = E extends { readonly schema: CollectionUpdate<never, 'push' | 'unshift'> }
  ? true
  : false;

/**
 * The arguments of an endpoint that adds members, with the body narrowed to an array (`many`)
 * or to one entity (`one`); `never` for every other endpoint, so only those match.
 */
export type AddArgs<E extends EndpointInterface, Form extends 'one' | 'many'> =
  AddsMembers<E> extends true
    ? readonly [
        ...Init<Parameters<E>>,
        Form extends 'many'
          ? Extract<Last<Parameters<E>>, readonly unknown[]>
          : Exclude<Last<Parameters<E>>, readonly unknown[]>,
      ]
    : never;

/** What such an endpoint resolves to for that form of body: the entity, or an array of them. */
export type AddResult<
  E extends EndpointInterface,
  Form extends 'one' | 'many',
> = Form extends 'many'
  ? Extract<FetchResult<E>, readonly unknown[]>
  : Exclude<FetchResult<E>, readonly unknown[]>;
