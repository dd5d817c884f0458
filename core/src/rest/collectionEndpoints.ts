import { type Collection, findCollection, replaceCollection } from '../schema/index';
import { fixBody } from './bodyArgument';
import type { CollectionOperation } from './collectionTypes';
import type { RestEndpoint } from './RestEndpoint';

type Endpoint = RestEndpoint<any> & Record<string, any>;

const METHODS: Record<CollectionOperation, string> = {
  push: 'POST',
  unshift: 'POST',
  assign: 'POST',
  remove: 'PATCH',
  move: 'PATCH',
};

/** Members that describe the source's own response and do not fit a mutation's. */
const NOT_CARRIED = ['process', 'update', 'getOptimisticResponse', 'sideEffect', 'paginationField'];

const derived = new WeakMap<object, Map<string, Endpoint>>();

/** One derived endpoint per source and name, so repeated reads give the same endpoint. */
function memo(source: Endpoint, name: string, build: () => Endpoint): Endpoint {
  let cache = derived.get(source);
  if (!cache) derived.set(source, (cache = new Map()));
  let endpoint = cache.get(name);
  if (!endpoint) cache.set(name, (endpoint = build()));
  return endpoint;
}

function requireCollection(source: Endpoint, accessor: string): Collection {
  const collection = findCollection(source.schema);
  if (!collection) {
    throw new TypeError(`${source.name}: ${accessor} needs a Collection in the endpoint's schema`);
  }
  return collection;
}

/**
 * `push` / `unshift` / `assign` / `remove` / `move` of SPEC §4.6. They exist only when the
 * schema contains a Collection: elsewhere reading one throws a TypeError naming the endpoint
 * (and its type is `never`), so a misplaced `.push` fails loudly instead of as `undefined()`.
 */
export function collectionEndpoint(source: Endpoint, operation: CollectionOperation): Endpoint {
  const collection = requireCollection(source, operation);
  return memo(source, operation, () => {
    const endpoint = source.extend({ method: METHODS[operation], schema: collection[operation] });
    for (const key of NOT_CARRIED) Reflect.deleteProperty(endpoint, key);
    // These always take a body, whatever the source's method was.
    Reflect.deleteProperty(endpoint, 'body');
    fixBody(endpoint, true);
    return endpoint;
  });
}

/**
 * `getPage` / `paginated()`: fetches a page and appends it to the source's collection. With a
 * field name, the page args are the source's args plus `{ [field]: cursor }` in the params.
 */
export function paginatedEndpoint(
  source: Endpoint,
  fieldOrRemoveCursor: string | ((...args: any[]) => readonly any[]),
): Endpoint {
  const accessor =
    typeof fieldOrRemoveCursor === 'string' ? `paginated('${fieldOrRemoveCursor}')` : 'paginated()';
  if (typeof fieldOrRemoveCursor === 'string' && fieldOrRemoveCursor === '') {
    throw new TypeError(`${source.name}: ${accessor} needs a non-empty field name`);
  }
  const build = () => {
    const collection = requireCollection(source, accessor);
    const removeCursor =
      typeof fieldOrRemoveCursor === 'function'
        ? fieldOrRemoveCursor
        : withoutField(fieldOrRemoveCursor);
    return source.extend({
      schema: replaceCollection<unknown>(source.schema, collection.paginate(removeCursor)) as any,
    });
  };
  return typeof fieldOrRemoveCursor === 'string' ? memo(source, accessor, build) : build();
}

/** Page args → list args: the same args with `field` removed from the URL params. */
function withoutField(field: string) {
  return (params?: Record<string, unknown>, ...rest: unknown[]): readonly unknown[] => {
    if (params === null || typeof params !== 'object') return [params, ...rest];
    const { [field]: _cursor, ...listParams } = params;
    return [listParams, ...rest];
  };
}
