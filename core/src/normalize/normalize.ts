import { describeSchema } from '../schema/describeSchema';
import { expectsObject } from '../schema/expectsObject';
import {
  type EntitiesMeta,
  type EntityTables,
  getOwn,
  type INormalizeDelegate,
  INVALID,
  type Indexes,
  type Mergeable,
  type Normalize,
  SchemaError,
  type SchemaSimple,
  type StoreData,
  setOwn,
  type WriteMeta,
} from '../schema/index';
import type { FieldKey } from '../schema/interface';
import { normalizeObject } from '../schema/objectShorthand';
import { sameData } from './sameData';
import { arraySchemaFor } from './shorthand';
import { copyTable, deleteEntry, putEntry, TableCopy } from './tableCopy';

/** Nesting deeper than this is rejected (a response this deep is a bug or an attack). */
export const MAX_NORMALIZE_DEPTH = 256;
/** Beyond this depth the walker starts tracking input objects, so cyclic input terminates. */
const LOOP_CHECK_DEPTH = 64;

const EPOCH_META: WriteMeta = Object.freeze({ fetchedAt: 0, date: 0, expiresAt: 0 });

export interface NormalizedSchema<R = unknown> {
  result: R;
  entities: EntityTables;
  indexes: Indexes;
  entitiesMeta: EntitiesMeta;
}

type Table = Record<string, unknown>;
/** `index[lookup value] = pk` */
type Index = Record<string, string>;

/**
 * Walks one response. Tables it touches are copied once (copy-on-write); untouched tables and
 * entities are shared with the input state, which is never mutated.
 */
class NormalizeWalker implements INormalizeDelegate {
  readonly args: readonly unknown[];
  readonly meta: WriteMeta;
  private readonly source: StoreData;
  private entities: Record<string, Table> | undefined;
  private indexes: Record<string, Record<string, Index>> | undefined;
  private entitiesMeta: Record<string, Record<string, WriteMeta>> | undefined;
  private readonly tables = new Map<string, TableCopy<unknown>>();
  private readonly metaTables = new Map<string, TableCopy<WriteMeta>>();
  private readonly indexTables = new Map<string, Record<string, Index>>();
  private lastKey = '';
  private lastTable: TableCopy<unknown> | undefined;
  private lastMetaKey = '';
  private lastMetaTable: TableCopy<WriteMeta> | undefined;
  private depth = 0;
  private readonly loop = new Set<object>();

  constructor(args: readonly unknown[], source: StoreData, meta: WriteMeta) {
    this.args = args;
    this.source = source;
    this.meta = meta;
  }

  visit(schema: unknown, value: unknown, parent: unknown, key: FieldKey): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null)
      return value;
    const kind = typeof schema;
    if (kind !== 'function' && kind !== 'object') return value;
    if (++this.depth > MAX_NORMALIZE_DEPTH) {
      throw new SchemaError(
        describeSchema(schema),
        `nesting deeper than ${MAX_NORMALIZE_DEPTH} levels`,
        value,
      );
    }
    let out: unknown;
    const custom = schema as Partial<SchemaSimple>;
    if (typeof custom.normalize === 'function') out = custom.normalize(value, parent, key, this);
    else if (kind === 'function') out = value;
    else if (Array.isArray(schema))
      out = arraySchemaFor(schema).normalize(value, parent, key, this);
    else out = normalizeObject(schema as object, value, this);
    this.depth--;
    return out;
  }

  checkLoop(_key: string, _pk: string, input: object): boolean {
    if (this.depth <= LOOP_CHECK_DEPTH) return false;
    if (this.loop.has(input)) return true;
    this.loop.add(input);
    return false;
  }

  leaveLoop(input: object): void {
    if (this.depth > LOOP_CHECK_DEPTH) this.loop.delete(input);
  }

  getEntities(key: string): Table | undefined {
    return this.currentTable(key);
  }

  getEntity(key: string, pk: string): unknown {
    return getOwn(this.currentTable(key), pk);
  }

  getMeta(key: string, pk: string): WriteMeta | undefined {
    const copy = this.metaTables.get(key);
    return copy !== undefined ? copy.table[pk] : getOwn(getOwn(this.source.entitiesMeta, key), pk);
  }

  mergeEntity(schema: Mergeable, pk: string, incoming: unknown): void {
    const key = schema.key;
    // Tables are copied only once something in them changes: a merge that changes nothing
    // (an older or identical response) costs no copy of a large table.
    const existing = getOwn(this.currentTable(key), pk);
    if (existing === undefined || existing === INVALID) {
      const table = this.writableTable(key);
      if (existing === undefined) table.putAbsent(pk, incoming);
      else table.put(pk, incoming);
      this.writableMetaTable(key).put(pk, this.meta);
      if (schema.indexes !== undefined)
        this.updateIndexes(key, schema.indexes, pk, incoming, existing);
      return;
    }
    const existingMeta: WriteMeta = this.getMeta(key, pk) ?? EPOCH_META;
    let value: unknown;
    if (existingMeta === this.meta) {
      // Seen earlier in this same response: plain merge, no ordering question.
      value = schema.merge(existing, incoming);
    } else {
      value = schema.mergeWithStore(existingMeta, this.meta, existing, incoming);
      const meta = schema.mergeMetaWithStore(existingMeta, this.meta, existing, incoming);
      if (meta !== existingMeta) this.writableMetaTable(key).put(pk, meta);
    }
    if (value === existing || sameData(value, existing)) return;
    this.writableTable(key).put(pk, value);
    if (schema.indexes !== undefined) this.updateIndexes(key, schema.indexes, pk, value, existing);
  }

  setEntity(schema: Mergeable, pk: string, entity: unknown): void {
    const key = schema.key;
    this.writableTable(key).put(pk, entity);
    const metaTable = this.writableMetaTable(key);
    if (metaTable.table[pk] === undefined) metaTable.put(pk, this.meta);
  }

  invalidate(schema: { key: string }, pk: string): void {
    this.writableTable(schema.key).put(pk, INVALID);
    this.writableMetaTable(schema.key).put(pk, this.meta);
  }

  result<R>(value: R): NormalizedSchema<R> {
    return {
      result: value,
      entities: this.entities ?? this.source.entities,
      indexes: this.indexes ?? this.source.indexes,
      entitiesMeta: this.entitiesMeta ?? this.source.entitiesMeta,
    };
  }

  /** The table of `key` as this call sees it: its copy once written, else the input's. */
  private currentTable(key: string): Table | undefined {
    if (key === this.lastKey && this.lastTable !== undefined) return this.lastTable.table;
    return this.tables.get(key)?.table ?? getOwn(this.source.entities, key);
  }

  private writableTable(key: string): TableCopy<unknown> {
    if (key === this.lastKey && this.lastTable !== undefined) return this.lastTable;
    const copy = this.writable(this.tables, this.source.entities, key, 'entities');
    this.lastKey = key;
    this.lastTable = copy;
    return copy;
  }

  private writableMetaTable(key: string): TableCopy<WriteMeta> {
    if (key === this.lastMetaKey && this.lastMetaTable !== undefined) return this.lastMetaTable;
    const copy = this.writable(this.metaTables, this.source.entitiesMeta, key, 'entitiesMeta');
    this.lastMetaKey = key;
    this.lastMetaTable = copy;
    return copy;
  }

  /** This call's copy of one table, made on first write (the top-level object is copied once too). */
  private writable<T>(
    copies: Map<string, TableCopy<T>>,
    source: { readonly [key: string]: { readonly [key: string]: T } | undefined },
    key: string,
    output: 'entities' | 'entitiesMeta',
  ): TableCopy<T> {
    let copy = copies.get(key);
    if (copy === undefined) {
      copy = new TableCopy<T>(getOwn(source, key));
      copies.set(key, copy);
      // `output` names this call's copy of `source`, a table of T tables (T is tied to `output`)
      const outputs = this as unknown as Record<typeof output, typeof source | undefined>;
      const tables = (outputs[output] ??= { ...source });
      setOwn(tables, key, copy.table);
    }
    return copy;
  }

  private updateIndexes(
    key: string,
    names: readonly string[],
    pk: string,
    value: unknown,
    previous: unknown,
  ): void {
    let byName = this.indexTables.get(key);
    if (byName === undefined) {
      byName = Object.create(null) as Record<string, Index>;
      const source = getOwn(this.source.indexes, key);
      if (source) for (const name of Object.keys(source)) byName[name] = source[name];
      this.indexTables.set(key, byName);
      this.indexes ??= { ...this.source.indexes } as Record<string, Record<string, Index>>;
      setOwn(this.indexes, key, byName);
    }
    for (const name of names) {
      const lookup = fieldOf(value, name);
      const before = previous !== INVALID ? fieldOf(previous, name) : undefined;
      if (lookup === before && lookup === undefined) continue;
      // each touched index is copied once per call
      let index = byName[name];
      if (!this.copiedIndexes.has(index)) {
        index = copyTable(index);
        this.copiedIndexes.add(index);
        byName[name] = index;
      }
      if (before !== undefined && before !== lookup && index[String(before)] === pk)
        deleteEntry(index, String(before));
      if (lookup !== undefined && lookup !== null) putEntry(index, String(lookup), pk);
    }
  }

  private readonly copiedIndexes = new Set<Index | undefined>();
}

/** A field of a stored entity, if it is an object (indexes read their field from it). */
function fieldOf(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Normalizes `input` by `schema` into the given store data, returning new tables (the input
 * state is never mutated; untouched tables and entities are shared).
 */
export function normalize<S = unknown, R = Normalize<S>>(
  schema: S | undefined,
  input: unknown,
  args: readonly unknown[] = [],
  state: Partial<StoreData> = {},
  meta: Partial<WriteMeta> = {},
): NormalizedSchema<R> {
  const now = Date.now();
  const responseMeta: WriteMeta = Object.freeze({
    fetchedAt: meta.fetchedAt ?? now,
    date: meta.date ?? now,
    expiresAt: meta.expiresAt ?? Number.POSITIVE_INFINITY,
  });
  const source: StoreData = {
    entities: state.entities ?? {},
    indexes: state.indexes ?? {},
    entitiesMeta: state.entitiesMeta ?? {},
  };
  const walker = new NormalizeWalker(args, source, responseMeta);
  if (schema === undefined || schema === null || input === undefined || input === null) {
    return walker.result(input as R);
  }
  if (typeof input !== 'object' && expectsObject(schema)) {
    throw new SchemaError(
      describeSchema(schema),
      `unexpected input given to normalize: expected an object, found a ${typeof input}`,
      input,
    );
  }
  return walker.result(walker.visit(schema, input, undefined, undefined) as R);
}
