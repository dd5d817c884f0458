import {
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
import { arraySchemaFor } from './shorthand';

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
 * every dependency (the stored objects of the entities nested in it) is unchanged.
 */
export interface EntityMemoEntry {
  schema: EntityLike;
  value: unknown;
  /**
   * Flat quadruples (key, pk, stored, memo entry or undefined) of the nested entities (see
   * `DEP_STRIDE`); null while unfinished, in a cycle, or above `MEMO_HEIGHT_LIMIT`.
   */
  deps: unknown[] | null;
  /** Its path, made once and shared by every result listing it. */
  path: EntityPath;
  /** Levels of entities below it (0: none), once `deps` is set. */
  height: number;
  /** The walk that last produced or confirmed `value`. */
  walk: number;
  /** Stack depth while being filled in its walk; 0 once finished or while waiting to be filled. */
  depth: number;
  /** The walk that last listed this entity in its paths. */
  pathWalk: number;
  /**
   * MemoCache's remembered result of reading this entity by pk: kept here, so it lives exactly
   * as long as some state holds the entity.
   */
  result: unknown;
}

/**
 * Entries per dependency in a `deps` list: key, pk, stored object, and the memo entry it was
 * read through (undefined for an absent entity). The entry spares a reuse the WeakMap lookup
 * of every nested entity when it lists their paths.
 */
export const DEP_STRIDE = 4;

/** Dependencies of an entity with no nested entities (its own stored object is checked by lookup). */
const NO_DEPS: unknown[] = [];

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

/** What a memoizing walk needs from its MemoCache. */
export interface WalkMemo {
  entries: WeakMap<object, EntityMemoEntry>;
  /** Unique per walk: marks entries produced or confirmed in this walk. */
  walk: number;
}

/**
 * Walks normalized data back to objects. Without a memo it is a plain, fast walk (cycles and
 * repeats still resolve to one instance per entity). With a memo it records every entity it
 * reads (`deps`, `paths`) and reuses memoized entities whose dependencies are unchanged.
 * Entities nested deeper than `FILL_LATER_DEPTH` are filled from a queue, so no chain length
 * overflows the stack; a walk ends only once the queue is empty (`run`).
 */
export class DenormalizeWalker implements IDenormalizeDelegate {
  private readonly entities: EntityTables;
  private readonly _args: readonly unknown[];
  /** True once a schema read the args (the result then depends on them). */
  usedArgs = false;
  /** Dependencies of the whole walk (flat, `DEP_STRIDE` per entity), only when memoizing. */
  readonly deps: unknown[] | undefined;
  /** Each entity the result was built from, once (memo mode). */
  readonly paths: EntityPath[] = [];
  private readonly memo: WeakMap<object, EntityMemoEntry> | undefined;
  private readonly walk: number;
  /** Instances built in this walk by stored object (plain mode): repeats and cycles share one. */
  private readonly local: Map<object, unknown> | undefined;
  /** Paths already listed that have no memo entry to mark (absent, INVALID, or in a cycle). */
  private listed: Set<unknown> | undefined;
  /** Entities placed but not yet filled, in the order met. */
  private readonly later: LaterFill[] = [];
  private nextLater = 0;
  /** Greatest height + 1 of the entities met so far inside the one filled at each depth. */
  private readonly heightBelow: number[] = [];
  /** Lowest ancestor depth a cycle reached, per stack depth (memo mode). */
  private readonly cycleTo: number[] = [];
  private depth = 0;

  constructor(entities: EntityTables | undefined, args: readonly unknown[], memo?: WalkMemo) {
    this.entities = entities ?? {};
    this._args = args;
    if (memo !== undefined) {
      this.memo = memo.entries;
      this.walk = memo.walk;
      this.deps = [];
    } else {
      this.walk = 0;
      this.local = new Map();
    }
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
    const stored = getOwn(getOwn(this.entities, key), pk);
    if (typeof stored !== 'object' || stored === null) {
      if (this.deps !== undefined) {
        this.deps.push(key, pk, stored, undefined);
        this.listOnce(`${key}\u0000${pk}`, key, pk);
      }
      return stored === INVALID ? INVALID : undefined;
    }
    if (this.memo === undefined) return this.entityPlain(schema, stored);
    return this.entityMemo(schema, key, pk, stored);
  }

  private entityPlain(schema: EntityLike, stored: object): unknown {
    const local = this.local!;
    const seen = local.get(stored);
    if (seen !== undefined) return seen;
    const instance = schema.createInstance(stored);
    local.set(stored, instance);
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
    const memo = this.memo!;
    const deps = this.deps!;
    const walk = this.walk;
    const cached = memo.get(stored);
    if (cached !== undefined && cached.schema === schema) {
      if (cached.walk === walk) {
        deps.push(key, pk, stored, cached);
        // met again in this walk
        if (cached.depth > 0) this.noteCycle(cached.depth);
        else if (cached.deps !== null) this.appendDeps(cached);
        // finished inside a cycle or too tall, or placed and not filled yet: no deps to give
        else this.noteCycle(0);
        return cached.value;
      }
      if (cached.deps !== null && this.depsValid(cached.deps)) {
        deps.push(key, pk, stored, cached);
        cached.walk = walk;
        this.listEntry(cached);
        this.appendDeps(cached);
        return cached.value;
      }
    }

    const instance = schema.createInstance(stored);
    const entry: EntityMemoEntry = {
      schema,
      value: instance,
      deps: null,
      path: { key, pk },
      height: 0,
      walk,
      depth: 0,
      pathWalk: walk,
      result: undefined,
    };
    memo.set(stored, entry);
    deps.push(key, pk, stored, entry);
    this.paths.push(entry.path);
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
      entry.deps = deps.length === start ? NO_DEPS : deps.slice(start);
      entry.height = height;
    } else if (depth > 1 && reached < this.cycleTo[depth - 1]) {
      this.cycleTo[depth - 1] = reached;
    }
    return value;
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

  private depsValid(deps: unknown[]): boolean {
    const entities = this.entities;
    for (let i = 0; i < deps.length; i += DEP_STRIDE) {
      if (getOwn(getOwn(entities, deps[i] as string), deps[i + 1] as string) !== deps[i + 2])
        return false;
    }
    return true;
  }

  /** Adds a reused entity's dependencies to the walk's, listing each path once. */
  private appendDeps(reused: EntityMemoEntry): void {
    this.noteHeight(reused.height);
    const source = reused.deps!;
    const deps = this.deps!;
    const walk = this.walk;
    for (let i = 0; i < source.length; i += DEP_STRIDE) {
      const key = source[i] as string;
      const pk = source[i + 1] as string;
      const stored = source[i + 2];
      const entry = source[i + 3] as EntityMemoEntry | undefined;
      deps.push(key, pk, stored, entry);
      if (entry === undefined) this.listOnce(stored ?? `${key}\u0000${pk}`, key, pk);
      else if (entry.pathWalk !== walk) {
        entry.pathWalk = walk;
        this.paths.push(entry.path);
      }
    }
  }

  private listEntry(entry: EntityMemoEntry): void {
    if (entry.pathWalk === this.walk) return;
    entry.pathWalk = this.walk;
    this.paths.push(entry.path);
  }

  private listOnce(id: unknown, key: string, pk: string): void {
    this.listed ??= new Set();
    if (this.listed.has(id)) return;
    this.listed.add(id);
    this.paths.push({ key, pk });
  }
}
