import {
  type EntityLike,
  type EntityTables,
  getOwn,
  type IDenormalizeDelegate,
  INVALID,
  isEntityLike,
  type SchemaSimple,
} from '../schema/index';
import { denormalizeObject } from '../schema/objectShorthand';
import { addReader, dirtyReaders, leaveNodes, MemoNode, NO_DEPS, type Reader } from './graph';
import { arraySchemaFor } from './shorthand';

/**
 * Entities nested deeper than this in one stretch of the walk are not filled where they are met:
 * their (empty) instance is placed at once and filled later from a queue, starting again at the
 * top of the stack. The stack so stays bounded (about ten frames per level) whatever the length
 * of a reference chain a server sends, and nothing a payload holds can reach a recursion limit.
 */
export const FILL_LATER_DEPTH = 128;

/** What a memoizing walk needs from its MemoCache. */
export interface WalkMemo {
  /** The node of a position (made on first use). */
  node(key: string, pk: string): MemoNode;
  /** @internal A node now reads other positions than before: paths listed before may miss some. */
  reshaped(): void;
}

const PRIMITIVE_WRAPPERS = new Set<unknown>([String, Number, Boolean, BigInt, Symbol]);

/** Turns a value into its rich form by a serializable schema such as `Date`. */
function deserialize(schema: Function, input: unknown): unknown {
  if (schema.prototype === undefined || PRIMITIVE_WRAPPERS.has(schema))
    return (schema as (value: unknown) => unknown)(input);
  return new (schema as new (value: unknown) => unknown)(input);
}

/** An entity whose instance is placed but not yet filled (met at `FILL_LATER_DEPTH`). */
interface LaterFill {
  readonly schema: EntityLike;
  /** @internal */
  readonly stored: object;
  readonly instance: unknown;
  /** Its node (memo mode). */
  readonly node: MemoNode | undefined;
}

/**
 * Walks normalized data back to objects. Without a memo it is a plain walk (cycles and repeats
 * still resolve to one instance per entity). With a memo, each entity is a node: a clean node
 * whose position still holds what it was built from is reused as it is; any other is built again.
 * Every node read registers the node or result reading it, so a change reaches exactly what was
 * built from it. Entities nested deeper than `FILL_LATER_DEPTH` are filled from a queue, so no
 * chain length overflows the stack; a walk ends only once the queue is empty (`run`).
 */
export class DenormalizeWalker implements IDenormalizeDelegate {
  private readonly entities: EntityTables;
  private readonly _args: readonly unknown[];
  /** @internal True once a schema read the args (the result then depends on them). */
  usedArgs = false;
  private readonly memo: WalkMemo | undefined;
  /**
   * Memo mode: who reads the nodes met now (`building`), what it read when last built (`prev`),
   * how many of those it met again in order (`met`), and, once it met another, the list of what
   * it read (`readSoFar`).
   */
  private building: Reader | undefined;
  private prev: readonly MemoNode[] = NO_DEPS;
  private met = 0;
  private readSoFar: MemoNode[] | undefined;
  /** Instances built in this walk by stored object (plain mode): repeats and cycles share one. */
  private readonly local: Map<object, unknown> | undefined;
  /** Entities placed but not yet filled, in the order met. */
  private readonly later: LaterFill[] = [];
  private nextLater = 0;
  private depth = 0;
  private lastKey: string | undefined;
  private lastTable: { readonly [pk: string]: unknown } | undefined;

  constructor(entities: EntityTables | undefined, args: readonly unknown[], memo?: WalkMemo) {
    this.entities = entities ?? {};
    this._args = args;
    this.memo = memo;
    if (memo === undefined) this.local = new Map();
  }

  get args(): readonly unknown[] {
    this.usedArgs = true;
    return this._args;
  }

  /**
   * Denormalizes `input` by `schema` completely (the entry point; `unvisit` is for schemas).
   * In memo mode `reader` is the result being built; its top-level positions are returned in
   * `topDeps`.
   */
  run(
    schema: unknown,
    input: unknown,
    reader?: Reader,
    prev: readonly MemoNode[] = NO_DEPS,
  ): unknown {
    this.building = reader;
    this.prev = prev;
    try {
      const value = this.unvisit(schema, input);
      this.complete();
      return value;
    } catch (error) {
      // Not built: the node being filled, what read it (the nodes being filled around it, each
      // reading the one it was filling, up to the result: a cycle member holding its instance
      // too), and the nodes placed unfilled. Each is dirty, and so is what read it.
      const unbuilt: unknown[] = [this.building];
      for (let i = this.nextLater; i < this.later.length; i++) unbuilt.push(this.later[i].node);
      for (const node of unbuilt)
        if (node instanceof MemoNode) {
          node.dirty = true;
          dirtyReaders(node);
        }
      throw error;
    }
  }

  /** @internal The positions the result read at its top (memo mode, after `run`). */
  get topDeps(): readonly MemoNode[] {
    return this.readList();
  }

  /** What the current reader read: its previous list itself when the same. */
  private readList(): readonly MemoNode[] {
    const { prev, met } = this;
    return this.readSoFar ?? (met === prev.length ? prev : prev.slice(0, met));
  }

  /**
   * Fills every entity placed for later, each from the current depth. A schema calls it before
   * it reads deep into a value it just denormalized (`Query` before `process`).
   */
  complete(): void {
    const later = this.later;
    while (this.nextLater < later.length) {
      const { schema, stored, instance, node } = later[this.nextLater++];
      if (node === undefined) this.fillPlain(schema, stored, instance);
      else this.fillNode(node);
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
    if (this.memo !== undefined) return this.entityMemo(schema, key, pk);
    const stored = getOwn(this.tableOf(key), pk);
    if (typeof stored !== 'object' || stored === null)
      return stored === INVALID ? INVALID : undefined;
    return this.entityPlain(schema, stored);
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
    if (this.depth >= FILL_LATER_DEPTH) {
      this.later.push({ schema, stored, instance, node: undefined });
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

  private entityMemo(schema: EntityLike, key: string, pk: string): unknown {
    // While the reader meets, in order, what it read when last built, the nodes come from that
    // list: a re-read of a long list after one member changed looks up and allocates nothing.
    // (A moved node may have left the memo, its position emptied: the memo then has another.)
    const memo = this.memo!;
    let node = this.readSoFar === undefined ? this.prev[this.met] : undefined;
    if (node?.pk === pk && node.key === key && (!node.moved || memo.node(key, pk) === node))
      this.met++;
    else {
      node = memo.node(key, pk);
      (this.readSoFar ??= this.prev.slice(0, this.met)).push(node);
    }
    if (this.building !== undefined) addReader(node, this.building);
    // Clean, and its position still holds what it was built from (or it is being built now,
    // and this is a cycle back to it): reused as it is, without a lookup.
    if (!node.moved && !node.dirty && node.schema === schema) return node.value;
    const stored = getOwn(this.tableOf(key), pk);
    if (typeof stored !== 'object' || stored === null) {
      node.moved = false;
      if (node.stored !== stored) {
        if (node.deps.length > 0) {
          this.memo!.reshaped();
          leaveNodes(node, node.deps, NO_DEPS);
        }
        node.stored = stored;
        node.value = undefined;
        node.deps = NO_DEPS;
        node.schema = undefined;
      }
      node.dirty = false;
      return stored === INVALID ? INVALID : undefined;
    }
    if (!node.dirty && node.stored === stored && node.schema === schema) {
      node.moved = false;
      return node.value;
    }
    // Made before the node is touched: if it throws, the node is left to be built again.
    const instance = schema.createInstance(stored);
    node.moved = false;
    node.stored = stored;
    node.schema = schema;
    node.dirty = false;
    node.value = instance;
    if (this.depth >= FILL_LATER_DEPTH) {
      this.later.push({ schema, stored, instance, node });
      return instance;
    }
    return this.fillNode(node);
  }

  /** Fills a node's instance, the node reading what it meets. */
  private fillNode(node: MemoNode): unknown {
    const { building, prev, met, readSoFar } = this;
    const before = node.deps;
    this.building = node;
    this.prev = before;
    this.met = 0;
    this.readSoFar = undefined;
    this.depth++;
    const value = node.schema!.denormalizeInto(node.value as object, node.stored as object, this);
    this.depth--;
    node.value = value;
    const after = this.readList();
    node.deps = after.length === 0 ? NO_DEPS : after;
    if (after !== before) {
      this.memo!.reshaped();
      leaveNodes(node, before, after);
    }
    this.building = building;
    this.prev = prev;
    this.met = met;
    this.readSoFar = readSoFar;
    return value;
  }
}
