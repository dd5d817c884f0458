import {
  type DenormalizeNullable,
  type EntityPath,
  getOwn,
  type INVALID,
  type IQueryDelegate,
  type Normalize,
  type NormalizedIndex,
} from '../schema/index';
import { queryKeyObject } from '../schema/objectShorthand';
import { DenormalizeWalker, type EntityMemoEntry } from './DenormalizeWalker';

export interface DenormalizeResult<T> {
  data: T;
  /** Every entity (and collection) the result was built from: for expiry and GC. */
  paths: EntityPath[];
}

/** The parts of store state a query reads. */
export interface QueryState {
  entities: any;
  indexes: NormalizedIndex | any;
}

interface ResultEntry {
  /** The last entities object this entry was confirmed against. */
  entities: unknown;
  tableKeys: string[];
  tableRefs: unknown[];
  deps: unknown[];
  usesArgs: boolean;
  args: readonly any[];
  argsKey: string | undefined;
  output: DenormalizeResult<any>;
}

interface ResultsBySchema {
  objects: WeakMap<object, ResultEntry>;
  primitives: Map<unknown, ResultEntry>;
}

interface QueryKeyEntry {
  key: unknown;
  /** Flat pairs: [source ('e' entities | 'i' indexes), key] and the table read. */
  reads: unknown[];
}

/** Above this many remembered pk inputs per schema the map is reset (bounded memory). */
const MAX_PRIMITIVE_ENTRIES = 10_000;
const EMPTY_PATHS: EntityPath[] = [];

function argsKeyOf(args: readonly any[]): string | undefined {
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
  protected readonly entityMemo = new WeakMap<object, EntityMemoEntry>();
  /** Final results by schema, then input. */
  protected readonly results = new WeakMap<object, ResultsBySchema>();
  /** Query keys by schema, then serialized args. */
  protected readonly queryKeys = new WeakMap<object, Map<string, QueryKeyEntry>>();
  /** Counts walks, so entries can tell whether this walk already produced them. */
  private walks = 0;

  /** Denormalizes with referential stability for unchanged inputs. */
  denormalize<S>(
    schema: S | undefined,
    input: unknown,
    entities: any,
    args: readonly any[] = [],
  ): DenormalizeResult<DenormalizeNullable<S> | typeof INVALID> {
    if (
      schema === undefined ||
      schema === null ||
      input === undefined ||
      input === null ||
      typeof input === 'symbol' ||
      (typeof schema !== 'object' && typeof schema !== 'function')
    ) {
      return { data: input as any, paths: EMPTY_PATHS };
    }
    let bySchema = this.results.get(schema as object);
    if (bySchema === undefined) {
      bySchema = { objects: new WeakMap(), primitives: new Map() };
      this.results.set(schema as object, bySchema);
    }
    const isObject = typeof input === 'object' || typeof input === 'function';
    const entry = isObject ? bySchema.objects.get(input as object) : bySchema.primitives.get(input);
    if (entry !== undefined && this.isFresh(entry, entities, args)) return entry.output;

    this.walks += 1;
    const walker = new DenormalizeWalker(entities, args, {
      entries: this.entityMemo,
      walk: this.walks,
    });
    const data = walker.unvisit(schema, input);
    const deps = walker.deps!;
    const paths = walker.paths;
    const tableKeys: string[] = [];
    const tableRefs: unknown[] = [];
    let lastKey: string | undefined;
    for (let i = 0; i < paths.length; i++) {
      const key = paths[i].key;
      if (key === lastKey) continue;
      lastKey = key;
      if (!tableKeys.includes(key)) {
        tableKeys.push(key);
        tableRefs.push(getOwn(entities, key));
      }
    }
    const fresh: ResultEntry = {
      entities,
      tableKeys,
      tableRefs,
      deps,
      usesArgs: walker.usedArgs,
      args,
      argsKey: walker.usedArgs ? argsKeyOf(args) : undefined,
      output: { data, paths },
    };
    if (isObject) {
      bySchema.objects.set(input as object, fresh);
    } else {
      if (bySchema.primitives.size >= MAX_PRIMITIVE_ENTRIES) bySchema.primitives.clear();
      bySchema.primitives.set(input, fresh);
    }
    return fresh.output;
  }

  /**
   * Reads by schema without a response: an Entity by pk or index (`[{ id }]`), a Collection by
   * its args, `All`, `Query`, or an object of those.
   */
  query<S>(
    schema: S,
    args: readonly any[],
    state: QueryState,
    argsKey?: string,
  ): DenormalizeResult<DenormalizeNullable<S> | typeof INVALID> {
    const key: unknown = this.buildQueryKey(schema, args, state, argsKey);
    if (key === undefined) return { data: undefined as any, paths: EMPTY_PATHS };
    return this.denormalize(schema as object, key, state.entities, args) as DenormalizeResult<any>;
  }

  /** The normalized result a query stands for (memoized while the tables it read are unchanged). */
  buildQueryKey<S>(
    schema: S,
    args: readonly any[],
    state: QueryState,
    argsKey?: string,
  ): Normalize<S> | undefined {
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
      return undefined as Normalize<S> | undefined;
    }
    const serialized = argsKey ?? argsKeyOf(args);
    let byArgs = this.queryKeys.get(schema as object);
    if (serialized !== undefined) {
      const cached = byArgs?.get(serialized);
      if (cached !== undefined && readsUnchanged(cached.reads, state))
        return cached.key as Normalize<S> | undefined;
    }
    const reads: unknown[] = [];
    const key = queryKeyOf(schema, args, new QueryDelegate(state, reads));
    if (serialized !== undefined) {
      if (byArgs === undefined) {
        byArgs = new Map();
        this.queryKeys.set(schema as object, byArgs);
      }
      if (byArgs.size >= MAX_PRIMITIVE_ENTRIES) byArgs.clear();
      byArgs.set(serialized, { key, reads });
    }
    return key as Normalize<S> | undefined;
  }

  private isFresh(entry: ResultEntry, entities: any, args: readonly any[]): boolean {
    if (entry.usesArgs && entry.args !== args) {
      const key = argsKeyOf(args);
      if (key === undefined || key !== entry.argsKey) return false;
    }
    if (entry.entities === entities) return true;
    const { tableKeys, tableRefs } = entry;
    let tablesSame = true;
    for (let i = 0; i < tableKeys.length; i++) {
      if (getOwn(entities, tableKeys[i]) !== tableRefs[i]) {
        tablesSame = false;
        break;
      }
    }
    if (!tablesSame) {
      const deps = entry.deps;
      for (let i = 0; i < deps.length; i += 3) {
        if (getOwn(getOwn(entities, deps[i] as string), deps[i + 1] as string) !== deps[i + 2])
          return false;
      }
      for (let i = 0; i < tableKeys.length; i++) tableRefs[i] = getOwn(entities, tableKeys[i]);
    }
    entry.entities = entities;
    return true;
  }
}

function queryKeyOf(schema: any, args: readonly any[], delegate: IQueryDelegate): unknown {
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema.queryKey === 'function') return schema.queryKey(args, delegate);
  if (Array.isArray(schema) || typeof schema !== 'object') return undefined;
  return queryKeyObject(schema, args, delegate);
}

function readsUnchanged(reads: unknown[], state: QueryState): boolean {
  for (let i = 0; i < reads.length; i += 3) {
    const source = reads[i] === 'e' ? state.entities : state.indexes;
    if (getOwn(source, reads[i + 1] as string) !== reads[i + 2]) return false;
  }
  return true;
}

/** Store access while building a query key; records each table read for the key's memo. */
class QueryDelegate implements IQueryDelegate {
  constructor(
    private readonly state: QueryState,
    private readonly reads: unknown[],
  ) {}

  private table(source: 'e' | 'i', key: string): any {
    const table = getOwn(source === 'e' ? this.state.entities : this.state.indexes, key);
    this.reads.push(source, key, table);
    return table;
  }

  getEntities(key: string): any {
    return this.table('e', key);
  }

  getEntity(key: string, pk: string): any {
    return getOwn(this.table('e', key), pk);
  }

  getIndex(key: string, index: string, value: string): string | undefined {
    return getOwn(getOwn(this.table('i', key), index), value);
  }

  queryKey(schema: any, args: readonly any[]): any {
    return queryKeyOf(schema, args, this);
  }
}
