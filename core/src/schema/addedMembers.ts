import type { CollectionUpdate } from './CollectionUpdate';

// A collection's `push` and `unshift` take one entity or an array of them and resolve to the
// same form (docs/reference/collections.md#derived-endpoints): the body's type says which
// (`controller.fetch` is typed by it).

type Last<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;
type Init<T extends readonly unknown[]> = T extends readonly [...infer I, unknown] ? I : never;

/** One entity or several. */
export type AddForm = 'one' | 'many';

/**
 * The arguments `A` of an endpoint whose schema `S` adds members to a Collection (`.push`,
 * `.unshift`), with the body (the last argument) narrowed to an array (`many`) or to one entity
 * (`one`); `never` for every other endpoint, so a signature taking them matches only those.
 */
export type AddArgs<
  S,
  A extends readonly unknown[],
  Form extends AddForm,
> = S extends CollectionUpdate & {
  readonly mode: 'push' | 'unshift';
}
  ? readonly [
      ...Init<A>,
      Form extends 'many'
        ? Extract<Last<A>, readonly unknown[]>
        : Exclude<Last<A>, readonly unknown[]>,
    ]
  : never;

/** What such an endpoint resolves to (`R`: one entity or an array) for that form of body. */
export type AddResult<R, Form extends AddForm> = Form extends 'many'
  ? Extract<R, readonly unknown[]>
  : Exclude<R, readonly unknown[]>;
