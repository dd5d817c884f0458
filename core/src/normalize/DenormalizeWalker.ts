import {
  type EntityLike,
  type EntityPath,
  type EntityTables,
  getOwn,
  type IDenormalizeDelegate,
  INVALID,
  isEntityLike,
  SchemaError,
  type SchemaSimple,
} from '../schema/index';
import { denormalizeObject } from '../schema/objectShorthand';
import { arraySchemaFor } from './shorthand';

/** Entity chains deeper than this (without a cycle) are rejected instead of overflowing the stack. */
export const MAX_DENORMALIZE_DEPTH = 1000;

/**
 * A memoized denormalized entity, keyed by its stored object. Reusable in a later walk while
 * every dependency (the stored objects of the entities nested in it) is unchanged.
 */
export interface EntityMemoEntry {
  schema: EntityLike;
  value: unknown;
  /** Flat triples (key, pk, stored) of the nested entities; null while unfinished or in a cycle. */
  deps: unknown[] | null;
  /** The walk that last produced or confirmed `value`. */
  walk: number;
  /** Stack depth while being filled in its walk; 0 once finished. */
  depth: number;
  /** The walk that last listed this entity in its paths. */
  pathWalk: number;
  /**
   * MemoCache's remembered result of reading this entity by pk: kept here, so it lives exactly
   * as long as some state holds the entity.
   */
  result: unknown;
}

/** Dependencies of an entity with no nested entities (its own stored object is checked by lookup). */
const NO_DEPS: unknown[] = [];
/** Marks a free stack slot (never a stored object). */
const EMPTY_SLOT = {};

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
 */
export class DenormalizeWalker implements IDenormalizeDelegate {
  private readonly entities: EntityTables;
  private readonly _args: readonly unknown[];
  /** True once a schema read the args (the result then depends on them). */
  usedArgs = false;
  /** Dependencies of the whole walk (flat triples), only when memoizing. */
  readonly deps: unknown[] | undefined;
  /** Each entity the result was built from, once (memo mode). */
  readonly paths: EntityPath[] = [];
  private readonly memo: WeakMap<object, EntityMemoEntry> | undefined;
  private readonly walk: number;
  /** Instances built in this walk by stored object (plain mode): repeats and cycles share one. */
  private readonly local: Map<object, unknown> | undefined;
  /** Paths already listed that have no memo entry to mark (absent, INVALID, or in a cycle). */
  private listed: Set<unknown> | undefined;
  /** Stored objects being filled, by stack depth (memo mode). */
  private readonly stack: object[] = [];
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
        this.deps.push(key, pk, stored);
        this.listOnce(`${key}\u0000${pk}`, key, pk);
      }
      return stored === INVALID ? INVALID : undefined;
    }
    if (this.memo === undefined) return this.entityPlain(schema, stored);
    this.deps!.push(key, pk, stored);
    return this.entityMemo(schema, key, pk, stored);
  }

  private enter(schema: EntityLike, stored: object): void {
    if (++this.depth > MAX_DENORMALIZE_DEPTH) {
      throw new SchemaError(
        schema.key,
        `entities nested deeper than ${MAX_DENORMALIZE_DEPTH} levels`,
        stored,
      );
    }
  }

  private entityPlain(schema: EntityLike, stored: object): unknown {
    const local = this.local!;
    const seen = local.get(stored);
    if (seen !== undefined) return seen;
    this.enter(schema, stored);
    const instance = schema.createInstance(stored);
    local.set(stored, instance);
    const value = schema.denormalizeInto(instance, stored, this);
    if (value !== instance) local.set(stored, value);
    this.depth--;
    return value;
  }

  private entityMemo(schema: EntityLike, key: string, pk: string, stored: object): unknown {
    const memo = this.memo!;
    const walk = this.walk;
    const cached = memo.get(stored);
    if (cached !== undefined && cached.schema === schema) {
      if (cached.walk === walk) {
        // met again in this walk
        if (cached.depth > 0) this.noteCycle(cached.depth);
        else if (cached.deps !== null) this.appendDeps(cached.deps);
        else this.noteCycle(0); // finished inside a cycle: its deps are not self-contained
        return cached.value;
      }
      if (cached.deps !== null && this.depsValid(cached.deps)) {
        cached.walk = walk;
        this.listEntry(cached, key, pk);
        this.appendDeps(cached.deps);
        return cached.value;
      }
    }

    const deps = this.deps!;
    const start = deps.length;
    this.enter(schema, stored);
    const depth = this.depth;
    this.cycleTo[depth] = depth;
    this.stack[depth] = stored;
    const instance = schema.createInstance(stored);
    const entry: EntityMemoEntry = {
      schema,
      value: instance,
      deps: null,
      walk,
      depth,
      pathWalk: walk,
      result: undefined,
    };
    memo.set(stored, entry);
    this.paths.push({ key, pk });
    const value = schema.denormalizeInto(instance, stored, this);
    entry.value = value;
    entry.depth = 0;
    const reached = this.cycleTo[depth];
    this.stack[depth] = EMPTY_SLOT;
    this.depth--;
    if (reached >= depth) {
      entry.deps = deps.length === start ? NO_DEPS : deps.slice(start);
    } else if (depth > 1 && reached < this.cycleTo[depth - 1]) {
      this.cycleTo[depth - 1] = reached;
    }
    return value;
  }

  /** A reference back to an entity still being filled at `target` depth. */
  private noteCycle(target: number): void {
    const depth = this.depth;
    if (depth > 0 && target < this.cycleTo[depth]) this.cycleTo[depth] = target;
  }

  private depsValid(deps: unknown[]): boolean {
    const entities = this.entities;
    for (let i = 0; i < deps.length; i += 3) {
      if (getOwn(getOwn(entities, deps[i] as string), deps[i + 1] as string) !== deps[i + 2])
        return false;
    }
    return true;
  }

  /** Adds a reused entity's dependencies to the walk's, listing each path once. */
  private appendDeps(source: unknown[]): void {
    const deps = this.deps!;
    const memo = this.memo!;
    for (let i = 0; i < source.length; i += 3) {
      const key = source[i] as string;
      const pk = source[i + 1] as string;
      const stored = source[i + 2];
      deps.push(key, pk, stored);
      const entry = typeof stored === 'object' && stored !== null ? memo.get(stored) : undefined;
      if (entry !== undefined) this.listEntry(entry, key, pk);
      else this.listOnce(stored ?? `${key}\u0000${pk}`, key, pk);
    }
  }

  private listEntry(entry: EntityMemoEntry, key: string, pk: string): void {
    if (entry.pathWalk === this.walk) return;
    entry.pathWalk = this.walk;
    this.paths.push({ key, pk });
  }

  private listOnce(id: unknown, key: string, pk: string): void {
    this.listed ??= new Set();
    if (this.listed.has(id)) return;
    this.listed.add(id);
    this.paths.push({ key, pk });
  }
}
