import type { Collection } from './Collection';
import { parseCollectionKey } from './collectionKey';
import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, INormalizeDelegate } from './interface';
import { isEntityLike } from './interface';
import { checkPk } from './pk';
import { SchemaError } from './SchemaError';
import { Union } from './Union';

export type CollectionUpdateMode = 'push' | 'unshift' | 'assign' | 'remove' | 'move' | 'paginate';

/** Two normalized members are the same entity (pk strings, or polymorphic `{ id, schema }`). */
function sameMember(a: any, b: any): boolean {
  if (a === b) return true;
  return (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    a.id === b.id &&
    a.schema === b.schema
  );
}

function containsMember(list: readonly any[], member: any): boolean {
  for (let i = 0; i < list.length; i++) if (sameMember(list[i], member)) return true;
  return false;
}

/**
 * The schema of `collection.push` / `unshift` / `assign` / `remove` / `move` / `paginate()`:
 * normalizes the entities of a response and updates every stored collection they belong to.
 * Its result denormalizes to the entities given (one, or a list when a list was given).
 */
export class CollectionUpdate<
  C extends Collection = Collection,
  M extends CollectionUpdateMode = CollectionUpdateMode,
> {
  readonly collection: C;
  readonly mode: M;
  private readonly removeCursor: ((...args: any[]) => readonly any[]) | undefined;

  constructor(collection: C, mode: M, removeCursor?: (...args: any[]) => readonly any[]) {
    this.collection = collection;
    this.mode = mode;
    this.removeCursor = removeCursor;
  }

  /** Table of the collections this updates. */
  get key(): string {
    return this.collection.key;
  }

  /** The member schema of a normalized member (for polymorphic lists, the chosen entity). */
  private memberSchema(member: any): any {
    const inner = this.collection.schema;
    // a list of a Union stores `{ id, schema }` just like a polymorphic list
    const choices = inner.isSingleSchema
      ? inner.schema instanceof Union
        ? inner.schema.schema
        : undefined
      : inner.schema;
    if (choices === undefined) return inner.schema;
    return member !== null && typeof member === 'object' ? choices[member.schema] : undefined;
  }

  /** The stored (normalized) value of a member, which the collection filter compares with. */
  private memberValue(member: any, delegate: INormalizeDelegate): any {
    const schema = this.memberSchema(member);
    if (!isEntityLike(schema)) return member;
    const id = member !== null && typeof member === 'object' ? member.id : member;
    const stored = delegate.getEntity(schema.key, String(id));
    return stored === INVALID ? undefined : stored;
  }

  normalize(input: any, parent: any, key: any, delegate: INormalizeDelegate): any {
    const collection = this.collection;
    const inner = collection.schema;
    if (this.mode === 'assign') {
      if (!collection.isValues)
        throw new SchemaError(collection.key, 'assign needs a Values collection', input);
      const refs = inner.normalize(input, parent, key, delegate);
      const filter = collection.createCollectionFilter(...delegate.args);
      this.forEachStored(delegate, (pk, stored) => {
        if (!filter(parseCollectionKey(pk))) return;
        delegate.setEntity(collection, pk, { ...stored, ...refs });
      });
      return refs;
    }
    if (collection.isValues) {
      throw new SchemaError(
        collection.key,
        `${this.mode} needs a list collection (Values use assign)`,
        input,
      );
    }
    const isList = Array.isArray(input);
    const items = isList ? input : [input];
    if (this.mode === 'paginate') return this.appendPage(items, parent, key, delegate);

    const previous =
      this.mode === 'move' ? this.previousValues(items, parent, key, delegate) : undefined;
    const refs = inner.normalize(items, parent, key, delegate) as any[];
    const params = delegate.args[0];
    const filters = refs.map((ref) => {
      const value = this.memberValue(ref, delegate);
      return this.mode === 'move'
        ? collection.createCollectionFilter(...([{ ...params, ...value }, value] as any))
        : collection.createCollectionFilter(...([params, value ?? delegate.args[1]] as any));
    });
    const oldFilters = previous?.map((value) =>
      value === undefined
        ? undefined
        : collection.createCollectionFilter(...([{ ...params, ...value }, value] as any)),
    );

    this.forEachStored(delegate, (pk, stored) => {
      if (!Array.isArray(stored)) return;
      const collectionKey = parseCollectionKey(pk);
      let next: any[] | undefined;
      if (this.mode === 'push' || this.mode === 'unshift') {
        const added = refs.filter((_ref, i) => filters[i](collectionKey));
        if (added.length > 0)
          next = this.mode === 'push' ? [...stored, ...added] : [...added, ...stored];
      } else {
        for (let i = 0; i < refs.length; i++) {
          const ref = refs[i];
          const matches = filters[i](collectionKey);
          const list = next ?? stored;
          const contained = containsMember(list, ref);
          if (this.mode === 'remove') {
            if (matches && contained) next = list.filter((m) => !sameMember(m, ref));
            continue;
          }
          // move: leave collections the old state matched and the new one does not; join new ones
          const oldFilter = oldFilters?.[i];
          if (!matches && contained && (oldFilter === undefined || oldFilter(collectionKey))) {
            next = list.filter((m) => !sameMember(m, ref));
          } else if (matches && !contained) {
            next = [...list, ref];
          }
        }
      }
      if (next !== undefined) delegate.setEntity(collection, pk, next);
    });
    return isList ? refs : refs[0];
  }

  /** Stored values of the entities before this response, for `move`. */
  private previousValues(
    items: readonly any[],
    parent: any,
    key: any,
    delegate: INormalizeDelegate,
  ): any[] {
    const inner = this.collection.schema;
    return items.map((item) => {
      if (item === null || typeof item !== 'object') return undefined;
      let schema = inner.isSingleSchema ? inner.schema : inner.inferSchema(item, parent, key);
      if (schema instanceof Union) schema = schema.inferSchema(item, parent, key);
      if (!isEntityLike(schema)) return undefined;
      const processed = (schema as any).process
        ? (schema as any).process(item, parent, key, delegate.args)
        : item;
      const pk = checkPk(schema.key, schema.pk(processed, parent, key, delegate.args), item);
      const stored = delegate.getEntity(schema.key, pk);
      return stored === INVALID ? undefined : stored;
    });
  }

  private appendPage(
    items: readonly any[],
    parent: any,
    key: any,
    delegate: INormalizeDelegate,
  ): any[] {
    const collection = this.collection;
    const refs = collection.schema.normalize(items, parent, key, delegate) as any[];
    const targetArgs = this.removeCursor ? this.removeCursor(...delegate.args) : delegate.args;
    const pk = collection.pk(undefined, undefined, undefined, targetArgs);
    const stored = delegate.getEntity(collection.key, pk);
    if (Array.isArray(stored)) {
      const added = refs.filter((ref) => !containsMember(stored, ref));
      if (added.length > 0) delegate.setEntity(collection, pk, [...stored, ...added]);
    } else {
      delegate.setEntity(collection, pk, refs);
    }
    return refs;
  }

  private forEachStored(
    delegate: INormalizeDelegate,
    visit: (pk: string, stored: any) => void,
  ): void {
    const table = delegate.getEntities(this.collection.key);
    if (table === undefined) return;
    for (const pk of Object.keys(table)) {
      const stored = table[pk];
      if (stored === undefined || stored === INVALID) continue;
      visit(pk, stored);
    }
  }

  denormalize(input: any, delegate: IDenormalizeDelegate): any {
    const inner = this.collection.schema;
    if (
      Array.isArray(input) ||
      (this.mode === 'assign' && input !== null && typeof input === 'object')
    ) {
      return inner.denormalize(input, delegate);
    }
    return inner.denormalizeValue(input, delegate);
  }

  queryKey(_args: readonly any[], _delegate: unknown): undefined {
    return undefined;
  }
}
