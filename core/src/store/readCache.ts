import type { DenormalizeResult, MemoCache } from '../normalize';
import type { MemoNode } from '../normalize/graph';
import { INVALID } from '../schema/INVALID';
import { isEntityLike } from '../schema/interface';
import { getOwn } from '../schema/ownProperty';
import type { EndpointInterface } from './EndpointInterface';
import { ExpiryStatus } from './ExpiryStatus';
import type { CacheState, ResultMeta } from './State';
import type { Schema } from './schemaTypes';

/** The denormalized result of a key with what decides its freshness. */
export interface ReadResult {
  data: unknown;
  expiryStatus: ExpiryStatus;
  expiresAt: number;
  /** Entities the data was built from (for garbage collection), listed when first asked. */
  readonly paths: readonly { readonly key: string; readonly pk: string }[];
  /** @internal The memo's nodes the data read at its top: a live selection reads them too. */
  readonly deps: readonly MemoNode[];
  /** @internal Its freshness is that of the entities it was built from (their `entitiesMeta`). */
  readonly byEntities?: boolean;
  /**
   * Why the stored result could not be read (a schema or `process` threw while denormalizing
   * it). Only this key's readers see it; the data then reads as missing.
   */
  readError?: unknown;
}

const NO_PATHS: ReadResult['paths'] = Object.freeze([]);
const NO_DEPS: ReadResult['deps'] = Object.freeze([]);

/**
 * Reads one result from the cache. `now` applies the `invalidIfStale` rule; `undefined` skips it
 * (used to resolve a fetch that just landed). Never throws: a result that cannot be read comes
 * back as missing with its `readError`, and it expires like a failed fetch (it is read again,
 * and fetched again once stale).
 */
export function readResult(
  memo: MemoCache,
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
  cache: CacheState,
  now: number | undefined,
): ReadResult {
  try {
    return readStored(memo, endpoint, key, args, cache, now);
  } catch (readError) {
    return {
      data: undefined,
      expiryStatus: ExpiryStatus.InvalidIfStale,
      expiresAt: getOwn(cache.meta, key)?.expiresAt ?? 0,
      paths: NO_PATHS,
      deps: NO_DEPS,
      readError,
    };
  }
}

function readStored(
  memo: MemoCache,
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
  cache: CacheState,
  now: number | undefined,
): ReadResult {
  const meta: ResultMeta | undefined = getOwn(cache.meta, key);
  const input = getOwn(cache.endpoints, key);
  let read: DenormalizeResult<unknown> | undefined;
  // An invalidated key must be fetched before use, whatever the store holds.
  if (
    input === undefined &&
    !meta?.invalidated &&
    !endpoint.sideEffect &&
    isEntityClass(endpoint.schema)
  ) {
    // Not found, it still tells what to follow: the positions and indexes the search read.
    read = memo.query(endpoint.schema as never, args as never[], cache);
    const found = readEntity(read, endpoint, cache, now);
    // A failed fetch of this key is retried when its error expires, not when the entity does.
    if (found && meta?.error !== undefined) return { ...found, expiresAt: meta.expiresAt };
    if (found) return found;
  }
  let data: unknown;
  let missing = input === undefined;
  if (!missing) {
    if (endpoint.schema == null) {
      data = input;
    } else if (!canBeNormalized(endpoint.schema, input)) {
      // Stored by another endpoint of this URL with another schema (one URL is one key): it
      // reads as missing, so a reader fetches it with this schema.
      missing = true;
    } else {
      read = memo.denormalize(endpoint.schema as never, input, cache.entities, args as never[]);
      // undefined: the entity the result names is not in the store (a page state that lost
      // it): as missing as an invalid one, so readers fetch it rather than show nothing.
      if (read.data === INVALID || read.data === undefined) missing = true;
      else data = read.data;
    }
  }
  const expiresAt = meta?.expiresAt ?? 0;
  let expiryStatus: ExpiryStatus;
  if (meta?.invalidated) expiryStatus = ExpiryStatus.Invalid;
  // With only an error cached, wait for it to expire before fetching again.
  else if (missing)
    expiryStatus = meta?.error !== undefined ? ExpiryStatus.InvalidIfStale : ExpiryStatus.Invalid;
  else if (endpoint.invalidIfStale) expiryStatus = ExpiryStatus.InvalidIfStale;
  else expiryStatus = ExpiryStatus.Valid;
  // Stale data of an `invalidIfStale` endpoint is not returned from the cache
  // (docs/reference/rest-endpoint.md#options).
  if (now !== undefined && endpoint.invalidIfStale && !missing && expiresAt < now) {
    missing = true;
    expiryStatus = ExpiryStatus.Invalid;
  }
  return new StoredRead(missing ? undefined : data, expiryStatus, expiresAt, read);
}

/**
 * A result read from the store, its entity paths listed when first asked. A class, not a literal
 * with a getter: each such literal gets a hidden class of its own, which keeps what it was built
 * from alive past young-generation garbage collections.
 */
class StoredRead implements ReadResult {
  readonly deps: readonly MemoNode[];
  constructor(
    readonly data: unknown,
    readonly expiryStatus: ExpiryStatus,
    readonly expiresAt: number,
    private readonly read: DenormalizeResult<unknown> | undefined,
  ) {
    this.deps = read?.deps ?? NO_DEPS;
  }

  get paths(): ReadResult['paths'] {
    return this.read?.paths ?? NO_PATHS;
  }
}

/**
 * Whether `input` can be what `schema` normalizes to: an entity or a Collection stores a key,
 * a list an array. Only those shapes are checked (what another schema on the URL leaves).
 */
function canBeNormalized(schema: unknown, input: unknown): boolean {
  if (input === null) return true;
  if (isEntityLike(schema)) return typeof input !== 'object';
  return !Array.isArray(schema) || Array.isArray(input);
}

/** An Entity class: its own `queryKey` finds a stored entity from the endpoint's arguments. */
function isEntityClass(schema: unknown): schema is Schema {
  return (
    typeof schema === 'function' &&
    typeof (schema as { queryKey?: unknown }).queryKey === 'function' &&
    typeof (schema as { key?: unknown }).key === 'string'
  );
}

/**
 * An endpoint without a result of its own whose schema is an Entity reads the entity already in
 * the store (e.g. loaded by a list), fresh for as long as the entity is (its `entitiesMeta`).
 * Undefined when the store does not hold it.
 */
function readEntity(
  { data, paths, deps = NO_DEPS }: DenormalizeResult<unknown>,
  endpoint: EndpointInterface,
  cache: CacheState,
  now: number | undefined,
): ReadResult | undefined {
  if (data === undefined || data === INVALID || paths.length === 0) return undefined;
  let expiresAt = Number.POSITIVE_INFINITY;
  for (const path of paths) {
    const written = getOwn(getOwn(cache.entitiesMeta, path.key), path.pk);
    expiresAt = Math.min(expiresAt, written?.expiresAt ?? 0);
  }
  if (now !== undefined && endpoint.invalidIfStale && expiresAt < now) {
    return {
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt,
      paths,
      deps,
      byEntities: true,
    };
  }
  const expiryStatus = endpoint.invalidIfStale ? ExpiryStatus.InvalidIfStale : ExpiryStatus.Valid;
  return { data, expiryStatus, expiresAt, paths, deps, byEntities: true };
}

/**
 * The error to show for a key: why its stored result cannot be read, else none when the last fetch
 * succeeded, and none under a soft error policy while usable data exists
 * (docs/reference/errors.md#error-policy).
 */
export function readError(meta: ResultMeta | undefined, read: ReadResult): unknown {
  if (read.readError !== undefined) return read.readError;
  if (!meta || meta.error === undefined) return undefined;
  const hasData = read.data !== undefined;
  if (meta.errorPolicy === 'soft' && hasData) return undefined;
  return meta.error;
}

/** Reads any queryable schema (Entity by pk, All, Query...); undefined when missing or invalid. */
export function readQuery(
  memo: MemoCache,
  schema: Schema,
  args: readonly unknown[],
  cache: CacheState,
): unknown {
  const { data } = memo.query(schema as never, args as never[], cache);
  return data === INVALID ? undefined : data;
}
