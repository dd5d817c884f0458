import {
  type Controller,
  type DenormalizeNullable,
  type Listenable,
  type QueryArgs,
  QueryObserver,
  type Schema,
} from '@tessera/core';

/**
 * A schema query (`Todo` by pk, `new All(Todo)`, a `Query`...) as a `Listenable` of the
 * denormalized data: the current value at once, then each change by identity. Never fetches;
 * a `null` first argument reads undefined.
 */
export function query<S extends Schema>(
  controller: Controller,
  schema: S,
  ...args: QueryArgs
): Listenable<DenormalizeNullable<S> | undefined> {
  // Held through the plain schema type: the generic result type is too deep to instantiate here.
  return new QueryObserver<Schema>(controller, schema, args) as Listenable<
    DenormalizeNullable<S> | undefined
  >;
}
