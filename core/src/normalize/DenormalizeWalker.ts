import {
  Entity,
  type EntityLike,
  type EntityPath,
  type EntityTables,
  getOwn,
  type IDenormalizeDelegate,
  INVALID,
  isEntityLike,
  type SchemaSimple,
} from '../schema/index';
import { denormalizeObject } from '../schema/objectShorthand';
import { schemaKeys } from '../schema/schemaKeys';
import type { EntityMemoMap } from './entityMemoMap';
import { arraySchemaFor } from './shorthand';
import type { TableSet, TableSets } from './tableSets';

/**
 * Entities nested deeper than this in one stretch of the walk are not filled where they are met:
 * their (empty) instance is placed at once and filled later from a queue, starting again at the
 * top of the stack. The stack so stays bounded (about ten frames per level) whatever the length
 * of a reference chain a server sends, and nothing a payload holds can reach a recursion limit.
 */
export const FILL_LATER_DEPTH = 128;

/**
 * An entity with more levels of entities below it than this keeps no dependency list of its
 * own (it is rebuilt when reread after a change, like an entity in a cycle). Each list holds
 * every entity below, so along a chain of n links they would add up to n²/2 entries.
 */
export const MEMO_HEIGHT_LIMIT = 64;

/**
 * A memoized denormalized entity, keyed by its stored object. Reusable in a later walk while
 * its dependencies hold: each entity it references directly is still stored as the object it was
 * read from, and each of those that has dependencies of its own is itself reusable.
 */
export class EntityMemoEntry {
  /**
   * What it references directly, in the order met: the memo entries of the entities (shared,
   * not copied: a change deep down is found by following entries down) and `AbsentDep`s. An
   * entity with no dependencies of its own (in a cycle, above `MEMO_HEIGHT_LIMIT`, or filled
   * later) leaves its references in the list of the entity holding it instead. Null while
   * unfinished and for those.
   */
  deps: Dep[] | null = null;
  /** The tables its dependencies live in, all levels down (`empty` while `deps` is null). */
  tables: TableSet;
  /** Levels of entities below it (0: none), once `deps` is set. */
  height = 0;
  /** Stack depth while being filled in its walk; 0 once finished or while waiting to be filled. */
  depth = 0;
  /** The walk that last listed this entity in a result's paths. */
  pathWalk = 0;
  /** The walk that found its dependencies changed. */
  failedWalk = 0;
  /**
   * MemoCache's remembered result of reading this entity by pk: kept here, so it lives exactly
   * as long as some state holds the entity.
   */
  result: unknown = undefined;

  constructor(
    readonly schema: EntityLike,
    public value: unknown,
    /** The stored object it was built from (also its key in the memo). */
    readonly stored: object,
    /** Its path, made once and shared by every result listing it. */
    readonly path: EntityPath,
    /** The walk that last produced or confirmed `value`. */
    public walk: number,
    noTables: TableSet,
  ) {
    this.tables = noTables;
  }
}

/** A reference to an entity the tables do not hold as an object (missing or INVALID). */
export class AbsentDep {
  /** Never has dependencies (read like an entry's). */
  readonly deps = null;
  constructor(
    readonly path: EntityPath,
    readonly stored: unknown,
  ) {}
}

/** One dependency: an entity read (its memo entry) or a reference to an absent one. */
export type Dep = EntityMemoEntry | AbsentDep;

/** Dependencies of an entity with no nested entities. */
const NO_DEPS: Dep[] = [];

/** An entity whose instance is placed but not yet filled (met at `FILL_LATER_DEPTH`). */
interface LaterFill {
  readonly schema: EntityLike;
  readonly stored: object;
  readonly instance: unknown;
  /** Its memo entry (memo mode). */
  readonly entry: EntityMemoEntry | undefined;
}

const PRIMITIVE_WRAPPERS = new Set<unknown>([String, Number, Boolean, BigInt, Symbol]);

/** Turns a value into its rich form by a serializable schema such as `Date`. */
function deserialize(schema: Function, input: unknown): unknown {
  if (schema.prototype === undefined || PRIMITIVE_WRAPPERS.has(schema))
    return (schema as (value: unknown) => unknown)(input);
  return new (schema as new (value: unknown) => unknown)(input);
}

const entityDenormalizeInto = Entity.denormalizeInto;

/**
 * An Entity class with no nested schemas and the base `denormalizeInto`: its instance is complete
 * once created (filling it would only loop over no fields), so it is placed without a fill.
 */
function isLeaf(schema: EntityLike): boolean {
  return (
    schema.denormalizeInto === entityDenormalizeInto &&
    schemaKeys((schema as unknown as typeof Entity).schema).length === 0
  );
}

/** What a memoizing walk needs from its MemoCache. */
export interface WalkMemo {
  entries: EntityMemoMap;
  /** Unique per walk: marks entries produced or confirmed in this walk. */
  walk: number;
  tables: TableSets;
  /**
   * List the result's paths while walking (`paths`). For a result read before, they are listed
   * after the walk only if its shape changed (`listPaths`): most re-reads keep the old list.
   */
  listPaths: boolean;
}

/**
 * Walks normalized data back to objects. Without a memo it is a plain, fast walk (cycles and
 * repeats still resolve to one instance per entity). With a memo it records what each entity
 * references (`EntityMemoEntry.deps`) and what the result references at its top (`deps`), and
 * reuses memoized entities whose dependencies hold. Entities nested deeper than
 * `FILL_LATER_DEPTH` are filled from a queue, so no chain length overflows the stack; a walk ends
 * only once the queue is empty (`run`).
 */
export class DenormalizeWalker implements IDenormalizeDelegate {
  private readonly entities: EntityTables;
  private readonly _args: readonly unknown[];
  /** True once a schema read the args (the result then depends on them). */
  usedArgs = false;
  /**
   * Memo mode: the dependencies being collected. Each entity takes its own off the end once
   * filled; what remains after `run` is what the result references at its top.
   */
  readonly deps: Dep[] | undefined;
  /**
   * Memo mode with `listPaths`: lists the result's paths as entities are met, in the order
   * `listPaths` gives from `deps` (which spares that pass).
   */
  private readonly lister: PathLister | undefined;
  private readonly memo: EntityMemoMap | undefined;
  private readonly tableSets: TableSets | undefined;
  private readonly walk: number;
  /** Instances built in this walk by stored object (plain mode): repeats and cycles share one. */
  private readonly local: Map<object, unknown> | undefined;
  /** Entities placed but not yet filled, in the order met. */
  private readonly later: LaterFill[] = [];
  private nextLater = 0;
  /** Greatest height + 1 of the entities met so far inside the one filled at each depth. */
  private readonly heightBelow: number[] = [];
  /** Lowest ancestor depth a cycle reached, per stack depth (memo mode). */
  private readonly cycleTo: number[] = [];
  private depth = 0;
  private lastKey: string | undefined = undefined;
  private lastTable: { readonly [pk: string]: unknown } | undefined = undefined;

  constructor(entities: EntityTables | undefined, args: readonly unknown[], memo?: WalkMemo) {
    this.entities = entities ?? {};
    this._args = args;
    if (memo !== undefined) {
      this.memo = memo.entries;
      this.walk = memo.walk;
      this.tableSets = memo.tables;
      this.deps = [];
      if (memo.listPaths) this.lister = new PathLister(memo.walk);
    } else {
      this.walk = 0;
      this.local = new Map();
    }
  }

  /** Every entity the result references, all levels down, each once (with `listPaths`). */
  get paths(): EntityPath[] | undefined {
    return this.lister?.paths;
  }

  get args(): readonly unknown[] {
    this.usedArgs = true;
    return this._args;
  }

  /** Denormalizes `input` by `schema` completely (the entry point; `unvisit` is for schemas). */
  run(schema: unknown, input: unknown): unknown {
    const value = this.unvisit(schema, input);
    this.complete();
    return value;
  }

  /**
   * Fills every entity placed for later, each from the current depth. A schema calls it before
   * it reads deep into a value it just denormalized (`Query` before `process`).
   */
  complete(): void {
    const later = this.later;
    while (this.nextLater < later.length) {
      const { schema, stored, instance, entry } = later[this.nextLater++];
      if (entry === undefined) this.fillPlain(schema, stored, instance);
      else this.fillMemo(entry, stored, this.deps!.length);
    }
    later.length = 0;
    this.nextLater = 0;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    if (input === undefined || input === null || schema === undefined || schema === null)
      return input;
    if (typeof schema !== 'function' && typeof schema !== 'object') return input;
    if (isEntityLike(schema)) return this.unvisitEntity(schema, input);
    const custom = schema as Partial<SchemaSimple>;
    if (typeof custom.denormalize === 'function') return custom.denormalize(input, this);
    if (typeof schema === 'function') return deserialize(schema, input);
    if (Array.isArray(schema)) return arraySchemaFor(schema).denormalize(input, this);
    return denormalizeObject(schema, input, this);
  }

  private unvisitEntity(schema: EntityLike, input: unknown): unknown {
    if (typeof input === 'symbol') return input;
    if (typeof input === 'object' && input !== null) {
      // Embedded (never normalized) entity data: build it in place, nothing to look up.
      if (input instanceof (schema as unknown as Function)) return input;
      return schema.denormalizeInto(schema.createInstance(input), input, this);
    }
    const key = schema.key;
    const pk = typeof input === 'string' ? input : String(input);
    const stored = getOwn(this.tableOf(key), pk);
    if (typeof stored !== 'object' || stored === null) {
      if (this.deps !== undefined) {
        const path = { key, pk };
        this.deps.push(new AbsentDep(path, stored));
        this.lister?.absent(path);
      }
      return stored === INVALID ? INVALID : undefined;
    }
    if (this.memo === undefined) return this.entityPlain(schema, stored);
    return this.entityMemo(schema, key, pk, stored);
  }

  /** The table of `key`; consecutive reads are mostly of one table, so the last is kept. */
  private tableOf(key: string): { readonly [pk: string]: unknown } | undefined {
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.lastTable = getOwn(this.entities, key);
    }
    return this.lastTable;
  }

  private entityPlain(schema: EntityLike, stored: object): unknown {
    const local = this.local!;
    const seen = local.get(stored);
    if (seen !== undefined) return seen;
    const instance = schema.createInstance(stored);
    local.set(stored, instance);
    if (isLeaf(schema)) return instance;
    if (this.depth >= FILL_LATER_DEPTH) {
      this.later.push({ schema, stored, instance, entry: undefined });
      return instance;
    }
    return this.fillPlain(schema, stored, instance);
  }

  private fillPlain(schema: EntityLike, stored: object, instance: unknown): unknown {
    this.depth++;
    const value = schema.denormalizeInto(instance as object, stored, this);
    if (value !== instance) this.local!.set(stored, value);
    this.depth--;
    return value;
  }

  private entityMemo(schema: EntityLike, key: string, pk: string, stored: object): unknown {
    const shard = this.memo!.shard(key, pk);
    const deps = this.deps!;
    const cached = shard.get(stored);
    if (cached !== undefined && cached.schema === schema) {
      if (cached.walk === this.walk) {
        // met again in this walk (or confirmed in it as a dependency of another)
        deps.push(cached);
        this.lister?.entry(cached);
        if (cached.depth > 0) this.noteCycle(cached.depth);
        else if (cached.deps !== null) this.noteHeight(cached.height);
        // finished inside a cycle or too tall, or placed and not filled yet: no deps to give
        else this.noteCycle(0);
        return cached.value;
      }
      if (cached.deps !== null && this.holds(cached)) {
        deps.push(cached);
        this.lister?.entry(cached);
        this.noteHeight(cached.height);
        return cached.value;
      }
    }

    const instance = schema.createInstance(stored);
    const entry = new EntityMemoEntry(
      schema,
      instance,
      stored,
      { key, pk },
      this.walk,
      this.tableSets!.empty,
    );
    shard.set(stored, entry);
    deps.push(entry);
    // Not filled yet (no deps): lists its own path only; what it holds is listed as met.
    this.lister?.entry(entry);
    if (isLeaf(schema)) {
      entry.deps = NO_DEPS;
      this.noteHeight(0);
      return instance;
    }
    if (this.depth >= FILL_LATER_DEPTH) {
      this.later.push({ schema, stored, instance, entry });
      // Its dependencies are not known before it is filled, so the entities holding it cannot
      // list theirs (they are rebuilt when reread after a change, like entities in a cycle).
      this.noteCycle(0);
      return instance;
    }
    const value = this.fillMemo(entry, stored, deps.length);
    if (entry.deps !== null) this.noteHeight(entry.height);
    return value;
  }

  /** Fills an entity's instance; `start` is where its dependencies begin in `deps`. */
  private fillMemo(entry: EntityMemoEntry, stored: object, start: number): unknown {
    const deps = this.deps!;
    const depth = ++this.depth;
    this.cycleTo[depth] = depth;
    this.heightBelow[depth] = 0;
    entry.depth = depth;
    const value = entry.schema.denormalizeInto(entry.value as object, stored, this);
    entry.value = value;
    entry.depth = 0;
    // Too tall counts as reaching the top: the entities holding it keep no deps either.
    const height = this.heightBelow[depth];
    const reached = height > MEMO_HEIGHT_LIMIT ? 0 : this.cycleTo[depth];
    this.depth--;
    if (reached >= depth) {
      if (deps.length === start) {
        entry.deps = NO_DEPS;
      } else {
        const own = deps.slice(start);
        // Taken off the end one by one: the array keeps its capacity (no shrink and regrow).
        while (deps.length > start) deps.pop();
        entry.deps = own;
        entry.tables = this.tablesOf(own);
      }
      entry.height = height;
    } else if (depth > 1 && reached < this.cycleTo[depth - 1]) {
      this.cycleTo[depth - 1] = reached;
    }
    return value;
  }

  /**
   * The tables `deps` and everything below them live in, looked at in this walk (what is built
   * or confirmed in a walk must be: see `TableSets.changedAt`).
   */
  tablesOf(deps: readonly Dep[]): TableSet {
    const tableSets = this.tableSets!;
    let set = tableSets.empty;
    let lastKey: string | undefined;
    let lastTables: TableSet | undefined;
    for (let i = 0; i < deps.length; i++) {
      const dep = deps[i];
      const key = dep.path.key;
      if (key !== lastKey) {
        lastKey = key;
        set = tableSets.with(set, key);
      }
      if (dep.deps !== null) {
        const below = (dep as EntityMemoEntry).tables;
        if (below !== lastTables) {
          lastTables = below;
          set = tableSets.union(set, below);
        }
      }
    }
    tableSets.changedAt(set, this.walk, this.entities);
    return set;
  }

  /** An entity of this height was met inside the one being filled. */
  private noteHeight(height: number): void {
    const depth = this.depth;
    if (depth > 0 && height >= this.heightBelow[depth]) this.heightBelow[depth] = height + 1;
  }

  /** A reference back to an entity still being filled at `target` depth. */
  private noteCycle(target: number): void {
    const depth = this.depth;
    if (depth > 0 && target < this.cycleTo[depth]) this.cycleTo[depth] = target;
  }

  /**
   * True when a memoized entity (with deps) can be reused in this walk: none of the tables
   * below it changed since it was confirmed, or each of its dependencies holds. Marks it
   * confirmed (or failed) for the rest of the walk. Recursion is bounded by MEMO_HEIGHT_LIMIT.
   */
  private holds(entry: EntityMemoEntry): boolean {
    const walk = this.walk;
    const confirmed = entry.walk;
    if (confirmed === walk) return true;
    if (entry.failedWalk === walk) return false;
    if (this.tableSets!.changedAt(entry.tables, walk, this.entities) <= confirmed) {
      entry.walk = walk;
      return true;
    }
    // Taken as holding while its dependencies are checked: the root of a cycle lists itself
    // among them (entries of a cycle below it have none, so that is the only way back to it).
    entry.walk = walk;
    if (this.depsHold(entry.deps!)) return true;
    entry.walk = confirmed;
    entry.failedWalk = walk;
    return false;
  }

  /** True when every dependency is still stored as it was, and holds itself. */
  depsHold(deps: readonly Dep[]): boolean {
    for (let i = 0; i < deps.length; i++) {
      const dep = deps[i];
      const { key, pk } = dep.path;
      if (getOwn(this.tableOf(key), pk) !== dep.stored) return false;
      if (dep.deps !== null && !this.holds(dep as EntityMemoEntry)) return false;
    }
    return true;
  }

  /**
   * True when a result built at `confirmed` from `deps` (whose tables are `tables`) still holds
   * in this walk: its tables unchanged since, or each dependency still holds.
   */
  resultHolds(deps: readonly Dep[], tables: TableSet, confirmed: number): boolean {
    return (
      this.tableSets!.changedAt(tables, this.walk, this.entities) <= confirmed ||
      this.depsHold(deps)
    );
  }
}

/**
 * Lists the entities a result references, all levels down, each once: entries are marked with
 * the walk that listed them, absent references are remembered by key and pk.
 */
class PathLister {
  readonly paths: EntityPath[] = [];
  private absentIds: Set<string> | undefined = undefined;

  constructor(private readonly walk: number) {}

  /** An entity met or reused, and everything below it (through its deps) not yet listed. */
  entry(entry: EntityMemoEntry): void {
    if (entry.pathWalk === this.walk) return;
    entry.pathWalk = this.walk;
    this.paths.push(entry.path);
    // Depth is bounded: only entries with deps (at most MEMO_HEIGHT_LIMIT tall) are entered.
    if (entry.deps !== null) this.deps(entry.deps);
  }

  deps(deps: readonly Dep[]): void {
    for (let i = 0; i < deps.length; i++) {
      const dep = deps[i];
      if (dep instanceof EntityMemoEntry) this.entry(dep);
      else this.absent(dep.path);
    }
  }

  absent(path: EntityPath): void {
    const id = `${path.key}\u0000${path.pk}`;
    const ids = (this.absentIds ??= new Set());
    if (ids.has(id)) return;
    ids.add(id);
    this.paths.push(path);
  }
}

/** Every entity `deps` reference, all levels down, each once (memo mode, after a walk). */
export function listPaths(deps: readonly Dep[], walk: number): EntityPath[] {
  const lister = new PathLister(walk);
  lister.deps(deps);
  return lister.paths;
}

/**
 * True when `now` references the same entities as `before`, position by position, all levels
 * down: the paths listed from either are then the same. Only entries that differ are entered,
 * so a list with one changed member costs one comparison per member.
 */
export function sameShape(now: readonly Dep[], before: readonly Dep[]): boolean {
  if (now.length !== before.length) return false;
  for (let i = 0; i < now.length; i++) {
    const a = now[i];
    const b = before[i];
    if (a === b) continue;
    if (a.path.key !== b.path.key || a.path.pk !== b.path.pk) return false;
    const aDeps = a.deps;
    const bDeps = b.deps;
    if (aDeps === bDeps || aDeps === now) continue;
    if (aDeps === null || bDeps === null || !sameShape(aDeps, bDeps)) return false;
  }
  return true;
}
