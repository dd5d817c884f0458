import type { Collection, CollectionFilter } from './Collection';
import { parseCollectionKey } from './collectionKey';
import { describeSchema } from './describeSchema';
import { message } from './development';
import { expectsObject } from './expectsObject';
import { INVALID } from './INVALID';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
import { isEntityLike } from './interface';
import { setOwn } from './ownProperty';
import type { PolymorphicRef } from './Polymorphic';
import { checkPk } from './pk';
import { processInput } from './processInput';
import { SchemaError } from './SchemaError';
import { isUnion } from './schemaKinds';

export type CollectionUpdateMode =
  | 'push'
  | 'unshift'
  | 'assign'
  | 'remove'
  | 'move'
  | 'paginate'
  | 'addWith';

/** Options of the modes that take some: `paginate` and `addWith`. */
export interface CollectionUpdateOptions {
  /** paginate: page args → the args of the collection the page belongs to. */
  readonly removeCursor?: (...args: readonly unknown[]) => readonly unknown[];
  /**
   * addWith, and move (`moveWith`): the stored value once `incoming` (new members, list or map)
   * joins `existing`.
   */
  readonly merge?: MergeMembers;
  /** addWith: which stored collections take the new members (default: the collection's). */
  readonly createCollectionFilter?: (...args: readonly unknown[]) => CollectionFilter;
}

/** A stored collection's normalized members: a list, or a Values map by key. */
type Members = unknown[] | Record<string, unknown>;

/**
 * `(existing, incoming) => next` over normalized members. Declared through a method so that a
 * merge naming the concrete form (`string[]`, a map) is accepted (method parameters are bivariant).
 */
export type MergeMembers = {
  merge(existing: Members, incoming: Members): Members;
}['merge'];

/** The filter of a stored collection from the args of a call (URL params, body). */
type FilterFromArgs = (...args: readonly unknown[]) => CollectionFilter;

/** What identifies a normalized member: its pk, or a polymorphic ref's schema and id. */
function memberKey(member: unknown): unknown {
  return typeof member === 'object' && member !== null
    ? `${(member as PolymorphicRef).schema}\0${(member as PolymorphicRef).id}`
    : member;
}

/** Two normalized members are the same entity (pk strings, or polymorphic `{ id, schema }`). */
function sameMember(a: unknown, b: unknown): boolean {
  return memberKey(a) === memberKey(b);
}

/** An object's fields to spread (nothing for a primitive or absent value). */
function asFields(value: unknown): object {
  return value !== null && typeof value === 'object' ? value : {};
}

/** True when a stored list or Values map holds `member`. */
function holds(stored: Members, member: unknown): boolean {
  const values = Array.isArray(stored) ? stored : Object.values(stored);
  for (let i = 0; i < values.length; i++) if (sameMember(values[i], member)) return true;
  return false;
}

/** A stored list or Values map without `member`. */
function without(stored: Members, member: unknown): Members {
  if (Array.isArray(stored)) return stored.filter((m) => !sameMember(m, member));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(stored)) {
    if (!sameMember(stored[key], member)) setOwn(out, key, stored[key]);
  }
  return out;
}

/** The pk of a normalized member (a pk, or the `id` of a polymorphic `{ id, schema }`). */
function memberId(member: unknown): unknown {
  return typeof member === 'object' && member !== null ? (member as PolymorphicRef).id : member;
}

/**
 * push (`first`: unshift) of members into a stored list: only those it does not hold, each once.
 * An entity a list holds already (pushed by the server after the creating page's own answer,
 * say) stays where it stands, updated by the write, instead of showing twice; a list that takes
 * nothing is returned as it is (not written). One pass over each, whatever their lengths.
 */
const adding = (first: boolean) => (existing: unknown[], incoming: unknown[]) => {
  const seen = new Set(existing.map(memberKey));
  const added = incoming.filter((member) => {
    const key = memberKey(member);
    // `add` returns the set: a key passes the first time only.
    return !seen.has(key) && seen.add(key);
  });
  return added.length === 0 ? existing : first ? [...added, ...existing] : [...existing, ...added];
};
const pushMerge = adding(false);
const unshiftMerge = adding(true);
/** assign's merge: a Values map takes each new key, a key it holds is replaced. */
const assignMerge: MergeMembers = (existing, incoming) => ({ ...existing, ...incoming });

/**
 * A merge putting new members first (data-client's `unshift`), for `collection.moveWith` or
 * `addWith`: a list takes those it does not hold yet at its start; a Values map lists the new keys
 * before its own (JavaScript keeps integer-like keys in numeric order whatever the merge).
 */
export const unshift: MergeMembers = (existing, incoming) =>
  Array.isArray(existing)
    ? unshiftMerge(existing, incoming as unknown[])
    : { ...incoming, ...existing, ...incoming };

/**
 * The schema of `collection.push` / `unshift` / `assign` / `remove` / `move` / `paginate()` /
 * `addWith()`: normalizes the entities of a response and updates every stored collection they
 * belong to. Its result denormalizes to the entities given (one, or a list when a list was given).
 */
export class CollectionUpdate<
  C extends Collection = Collection,
  M extends CollectionUpdateMode = CollectionUpdateMode,
> {
  readonly collection: C;
  readonly mode: M;
  private readonly options: CollectionUpdateOptions;

  constructor(collection: C, mode: M, options: CollectionUpdateOptions = {}) {
    this.collection = collection;
    this.mode = mode;
    this.options = options;
  }

  /** Its data is an object or a list, never `null` or a scalar (see `expectsObject`). */
  get objectData(): true {
    return true;
  }

  /** Table of the collections this updates. */
  get key(): string {
    return this.collection.key;
  }

  /** The member schema of a normalized member (for polymorphic lists, the chosen entity). */
  private memberSchema(member: unknown): unknown {
    const inner = this.collection.schema;
    // a list of a Union stores `{ id, schema }` just like a polymorphic list
    const choices = inner.isSingleSchema
      ? isUnion(inner.schema)
        ? inner.schema.schema
        : undefined
      : inner.schema;
    if (choices === undefined) return inner.schema;
    return member !== null && typeof member === 'object'
      ? (choices as Record<string, unknown>)[(member as PolymorphicRef).schema]
      : undefined;
  }

  /** The stored (normalized) value of a member, which the collection filter compares with. */
  private memberValue(member: unknown, delegate: INormalizeDelegate): unknown {
    const schema = this.memberSchema(member);
    if (!isEntityLike(schema)) return member;
    const stored = delegate.getEntity(schema.key, String(memberId(member)));
    return stored === INVALID ? undefined : stored;
  }

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown {
    const collection = this.collection;
    const inner = collection.schema;
    const mode: CollectionUpdateMode = this.mode;
    if (mode === 'assign' || (mode === 'addWith' && collection.isValues)) {
      if (!collection.isValues)
        throw new SchemaError(
          describeSchema(collection),
          message(
            'TSR01',
            () => process.env.NODE_ENV !== 'production' && 'assign needs a Values collection',
          ),
          input,
        );
      if (input !== null && typeof input === 'object') this.requireMembers(Object.values(input));
      const refs = inner.normalize(input, parent, key, delegate);
      const merge = this.options.merge ?? assignMerge;
      const filter = this.filterFor(delegate.args);
      this.forEachStored(delegate, (pk, stored) => {
        if (!filter(parseCollectionKey(pk))) return;
        delegate.setEntity(collection, pk, merge(stored as Members, refs));
      });
      return refs;
    }
    if (collection.isValues && mode !== 'remove' && mode !== 'move') {
      throw new SchemaError(
        describeSchema(collection),
        message(
          `TSR02 ${mode}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `${mode} needs a list collection (Values use assign)`,
        ),
        input,
      );
    }
    const isList = Array.isArray(input);
    const items = isList ? input : [input];
    if (mode === 'paginate') return this.appendPage(items, parent, key, delegate);
    if (mode === 'push' || mode === 'unshift' || mode === 'addWith') this.requireMembers(items);

    // One member at a time, so that `move` pairs each entity with its value before this response.
    const refs: unknown[] = [];
    const previous: unknown[] = [];
    for (const item of items) {
      const before = mode === 'move' ? this.previousValue(item, parent, key, delegate) : undefined;
      const ref = inner.normalizeValue(item, parent, key, delegate);
      // A member of an unknown type (skipped with a development warning) joins nothing.
      if (ref === undefined && item !== undefined && item !== null) continue;
      refs.push(ref);
      previous.push(before);
    }
    if (mode === 'push' || mode === 'unshift' || mode === 'addWith') {
      const merge: MergeMembers =
        this.options.merge ?? ((mode === 'unshift' ? unshiftMerge : pushMerge) as MergeMembers);
      this.add(refs, merge, delegate);
    } else {
      this.removeOrMove(refs, previous, isList ? undefined : delegate.args[1], delegate);
    }
    return isList ? refs : refs[0];
  }

  /**
   * Members added to stored collections must be the entities themselves: a bare primary key
   * (or null) would put a reference to an entity never sent into every matching list, where a
   * later fetch of that id would show up. Checked before anything is written.
   */
  private requireMembers(items: readonly unknown[]): void {
    const inner = this.collection.schema;
    const member = inner.isSingleSchema ? inner.schema : inner;
    if (!expectsObject(member)) return;
    for (const item of items) {
      if (item !== null && typeof item === 'object') continue;
      throw new SchemaError(
        describeSchema(member),
        message(
          `TSR03 ${this.mode}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `${this.mode} needs each new member as an object (the entity itself), not a primary key or null; answer with the created entity, or 204 and refetch the list`,
        ),
        item,
      );
    }
  }

  /** A filter picking the stored collections that new members (in `args`) belong to. */
  private filterFor(args: readonly unknown[]): CollectionFilter {
    const custom = this.options.createCollectionFilter;
    return custom ? custom(...args) : this.defaultFilter(...args);
  }

  /** The collection's own filter (its Args type is the user's; these are the call's args). */
  private defaultFilter(...args: readonly unknown[]): CollectionFilter {
    return (this.collection.createCollectionFilter as FilterFromArgs)(...args);
  }

  /** push / unshift / addWith on a list: every matching stored list merges the members it takes. */
  private add(refs: unknown[], merge: MergeMembers, delegate: INormalizeDelegate) {
    const collection = this.collection;
    const params = delegate.args[0];
    // A custom filter sees the call's args; the default one each member's stored value.
    const custom = this.options.createCollectionFilter?.(...delegate.args);
    const filters = refs.map(
      (ref) =>
        custom ?? this.defaultFilter(params, this.memberValue(ref, delegate) ?? delegate.args[1]),
    );
    this.forEachStored(delegate, (pk, stored) => {
      if (!Array.isArray(stored)) return;
      const collectionKey = parseCollectionKey(pk);
      const added = refs.filter((_ref, i) => filters[i](collectionKey));
      if (added.length === 0) return;
      // A merge that keeps the list as it is (every member held already) writes nothing.
      const next = merge(stored, added);
      if (next !== stored) delegate.setEntity(collection, pk, next);
    });
  }

  /**
   * remove: leaves the stored collections that match each entity. move
   * (docs/reference/collections.md#derived-endpoints): leaves the collections its stored value
   * before the response matched, and joins those the merged value (stored value plus the body)
   * matches.
   */
  private removeOrMove(
    refs: unknown[],
    previous: unknown[],
    body: unknown,
    delegate: INormalizeDelegate,
  ) {
    const collection = this.collection;
    const params = asFields(delegate.args[0]);
    const changes = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const filters = refs.map((ref) => {
      const value = this.memberValue(ref, delegate);
      if (this.mode !== 'move') {
        return this.defaultFilter(delegate.args[0], value ?? delegate.args[1]);
      }
      const merged = { ...asFields(value), ...changes };
      return this.defaultFilter({ ...params, ...merged }, merged);
    });
    const oldFilters = previous.map((value) =>
      value === undefined
        ? undefined
        : this.defaultFilter({ ...params, ...asFields(value) }, value),
    );
    this.forEachStored(delegate, (pk, stored) => {
      const collectionKey = parseCollectionKey(pk);
      let next: Members | undefined;
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i];
        const matches = filters[i](collectionKey);
        const current = next ?? stored;
        const contained = holds(current, ref);
        if (this.mode === 'remove') {
          if (matches && contained) next = without(current, ref);
          continue;
        }
        const oldFilter = oldFilters[i];
        if (!matches && contained && (oldFilter === undefined || oldFilter(collectionKey))) {
          next = without(current, ref);
        } else if (matches && !contained) {
          next = this.including(current, ref);
        }
      }
      if (next !== undefined) delegate.setEntity(collection, pk, next);
    });
  }

  /**
   * A stored list with `member` joining it (at the end, or as `moveWith`'s merge says), or a
   * Values map with it under its primary key.
   */
  private including(stored: Members, member: unknown): Members {
    const list = Array.isArray(stored);
    const incoming: Members = list ? [member] : {};
    if (!list) setOwn(incoming, String(memberId(member)), member);
    // push's merge appends: a member comes here only when the list does not hold it
    return (this.options.merge ?? (list ? (pushMerge as MergeMembers) : assignMerge))(
      stored,
      incoming,
    );
  }

  /** The stored value of an entity before this response, for `move`. */
  private previousValue(
    item: unknown,
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown {
    if (item === null || typeof item !== 'object') return undefined;
    const inner = this.collection.schema;
    let schema = inner.inferSchema(item, parent, key);
    if (isUnion(schema)) schema = schema.inferSchema(item, parent, key);
    if (!isEntityLike(schema)) return undefined;
    // process() returning undefined deletes the record: its key is found in the raw input.
    const processed = processInput(schema, item, parent, key, delegate.args) ?? item;
    const pk = checkPk(schema, schema.pk(processed, parent, key, delegate.args), item);
    const stored = delegate.getEntity(schema.key, pk);
    return stored === INVALID ? undefined : stored;
  }

  private appendPage(
    items: readonly unknown[],
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown[] {
    const collection = this.collection;
    const refs = collection.schema.normalize(items, parent, key, delegate) as unknown[];
    const { removeCursor } = this.options;
    const targetArgs = removeCursor ? removeCursor(...delegate.args) : delegate.args;
    const pk = collection.pk(undefined, undefined, undefined, targetArgs);
    const stored = delegate.getEntity(collection.key, pk);
    if (Array.isArray(stored)) {
      const next = pushMerge(stored, refs);
      if (next !== stored) delegate.setEntity(collection, pk, next);
    } else {
      delegate.setEntity(collection, pk, refs);
    }
    return refs;
  }

  private forEachStored(
    delegate: INormalizeDelegate,
    visit: (pk: string, stored: Members) => void,
  ): void {
    const table = delegate.getEntities(this.collection.key);
    if (table === undefined) return;
    for (const pk of Object.keys(table)) {
      const stored = table[pk];
      if (stored === undefined || stored === INVALID) continue;
      visit(pk, stored as Members);
    }
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    const inner = this.collection.schema;
    if (
      Array.isArray(input) ||
      (this.collection.isValues &&
        (this.mode === 'assign' || this.mode === 'addWith') &&
        input !== null &&
        typeof input === 'object')
    ) {
      return inner.denormalize(input, delegate);
    }
    return inner.denormalizeValue(input, delegate);
  }

  queryKey(_args: readonly unknown[], _delegate: IQueryDelegate): undefined {
    return undefined;
  }
}
