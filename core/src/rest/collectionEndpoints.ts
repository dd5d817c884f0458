import type { Collection } from '../schema/Collection';
import { locateCollection, replaceCollection } from '../schema/findCollection';
import type { Schema } from '../schema/index';
import { fixBody } from './bodyArgument';
import type { CollectionOperation } from './collectionTypes';
import type { RestEndpoint } from './RestEndpoint';

type Endpoint = RestEndpoint;

/** Page args → the args of the list a page belongs to. */
export type RemoveCursor = (...args: unknown[]) => readonly unknown[];

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

/** A derived endpoint of a named source is named after it (`Todo.getList.push`). */
function nameAfter(source: Endpoint, accessor: string): { name?: string } {
  return Object.hasOwn(source, 'name') ? { name: `${source.name}.${accessor}` } : {};
}

/**
 * Builds `accessor` of `source` (derivedEndpoint.ts found `collection` in its schema): an
 * operation (`push`...) without `cursor`, else a page. `Collection.deriveEndpoint` calls it.
 * A page (docs/reference/collections.md#pages) is appended to the source's collection, and the
 * source's result follows the page: its other fields (the next cursor, a total...) are taken from
 * the page. `removeCursor(...pageArgs)` gives the source's args; with a field name, the page args
 * are the source's args plus `{ [field]: cursor }` in the params.
 */
export function deriveEndpoint(
  collection: Collection,
  source: Endpoint,
  accessor: string,
  cursor?: string | RemoveCursor,
): Endpoint {
  if (cursor === undefined) {
    const operation = accessor as CollectionOperation;
    return memo(source, operation, () => {
      const { movePath } = source as { movePath?: string };
      const endpoint = source.extend({
        method: METHODS[operation],
        schema: collection[operation],
        ...nameAfter(source, operation),
        // resource()'s getList moves an item at the item's URL (data-client's convention)
        ...(operation === 'move' && movePath && { path: movePath }),
      });
      for (const key of NOT_CARRIED) Reflect.deleteProperty(endpoint, key);
      // These always take a body, whatever the source's method was.
      Reflect.deleteProperty(endpoint, 'body');
      fixBody(endpoint, true);
      return endpoint;
    });
  }
  const build = () => {
    const removeCursor = typeof cursor === 'function' ? cursor : withoutField(cursor);
    return source.extend({
      schema: replaceCollection<unknown>(
        source.schema,
        collection.paginate(removeCursor),
      ) as Schema,
      update: listFollowsPage(source, removeCursor),
      ...nameAfter(source, cursor === source.paginationField ? 'getPage' : accessor),
    });
  };
  return typeof cursor === 'string' ? memo(source, accessor, build) : build();
}

/** Page args → list args: the same args with `field` removed from the URL params. */
function withoutField(field: string) {
  return (params?: unknown, ...rest: unknown[]): readonly unknown[] => {
    if (params === null || typeof params !== 'object') return [params, ...rest];
    const { [field]: _cursor, ...listParams } = params as Record<string, unknown>;
    return [listParams, ...rest];
  };
}

/**
 * The page's `update`: the source's stored result for `removeCursor(...pageArgs)` takes the
 * page's normalized fields, keeping its own reference to the collection (which the page's
 * schema has appended to). Undefined when the schema is the Collection itself: then the
 * source's result is nothing but that reference.
 */
function listFollowsPage(source: Endpoint, removeCursor: RemoveCursor) {
  const path = locateCollection(source.schema)?.path ?? [];
  if (path.length === 0) return undefined;
  return (page: unknown, ...pageArgs: unknown[]) => ({
    [source.key(...removeCursor(...pageArgs))]: (list: unknown) =>
      withPageFields(list, page, path, 0),
  });
}

/** The page's fields down `path`, where the list keeps its own value (the collection's key). */
function withPageFields(
  list: unknown,
  page: unknown,
  path: readonly string[],
  depth: number,
): unknown {
  if (depth === path.length || !isRecord(list) || !isRecord(page)) return list;
  const field = path[depth];
  return { ...page, [field]: withPageFields(list[field], page[field], path, depth + 1) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
