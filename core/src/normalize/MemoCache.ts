import {
  type DenormalizeNullable,
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
import { type ChangedKeys, type Changes, WHOLE } from '../tables/Changes';
import { DenormalizeWalker } from './DenormalizeWalker';
import {
  addReader,
  dirtyReaders,
  leaveNodes,
  listPaths,
  MemoNode,
  Reader,
  readersAbove,
} from './graph';
import { sameData } from './sameData';

export interface DenormalizeResult<T> {
  data: T;
  /** Every entity (and collection) the result was built from: for expiry and GC. */
  paths: EntityPath[];
  /**
   * @internal The memo's nodes the result read at its top (a MemoCache's results), and for a
   * query those its key was found from (positions looked up, tables read whole or by index): a
   * live selection reads them too, so a change to any of them reaches it.
   * @internal
   */
  readonly deps?: readonly MemoNode[];
}

/** The parts of store state a query reads. */
export interface QueryState {
  entities: EntityTables;
  indexes: Indexes;
}

/** The paths of a result, listed when first asked (a re-read of the same shape shares them). */
class Paths {
  private list: EntityPath[] | undefined;
  constructor(
    private readonly deps: readonly MemoNode[],
    private readonly memo: MemoCache,
  ) {}
  get paths(): EntityPath[] {
    this.list ??= this.memo.listPaths(this.deps);
    return this.list;
  }
}

/**
 * A result as handed out, its paths read from `source` when asked. A class, not an object
 * literal with a getter: each such literal gets a hidden class of its own, kept in old space,
 * which holds the result and all it was built from past every young-generation GC.
 */
class MemoResult<T, P extends { readonly paths: EntityPath[] }> implements DenormalizeResult<T> {
  constructor(
    readonly data: T,
    readonly deps: readonly MemoNode[],
    readonly source: P,
  ) {}
  get paths(): EntityPath[] {
    return this.source.paths;
  }
}

/** A remembered result: a reader of the nodes at its top (its output's `deps`). */
class ResultEntry extends Reader {
  /** @internal */
  usesArgs = false;
  /** @internal */
  argsKey: string | undefined;
  output: MemoResult<unknown, Paths> | undefined;
  /** @internal */
  generation = 0;
  /** @internal The memo's count of reshaped nodes when it was built. */
  shapes = 0;
  args: readonly unknown[] = [];
  constructor(readonly input: unknown) {
    super();
  }
}

/**
 * Results by input. A pk input of an entity schema is not here: its result sits on the node of
 * the position it names, so it goes when the position does.
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

/** A remembered query key: a reader of the nodes it was found from, dirty once one changes. */
class QueryKeyEntry extends Reader {
  key: unknown;
  /** @internal The memo's generation then: a reset makes every key stale. */
  generation = 0;
  /** @internal The nodes it read: positions looked up, tables read whole ('e') or by index ('i'). */
  readonly reads: MemoNode[] = [];
  /** What `query` last gave with it (its `source` the denormalized result it was made from). */
  output: MemoResult<unknown, DenormalizeResult<unknown>> | undefined;
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
 * Memoized denormalization. It mirrors one entities object at a time: each entity position it
 * read is a node holding the value built from it, and each node knows who read it. A change to a
 * position marks its readers dirty, all the way up, so a re-read rebuilds what changed and the
 * path above it, and reuses everything else; a read of an unchanged result is one check. Changes
 * come from the store's change log (`changed`), or, for another entities object, from comparing
 * its tables with the mirrored one's. See core/docs/how-the-store-works.md.
 */
export class MemoCache {
  /** The entities the nodes mirror (undefined before the first read). */
  private root: EntityTables | undefined;
  private indexes: Indexes | undefined;
  private readonly nodes = new Map<string, Map<string, MemoNode>>();
  private lastKey: string | undefined;
  private lastNodes: Map<string, MemoNode> | undefined;
  /** Final results by schema, then input. */
  protected readonly results = new WeakMap<object, ResultsBySchema>();
  /** Query keys by schema, then serialized args. */
  protected readonly queryKeys = new WeakMap<object, QueryKeys>();
  /**
   * Nodes of whole tables query keys read, by name ('e' entities, 'i' indexes, then the entity
   * key): marked dirty, like a position's node, by any change to the table.
   */
  private readonly tables = new Map<string, MemoNode>();
  /** Bumped when everything changed at once: results of an older generation are stale. */
  private generation = 0;
  private walks = 0;
  /** Nodes built reading other positions than before, counted: see `reshaped`. */
  private shapes = 0;
  /**
   * Nodes that may be left with no reader at a position that holds nothing (a search for data
   * not stored, a reader gone): dropped at the next `dropUnread`, so reads of keys never
   * fetched leave nothing behind.
   */
  private readonly unread: MemoNode[] = [];

  /**
   * The store's change log: these positions of the mirrored tables changed. `entities` is the
   * store's entities now (a position it no longer holds loses its node), and `indexes` its
   * indexes: the log names every position and index where they differ from the mirrored ones
   * (even another object, such as new optimistic layers), so they are mirrored from now on
   * without comparing them table by table.
   */
  changed(changes: Changes, entities: EntityTables, indexes?: Indexes): void {
    this.dropUnread();
    if (changes.all) {
      this.generation += 1;
      this.nodes.clear();
      this.lastKey = undefined;
      this.lastNodes = undefined;
      this.root = entities;
      this.indexes = indexes;
      this.tables.clear();
      return;
    }
    for (const [key, pks] of changes.entities) {
      this.tableChanged(`e${key}`);
      const byPk = this.nodes.get(key);
      if (byPk === undefined) continue;
      const table = getOwn(entities, key);
      if (pks === WHOLE) {
        for (const [pk, node] of byPk) this.moved(byPk, pk, node, getOwn(table, pk));
      } else {
        for (const pk of pks) {
          const node = byPk.get(pk);
          if (node !== undefined) this.moved(byPk, pk, node, getOwn(table, pk));
        }
      }
    }
    for (const key of changes.indexes) this.tableChanged(`i${key}`);
    this.root = entities;
    if (indexes !== undefined) this.indexes = indexes;
  }

  /** @internal True when `entities` are the ones this memo mirrors (or it mirrors none yet). */
  mirrors(entities: EntityTables): boolean {
    return this.root === undefined || this.root === entities;
  }

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
    this.mirror(entities);
    let bySchema = this.results.get(schema as object);
    if (bySchema === undefined) {
      bySchema = { objects: new WeakMap(), primitives: new Map() };
      this.results.set(schema as object, bySchema);
    }
    let entry: ResultEntry | undefined;
    let node: MemoNode | undefined;
    if (typeof input === 'object' || typeof input === 'function') {
      entry = bySchema.objects.get(input as object);
    } else if (isEntityLike(schema)) {
      /** @internal */
      node = this.node(schema.key, typeof input === 'string' ? input : String(input));
      entry = node.result as ResultEntry | undefined;
    } else {
      entry = bySchema.primitives.get(input);
    }
    if (
      entry !== undefined &&
      !entry.dirty &&
      entry.generation === this.generation &&
      entry.input === input &&
      (!entry.usesArgs || this.sameArgs(entry, args))
    ) {
      return entry.output as SchemaResult<S>;
    }
    const walker = new DenormalizeWalker(entities, args, this);
    // A result built again stays the same reader: the nodes it read know it already.
    const fresh = entry !== undefined && entry.input === input ? entry : new ResultEntry(input);
    fresh.dirty = true;
    // Its positions when last built, in this generation (a reset left them all behind).
    const last = entry?.output;
    const prev = fresh === entry && entry.generation === this.generation ? last?.deps : undefined;
    const data = walker.run(schema, input, fresh, prev);
    const deps = walker.topDeps;
    // the walk hands back the list it was given when it met the same positions, in order
    const sameTop = deps === last?.deps;
    if (fresh === entry && last !== undefined && !sameTop) this.leave(fresh, last.deps, deps);
    // The same positions at its top, and no node below reads others since it was built (by this
    // walk or any other): the same positions all levels down. The previous paths are kept, so
    // they are not listed again (garbage collection and expiry read them).
    const paths =
      last !== undefined && sameTop && entry!.shapes === this.shapes
        ? last.source
        : new Paths(deps, this);
    fresh.dirty = false;
    fresh.generation = this.generation;
    fresh.shapes = this.shapes;
    fresh.args = args;
    fresh.usesArgs = walker.usedArgs;
    fresh.argsKey = walker.usedArgs ? argsKeyOf(args) : undefined;
    fresh.output = new MemoResult(data, deps, paths);
    if (node !== undefined) node.result = fresh;
    else if (typeof input === 'object' || typeof input === 'function')
      bySchema.objects.set(input as object, fresh);
    else {
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
    const entry = this.queryKeyEntry(schema, args, state, argsKey);
    // nothing stored for these args: absent, which DenormalizeNullable allows for every schema
    if (entry?.key === undefined) {
      return { data: undefined as DenormalizeNullable<S>, paths: EMPTY_PATHS, deps: entry?.reads };
    }
    const from = this.denormalize(schema, entry.key, state.entities, args);
    if (entry.output?.source !== from) {
      entry.output = new MemoResult(
        from.data,
        from.deps === undefined ? entry.reads : entry.reads.concat(from.deps),
        from,
      );
    }
    return entry.output as SchemaResult<S>;
  }

  /** The normalized result a query stands for (memoized while the nodes it read are clean). */
  buildQueryKey<S>(
    schema: S,
    args: readonly unknown[],
    state: QueryState,
    argsKey?: string,
  ): Normalize<S> | undefined {
    return this.queryKeyEntry(schema, args, state, argsKey)?.key as Normalize<S> | undefined;
  }

  private queryKeyEntry(
    schema: unknown,
    args: readonly unknown[],
    state: QueryState,
    argsKey: string | undefined,
  ): QueryKeyEntry | undefined {
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
      return undefined;
    }
    this.mirror(state.entities);
    // Between reads: no node of a read in progress waits for its reader to follow it.
    if (this.unread.length >= MIN_QUERY_SWEEP) this.dropUnread();
    const before = this.indexes;
    if (state.indexes !== before) {
      // Other indexes than those last read: those of an entity key that are another object
      // may differ.
      if (before !== undefined)
        for (const key of otherTables(before, state.indexes)) this.tableChanged(`i${key}`);
      this.indexes = state.indexes;
    }
    const serialized = argsKey ?? argsKeyOf(args);
    let byArgs = this.queryKeys.get(schema as object);
    if (serialized !== undefined) {
      const cached = byArgs?.entries.get(serialized);
      if (cached !== undefined && this.unchanged(cached)) return cached;
    }
    const entry = new QueryKeyEntry();
    // Args that do not serialize are not remembered: nothing need tell the entry it is stale.
    const delegate = new QueryDelegate(state, entry, this, serialized !== undefined);
    entry.key = queryKeyOf(schema, args, delegate);
    entry.generation = this.generation;
    if (serialized !== undefined && entry.key === undefined) {
      // Nothing found is not remembered (finding nothing again is as cheap): what the search
      // read is held only by whoever follows it, such as a selection waiting for the data.
      this.leave(entry, entry.reads, []);
      byArgs?.entries.delete(serialized);
    } else if (serialized !== undefined) {
      if (byArgs === undefined) {
        byArgs = { entries: new Map(), sweepAt: MIN_QUERY_SWEEP };
        this.queryKeys.set(schema as object, byArgs);
      }
      if (byArgs.entries.size >= byArgs.sweepAt) this.sweepQueryKeys(byArgs);
      byArgs.entries.set(serialized, entry);
    }
    return entry;
  }

  /** The node of a position (made on first use). */
  node(key: string, pk: string): MemoNode {
    let byPk = this.lastNodes;
    if (key !== this.lastKey || byPk === undefined) {
      byPk = this.nodes.get(key);
      if (byPk === undefined) {
        byPk = new Map();
        this.nodes.set(key, byPk);
      }
      this.lastKey = key;
      this.lastNodes = byPk;
    }
    let node = byPk.get(pk);
    if (node === undefined) {
      node = new MemoNode(key, pk);
      byPk.set(pk, node);
    }
    return node;
  }

  /**
   * Calls `found` with each reader (not a node) of the entities whose meta changed: their data
   * stands (nothing is marked dirty), their freshness may not.
   * @internal
   */
  metaChanged(tables: ReadonlyMap<string, ChangedKeys>, found: (reader: Reader) => void): void {
    const seen = new Set<MemoNode>();
    for (const [key, pks] of tables) {
      const byPk = this.nodes.get(key);
      if (byPk === undefined) continue;
      if (pks === WHOLE) for (const node of byPk.values()) readersAbove(node, seen, found);
      else
        for (const pk of pks) {
          const node = byPk.get(pk);
          if (node !== undefined) readersAbove(node, seen, found);
        }
    }
  }

  /** @internal */
  reshaped(): void {
    this.shapes += 1;
  }

  /** @internal Every position `deps` read, all levels down, each once. */
  listPaths(deps: readonly MemoNode[]): EntityPath[] {
    this.walks += 1;
    return listPaths(deps, this.walks);
  }

  /**
   * `reader` now reads `after` instead of `before` (see `leaveNodes`); nodes left unread are
   * dropped at the next `dropUnread` if their position holds nothing.
   * @internal
   */
  leave(reader: Reader, before: readonly MemoNode[], after: readonly MemoNode[]): void {
    leaveNodes(reader, before, after, this.unread);
  }

  /**
   * @internal Drops the nodes no one reads that hold nothing built (a position searched and
   * found empty, or never read whole). Called between reads only: a read's nodes are followed by
   * its reader (a selection) once the read returns.
   */
  dropUnread(): void {
    for (const node of this.unread.splice(0)) {
      const byPk = this.nodes.get(node.key);
      if (!node.dependents && node.stored === undefined && byPk?.get(node.pk) === node)
        byPk.delete(node.pk);
    }
  }

  /** The node of a whole table query keys read ('e' / 'i' and the entity key). */
  table(name: string): MemoNode {
    let node = this.tables.get(name);
    if (node === undefined) this.tables.set(name, (node = new MemoNode(name, '')));
    return node;
  }

  private tableChanged(name: string): void {
    const node = this.tables.get(name);
    if (node !== undefined) dirtyReaders(node);
  }

  /** A position now holds `now`: what read it is dirty; a position gone loses its node. */
  private moved(byPk: Map<string, MemoNode>, pk: string, node: MemoNode, now: unknown): void {
    // Equal data as another object (an optimistic value the server confirmed): what was built
    // from it stands, so readers keep the same object and render once.
    if (now !== undefined && sameData(now, node.stored)) {
      node.stored = now;
      return;
    }
    node.moved = true;
    dirtyReaders(node);
    node.result = undefined;
    if (now === undefined) byPk.delete(pk);
  }

  /**
   * Makes the nodes mirror `entities`: for a table that is another object than the mirrored
   * one, each position whose value differs has moved.
   */
  private mirror(entities: EntityTables): void {
    const root = this.root;
    if (root === entities) return;
    this.root = entities;
    if (root === undefined) return;
    for (const key of otherTables(root, entities)) {
      const table = getOwn(entities, key);
      this.tableChanged(`e${key}`);
      const byPk = this.nodes.get(key);
      if (byPk === undefined) continue;
      for (const [pk, node] of byPk) {
        const now = getOwn(table, pk);
        if (now !== node.stored) this.moved(byPk, pk, node, now);
      }
    }
  }

  /**
   * Drops the keys whose tables have changed since (they would be rebuilt anyway), so one-off
   * args (a pk read once) do not pile up; amortized O(1) per new key.
   */
  private sweepQueryKeys(byArgs: QueryKeys): void {
    const { entries } = byArgs;
    for (const [args, entry] of entries) {
      if (!this.unchanged(entry)) entries.delete(args);
    }
    if (entries.size >= MAX_PRIMITIVE_ENTRIES) entries.clear();
    byArgs.sweepAt = Math.max(MIN_QUERY_SWEEP, entries.size * 2);
  }

  /** True when a result read with args is asked for with args that serialize the same. */
  private sameArgs(entry: ResultEntry, args: readonly unknown[]): boolean {
    if (entry.args === args) return true;
    const key = argsKeyOf(args);
    return key !== undefined && key === entry.argsKey;
  }

  private unchanged(entry: QueryKeyEntry): boolean {
    return !entry.dirty && entry.generation === this.generation;
  }
}

/** The keys under which `a` and `b` hold other tables. */
function otherTables(a: object, b: object): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => getOwn(a as EntityTables, key) !== getOwn(b as EntityTables, key),
  );
}

function queryKeyOf(schema: unknown, args: readonly unknown[], delegate: IQueryDelegate): unknown {
  if (schema === undefined || schema === null) return undefined;
  const custom = schema as Partial<SchemaSimple>;
  if (typeof custom.queryKey === 'function') return custom.queryKey(args, delegate);
  if (Array.isArray(schema) || typeof schema !== 'object') return undefined;
  return queryKeyObject(schema, args, delegate);
}

/** Store access while building a query key; the key becomes a reader of each node it reads. */
class QueryDelegate implements IQueryDelegate {
  constructor(
    private readonly state: QueryState,
    private readonly entry: QueryKeyEntry,
    private readonly memo: MemoCache,
    private readonly remembered: boolean,
  ) {}

  private read(node: MemoNode): void {
    const { entry } = this;
    entry.reads.push(node);
    if (this.remembered) addReader(node, entry);
  }

  getEntities(key: string): { readonly [pk: string]: unknown } | undefined {
    this.read(this.memo.table(`e${key}`));
    return getOwn(this.state.entities, key);
  }

  getEntity(key: string, pk: string): unknown {
    this.read(this.memo.node(key, pk));
    return getOwn(getOwn(this.state.entities, key), pk);
  }

  getIndex(key: string, index: string, value: string): string | undefined {
    this.read(this.memo.table(`i${key}`));
    return getOwn(getOwn(getOwn(this.state.indexes, key), index), value);
  }

  queryKey(schema: unknown, args: readonly unknown[]): unknown {
    return queryKeyOf(schema, args, this);
  }
}
