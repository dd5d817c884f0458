import {
  type DenormalizeNullable,
  type EntityLike,
  type EntityPath,
  type EntityTables,
  getOwn,
  type INVALID,
  type Indexes,
  type IQueryDelegate,
  isEntityLike,
  type Normalize,
  type SchemaSimple,
} from '../schema/index';
import { queryKeyObject } from '../schema/objectShorthand';
import { DenormalizeWalker, type Dep, listPaths, sameShape } from './DenormalizeWalker';
import { EntityMemoMap } from './entityMemoMap';
import { stampOf } from './stamps';
import { type TableSet, TableSets } from './tableSets';

export interface DenormalizeResult<T> {
  data: T;
  /** Every entity (and collection) the result was built from: for expiry and GC. */
  paths: EntityPath[];
}

/** The parts of store state a query reads. */
export interface QueryState {
  entities: EntityTables;
  indexes: Indexes;
}

interface ResultEntry {
  input: unknown;
  /** Id of the last entities object this entry was confirmed against (ids never pin a state). */
  entitiesId: number;
  /** The walk that last built or confirmed it. */
  walk: number;
  /** The tables its dependencies live in, all levels down. */
  tables: TableSet;
  /** What it references at its top (entries hold their own dependencies). */
  deps: Dep[];
  usesArgs: boolean;
  args: readonly unknown[];
  argsKey: string | undefined;
  output: DenormalizeResult<unknown>;
}

/**
 * Results by input. A pk input of an entity schema is not here: its result sits on the memo
 * entry of the stored entity it names, so evicted entities take their results with them.
 */
interface ResultsBySchema {
  objects: WeakMap<object, ResultEntry>;
  /** Other primitive inputs (an absent pk, a non-entity schema): bounded, hold no state. */
  primitives: Map<unknown, ResultEntry>;
}

/** Remembered query keys of one schema, by serialized args. */
interface QueryKeys {
  entries: Map<string, QueryKeyEntry>;
  /** Size at which entries whose tables changed are swept (doubles with what survives). */
  sweepAt: number;
}

interface QueryKeyEntry {
  key: unknown;
  /** Flat triples: source ('e' entities | 'i' indexes), key, and the id of the table read. */
  reads: unknown[];
}

/** Above this many remembered inputs of one kind per schema the map is reset (bounded memory). */
const MAX_PRIMITIVE_ENTRIES = 10_000;
/** Fewest query keys per schema kept before stale ones are swept. */
const MIN_QUERY_SWEEP = 256;
const EMPTY_PATHS: EntityPath[] = [];

/** What reading a schema gives: its data (absent allowed), or INVALID. */
type SchemaResult<S> = DenormalizeResult<DenormalizeNullable<S> | typeof INVALID>;

function argsKeyOf(args: readonly unknown[]): string | undefined {
  try {
    return JSON.stringify(args);
  } catch {
    return undefined;
  }
}

/**
 * Memoized denormalization. The same state gives the same object; a changed entity gives new
 * objects only along the paths containing it. A repeat read of an unchanged result costs one
 * identity check (same entities object) or one per table used, whatever the payload size.
 */
export class MemoCache {
  /** Denormalized entities by their stored object. */
  protected readonly entityMemo = new EntityMemoMap();
  /** Final results by schema, then input. */
  protected readonly results = new WeakMap<object, ResultsBySchema>();
  /** Query keys by schema, then serialized args. */
  protected readonly queryKeys = new WeakMap<object, QueryKeys>();
  /** Counts walks, so entries can tell whether this walk already produced them. */
  private walks = 0;
  /** Which tables memoized values read, and when those were last seen changed. */
  private readonly tableSets = new TableSets(stampOf);

  /** Denormalizes with referential stability for unchanged inputs. */
  denormalize<S>(
    schema: S | undefined,
    input: unknown,
    entities: EntityTables,
    args: readonly unknown[] = [],
  ): DenormalizeResult<DenormalizeNullable<S> | typeof INVALID> {
    if (
      schema === undefined ||
      schema === null ||
      input === undefined ||
      input === null ||
      typeof input === 'symbol' ||
      (typeof schema !== 'object' && typeof schema !== 'function')
    ) {
      // no schema to apply: the input is the data
      return { data: input as DenormalizeNullable<S>, paths: EMPTY_PATHS };
    }
    let bySchema = this.results.get(schema as object);
    if (bySchema === undefined) {
      bySchema = { objects: new WeakMap(), primitives: new Map() };
      this.results.set(schema as object, bySchema);
    }
    let entry: ResultEntry | undefined;
    let stored: object | undefined;
    if (typeof input === 'object' || typeof input === 'function') {
      entry = bySchema.objects.get(input as object);
    } else {
      stored = storedEntity(schema, input, entities);
      entry =
        stored === undefined
          ? bySchema.primitives.get(input)
          : this.resultOfEntity(schema as unknown as EntityLike, input, stored);
      if (entry !== undefined && entry.input !== input) entry = undefined;
    }
    // Entries hold what walking `schema` produced: its (nullable) data.
    if (entry?.usesArgs && !this.sameArgs(entry, args)) entry = undefined;
    const entitiesId = this.idOf(entities);
    if (entry !== undefined && entry.entitiesId === entitiesId)
      return entry.output as SchemaResult<S>;

    this.walks += 1;
    const walker = new DenormalizeWalker(entities, args, {
      entries: this.entityMemo,
      walk: this.walks,
      tables: this.tableSets,
      listPaths: entry === undefined,
    });
    if (entry !== undefined && walker.resultHolds(entry.deps, entry.tables, entry.walk)) {
      entry.walk = this.walks;
      entry.entitiesId = entitiesId;
      return entry.output as SchemaResult<S>;
    }
    const data = walker.run(schema, input);
    const deps = walker.deps!;
    // The same entities as before, all levels down: the previous paths array is kept, so whoever
    // indexes results by their paths (SelectionHub) sees nothing to re-index.
    const paths =
      entry !== undefined && sameShape(deps, entry.deps)
        ? entry.output.paths
        : (walker.paths ?? listPaths(deps, this.walks));
    const fresh: ResultEntry = {
      input,
      entitiesId,
      walk: this.walks,
      tables: walker.tablesOf(deps),
      deps,
      usesArgs: walker.usedArgs,
      args,
      argsKey: walker.usedArgs ? argsKeyOf(args) : undefined,
      output: { data, paths },
    };
    if (typeof input === 'object' || typeof input === 'function') {
      bySchema.objects.set(input as object, fresh);
    } else if (stored !== undefined) {
      const memoEntry = this.entityMemo.get(
        (schema as unknown as EntityLike).key,
        pkOf(input),
        stored,
      );
      if (memoEntry !== undefined && memoEntry.schema === (schema as unknown))
        memoEntry.result = fresh;
    } else {
      if (bySchema.primitives.size >= MAX_PRIMITIVE_ENTRIES) bySchema.primitives.clear();
      bySchema.primitives.set(input, fresh);
    }
    return fresh.output as SchemaResult<S>;
  }

  /**
   * Reads by schema without a response: an Entity by pk or index (`[{ id }]`), a Collection by
   * its args, `All`, `Query`, or an object of those.
   */
  query<S>(
    schema: S,
    args: readonly unknown[],
    state: QueryState,
    argsKey?: string,
  ): DenormalizeResult<DenormalizeNullable<S> | typeof INVALID> {
    const key: unknown = this.buildQueryKey(schema, args, state, argsKey);
    // nothing stored for these args: absent, which DenormalizeNullable allows for every schema
    if (key === undefined) return { data: undefined as DenormalizeNullable<S>, paths: EMPTY_PATHS };
    return this.denormalize(schema, key, state.entities, args);
  }

  /** The normalized result a query stands for (memoized while the tables it read are unchanged). */
  buildQueryKey<S>(
    schema: S,
    args: readonly unknown[],
    state: QueryState,
    argsKey?: string,
  ): Normalize<S> | undefined {
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
      return undefined as Normalize<S> | undefined;
    }
    const serialized = argsKey ?? argsKeyOf(args);
    let byArgs = this.queryKeys.get(schema as object);
    if (serialized !== undefined) {
      const cached = byArgs?.entries.get(serialized);
      if (cached !== undefined && this.readsUnchanged(cached.reads, state))
        return cached.key as Normalize<S> | undefined;
    }
    const reads: unknown[] = [];
    const key = queryKeyOf(schema, args, new QueryDelegate(state, reads, this));
    if (serialized !== undefined) {
      if (byArgs === undefined) {
        byArgs = { entries: new Map(), sweepAt: MIN_QUERY_SWEEP };
        this.queryKeys.set(schema as object, byArgs);
      }
      if (byArgs.entries.size >= byArgs.sweepAt) this.sweepQueryKeys(byArgs, state);
      byArgs.entries.set(serialized, { key, reads });
    }
    return key as Normalize<S> | undefined;
  }

  /**
   * Drops the keys whose tables have changed since (they would be rebuilt anyway), so one-off
   * args (a pk read once) do not pile up; amortized O(1) per new key.
   */
  private sweepQueryKeys(byArgs: QueryKeys, state: QueryState): void {
    const { entries } = byArgs;
    for (const [args, entry] of entries) {
      if (!this.readsUnchanged(entry.reads, state)) entries.delete(args);
    }
    if (entries.size >= MAX_PRIMITIVE_ENTRIES) entries.clear();
    byArgs.sweepAt = Math.max(MIN_QUERY_SWEEP, entries.size * 2);
  }

  /** The remembered result of reading `stored` by pk with this schema. */
  private resultOfEntity(
    schema: EntityLike,
    input: unknown,
    stored: object,
  ): ResultEntry | undefined {
    const memoEntry = this.entityMemo.get(schema.key, pkOf(input), stored);
    return memoEntry !== undefined && memoEntry.schema === schema
      ? (memoEntry.result as ResultEntry | undefined)
      : undefined;
  }

  /**
   * The stamp of an entities object or table (0 for none): it changes whenever the object does,
   * including the store's own tables written in place. Entries remember stamps, not objects, so
   * a remembered result never keeps an old state (or its tables) alive.
   */
  idOf(value: unknown): number {
    return stampOf(value);
  }

  /** True when a result read with args is asked for with args that serialize the same. */
  private sameArgs(entry: ResultEntry, args: readonly unknown[]): boolean {
    if (entry.args === args) return true;
    const key = argsKeyOf(args);
    return key !== undefined && key === entry.argsKey;
  }

  private readsUnchanged(reads: unknown[], state: QueryState): boolean {
    for (let i = 0; i < reads.length; i += 3) {
      const source: Tables = reads[i] === 'e' ? state.entities : state.indexes;
      if (this.idOf(getOwn(source, reads[i + 1] as string)) !== reads[i + 2]) return false;
    }
    return true;
  }
}

/** A pk input as the table key it reads. */
function pkOf(input: unknown): string {
  return typeof input === 'string' ? input : String(input);
}

/** The stored object a pk input of an entity schema names, if there is one. */
function storedEntity(schema: unknown, input: unknown, entities: EntityTables): object | undefined {
  if (!isEntityLike(schema)) return undefined;
  const stored = getOwn(getOwn(entities, schema.key), pkOf(input));
  return typeof stored === 'object' && stored !== null ? stored : undefined;
}

/** The tables a query reads: entities by key, or indexes by key. */
type Tables = { readonly [key: string]: object | undefined };

function queryKeyOf(schema: unknown, args: readonly unknown[], delegate: IQueryDelegate): unknown {
  if (schema === undefined || schema === null) return undefined;
  const custom = schema as Partial<SchemaSimple>;
  if (typeof custom.queryKey === 'function') return custom.queryKey(args, delegate);
  if (Array.isArray(schema) || typeof schema !== 'object') return undefined;
  return queryKeyObject(schema, args, delegate);
}

/** Store access while building a query key; records each table read for the key's memo. */
class QueryDelegate implements IQueryDelegate {
  constructor(
    private readonly state: QueryState,
    private readonly reads: unknown[],
    private readonly memo: MemoCache,
  ) {}

  /** Reads one table and records the read (`source`: 'e' entities, 'i' indexes). */
  private table<T>(
    source: 'e' | 'i',
    tables: { readonly [key: string]: T | undefined },
    key: string,
  ): T | undefined {
    const table = getOwn(tables, key);
    this.reads.push(source, key, this.memo.idOf(table));
    return table;
  }

  getEntities(key: string): { readonly [pk: string]: unknown } | undefined {
    return this.table('e', this.state.entities, key);
  }

  getEntity(key: string, pk: string): unknown {
    return getOwn(this.table('e', this.state.entities, key), pk);
  }

  getIndex(key: string, index: string, value: string): string | undefined {
    return getOwn(getOwn(this.table('i', this.state.indexes, key), index), value);
  }

  queryKey(schema: unknown, args: readonly unknown[]): unknown {
    return queryKeyOf(schema, args, this);
  }
}
