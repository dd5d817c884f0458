import { dirtyReaders, MemoNode, NO_DEPS } from '../normalize/graph';
import { argsKeyOf, argsNodes, type LeavingMemo, uniqueArgsKey } from './argsNodes';
import { message } from './development';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
  Schema,
  WriteMeta,
} from './interface';
import { assignOwn, getOwn } from './ownProperty';
import { checkPk } from './pk';
import { isOlderResponse } from './responseOrder';
import { SchemaError } from './SchemaError';

/** Nodes kept per position for distinct args (see `argsNodes`). */
export const MAX_VARIANTS = 64;

/** Args serialized (a node's key among its position's variants), once per args array. */
const argsKeys = new WeakMap<readonly unknown[], string>();

/**
 * Args JSON cannot express (a cycle, a bigint) share no node: each such read builds its own.
 * (Args of REST endpoints become URLs, so they are JSON.)
 */
function variantKey(args: readonly unknown[]): string {
  let key = argsKeys.get(args);
  if (key === undefined) argsKeys.set(args, (key = argsKeyOf(args) ?? uniqueArgsKey()));
  return key;
}

/**
 * A node per args the memo lets go: what read it is built again, and it leaves what it read (a
 * shared node, such as a cell, would else keep it as a reader, and build it again, until it
 * changes).
 */
function drop(node: MemoNode, memo: LeavingMemo): void {
  dirtyReaders(node);
  // through the memo: a node left with no reader and nothing stored (the cell of a lens never
  // fetched) is dropped too
  memo.leave(node, node.deps, NO_DEPS);
  node.deps = NO_DEPS;
}

/** Fills `argsNodes` (see there): the memo of a store reading a Scalar keeps nodes per args. */
function keepNodesPerArgs(): void {
  argsNodes.built = (node, args) => {
    if (node.args) return;
    node.args = variantKey(args);
    node.variants = new Map([[node.args, node]]);
  };
  argsNodes.variant = (node, args, memo) => {
    const variants = node.variants!;
    const key = variantKey(args);
    let found = variants.get(key);
    if (found === undefined) {
      if (variants.size >= MAX_VARIANTS) {
        for (const variant of variants.values()) drop(variant, memo);
        variants.clear();
      }
      found = new MemoNode(node.key, node.pk);
      found.args = key;
      variants.set(key, found);
    }
    return found;
  };
  argsNodes.moved = (node, memo) => {
    // The position's own node stays: the memo marked its readers dirty, and its rebuild leaves
    // what it no longer reads.
    if (!node.variants) return;
    for (const variant of node.variants.values()) if (variant !== node) drop(variant, memo);
    node.variants = node.args = undefined;
  };
}

/** The entity class a Scalar keeps cells for, as far as the Scalar reads it. */
export interface ScalarEntity {
  readonly key: string;
  readonly schema: { readonly [field: string]: Schema };
  pk(
    value: unknown,
    parent?: unknown,
    key?: string,
    args?: readonly unknown[],
  ): string | number | undefined;
  prototype: object;
}

/** The args a lens reads by default: an endpoint's args, objects of URL and search values. */
export type ScalarArgs = readonly (
  | { readonly [key: string]: string | number | undefined }
  | undefined
)[];

export interface ScalarOptions<E extends ScalarEntity, A extends readonly unknown[]> {
  /** Picks the lens (a portfolio, a currency...) from the args of the read or the fetch. */
  lens: (args: A) => string | number | undefined;
  /** Names the cell table: `key: 'portfolio'` keeps cells in `Scalar(portfolio)`. */
  key: string;
  /** The entity whose fields these are (its `pk()` names the cells). */
  entity: E;
}

/** One cell as read alone (`new Values(scalar)`): the entity's fields for one lens. */
export type ScalarCell<E extends ScalarEntity> = Partial<
  Omit<E['prototype'], 'pk' | 'constructor'>
>;

/**
 * A stored entity's reference to its scalar field: `[entity pk, field, entity key]`. The value
 * itself sits in the cell `entityKey|pk|lens` of the Scalar's table, so one stored entity shows
 * another value under each lens.
 */
type FieldRef = readonly [pk: string, field: string, entityKey: string];

/**
 * Fields of an entity whose value depends on the args of the read (data-client's `Scalar`): a
 * Company's `pct_equity` in the portfolio the page shows. `new Scalar({ lens: (args) =>
 * args[0]?.portfolio, key: 'portfolio', entity: Company })`, used in `Company.schema` for the
 * fields, or alone (`new Values(scalar)`, `[scalar]`) for a response of those columns only.
 * Values are stored apart from the entity, per entity and lens; a read shows the cell of the
 * lens its args name (the memo keeps one copy of the entity per args). See
 * docs/reference/schemas.md#scalar.
 */
export class Scalar<
  E extends ScalarEntity = ScalarEntity,
  A extends readonly unknown[] = ScalarArgs,
> {
  /** The cell table: `Scalar(<key>)`. */
  readonly key: string;
  readonly entity: E;
  readonly lens: (args: A) => string | number | undefined;
  /** Reads and merges cells: an entity-like schema of the cell table, never a class. */
  private readonly cells: {
    readonly key: string;
    merge(existing: unknown, incoming: unknown): unknown;
    mergeWithStore(a: WriteMeta, b: WriteMeta, existing: unknown, incoming: unknown): unknown;
    mergeMetaWithStore(a: WriteMeta, b: WriteMeta): WriteMeta;
    createInstance(stored: object): object;
    denormalizeInto(instance: object): object;
  };

  constructor({ lens, key, entity }: ScalarOptions<E, A>) {
    keepNodesPerArgs();
    this.lens = lens;
    this.entity = entity;
    const table = `Scalar(${key})`;
    this.key = table;
    const merge = (existing: unknown, incoming: unknown) => ({
      ...(existing as object),
      ...(incoming as object),
    });
    this.cells = {
      key: table,
      merge,
      // A response fetched before the stored cell's yields to it, field by field.
      mergeWithStore: (a, b, existing, incoming) =>
        isOlderResponse(a, b) ? merge(incoming, existing) : merge(existing, incoming),
      mergeMetaWithStore: (a, b) => (isOlderResponse(a, b) ? a : b),
      createInstance: (stored) => assignOwn({}, stored),
      denormalizeInto: (instance) => instance,
    };
  }

  /** The cell's pk: `entityKey|entityPk|lens`. */
  private cellPk(pk: string, lens: string | number): string {
    return `${this.entity.key}|${pk}|${lens}`;
  }

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown {
    const args = delegate.args;
    const lens = this.lens(args as A);
    if (typeof lens !== 'string' && typeof lens !== 'number') {
      throw new SchemaError(
        this.key,
        message(
          'TSR19',
          () =>
            process.env.NODE_ENV !== 'production' &&
            `lens returned ${String(lens)} for these args: a response's scalar values are stored per lens, so its args must name one`,
        ),
        args,
      );
    }
    const entity = this.entity;
    if (key !== undefined && getOwn(entity.schema, key) === this) {
      // A field of the entity: the cell gets the value, the entity a reference to it.
      const pk = checkPk(entity, entity.pk(parent, undefined, undefined, args), parent);
      delegate.mergeEntity(this.cells, this.cellPk(pk, lens), { [key]: input });
      return [pk, key, entity.key] satisfies FieldRef;
    }
    // Alone: the value is a cell. Keyed by pk in an object (`Values`), else it names its entity.
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new SchemaError(
        this.key,
        message('TSR08', () => process.env.NODE_ENV !== 'production' && 'expected an object'),
        input,
      );
    }
    const byKey =
      key !== undefined &&
      !Array.isArray(parent) &&
      getOwn(parent as Record<string, unknown>, key) === input;
    const pk = checkPk(entity, byKey ? key : entity.pk(input, parent, key, args), input);
    const cpk = this.cellPk(pk, lens);
    delegate.mergeEntity(this.cells, cpk, { ...input });
    return cpk;
  }

  /**
   * @internal A null field of its entity (Entity.normalize asks): null in the cell of the lens,
   * so other lenses keep theirs; the entity keeps its reference.
   */
  normalizeNull(parent: object, field: string, delegate: INormalizeDelegate): unknown {
    return getOwn(this.entity.schema, field) === this
      ? this.normalize(null, parent, field, delegate)
      : undefined;
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    // A cell read alone, by its pk.
    if (typeof input === 'string') return delegate.unvisit(this.cells, input);
    // Anything but a reference (a value stored before the field was a Scalar) is shown as is.
    if (!Array.isArray(input)) return input;
    const [pk, field, entityKey] = input as unknown as FieldRef;
    // Reading the args makes the entity's memo keep a copy per args (see DenormalizeWalker).
    const lens = this.lens(delegate.args as A);
    if (typeof lens !== 'string' && typeof lens !== 'number') return undefined;
    const cell = delegate.unvisit(this.cells, `${entityKey}|${pk}|${lens}`);
    return typeof cell === 'object' && cell !== null
      ? getOwn(cell as Record<string, unknown>, field)
      : undefined;
  }

  /** Cells are read through their entity: a Scalar alone finds nothing by args. */
  queryKey(_args: readonly unknown[], _delegate: IQueryDelegate): undefined {
    return undefined;
  }

  toJSON(): { name: string; key: string } {
    return { name: this.key, key: this.key };
  }
}
