import {
  type DenormalizeNullable,
  type QueryArgs,
  QueryObserver,
  type Schema,
} from '@tessera/core';
import { observe } from './observe.svelte.js';
import type { Cached } from './useCache.js';

/**
 * A schema query (an Entity by primary key, `All`, `Query`...) as a reactive `data` property:
 * `const todo = useQuery(() => [Todo, { id }])`. Never fetches; `null` arguments read undefined.
 */
export function useQuery<S extends Schema>(
  call: () => readonly [S, ...QueryArgs],
): Cached<DenormalizeNullable<S> | undefined> {
  // Read through the plain schema type: the generic result type is too deep to instantiate here.
  const { read } = observe<Schema, QueryArgs, QueryObserver<Schema>>(
    call,
    (controller, schema, args) => new QueryObserver<Schema>(controller, schema, args),
    (observer, schema, args) => observer.setSchema(schema, args),
  );
  return {
    get data() {
      return read() as DenormalizeNullable<S> | undefined;
    },
  };
}
