import { describeSchema } from '../schema/describeSchema';
import { message } from '../schema/development';
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
  type WriteMeta,
} from '../schema/index';
import type { FieldKey } from '../schema/interface';
import { normalizeObject } from '../schema/objectShorthand';
import { type TableHandle, TableWriter } from '../tables/TableWriter';
import { sameData } from './sameData';
import { arraySchemaFor } from './shorthand';
import { claimTable } from './tableClaims';

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

/** The tables of one entity key a walk has made writable (each once), and who claimed them. */
interface KeyTables {
  readonly key: string;
  table: TableHandle<unknown> | undefined;
  meta: TableHandle<WriteMeta> | undefined;
  /** @internal */
  claimant: object | undefined;
}
/** `index[lookup value] = pk` */
type Index = Record<string, string>;

/**
 * Walks one response, writing through a `TableWriter`: tables its owner holds are changed in
 * place, any other table is copied once (so plain `normalize` never mutates its input state).
 * Untouched tables and entities are shared with the input.
 */
class NormalizeWalker implements INormalizeDelegate {
  readonly args: readonly unknown[];
  readonly meta: WriteMeta;
  private readonly source: StoreData;
  private readonly writer: TableWriter;
  /** The three roots once written (each writable), else undefined: the source's is current. */
  private entities: Record<string, Table | undefined> | undefined;
  private indexes: Record<string, Record<string, Index | undefined> | undefined> | undefined;
  private entitiesMeta: Record<string, Record<string, WriteMeta> | undefined> | undefined;
  /** What this walk knows of each entity key written (the last one at hand: nested entities
   * alternate with their parents, so each key's state is found once per switch). */
  private readonly byKey = new Map<string, KeyTables>();
  private last: KeyTables | undefined;
  private depth = 0;
  private readonly loop = new Set<object>();

  constructor(
    args: readonly unknown[],
    source: StoreData,
    meta: WriteMeta,
    writer: TableWriter,
    /** An optimistic update's write: over what is stored whatever its age (see `normalizeWith`). */
    private readonly onTop: boolean,
  ) {
    this.args = args;
    this.source = source;
    this.meta = meta;
    this.writer = writer;
  }

  visit(schema: unknown, value: unknown, parent: unknown, key: FieldKey): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null)
      return value;
    const kind = typeof schema;
    if (kind !== 'function' && kind !== 'object') return value;
    if (++this.depth > MAX_NORMALIZE_DEPTH) {
      throw new SchemaError(
        describeSchema(schema),
        message(
          'TSR15',
          () =>
            process.env.NODE_ENV !== 'production' &&
            `nesting deeper than ${MAX_NORMALIZE_DEPTH} levels`,
        ),
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
    return this.currentTable(this.keyTables(key));
  }

  getEntity(key: string, pk: string): unknown {
    return getOwn(this.currentTable(this.keyTables(key)), pk);
  }

  getMeta(key: string, pk: string): WriteMeta | undefined {
    return getOwn(getOwn(this.entitiesMeta ?? this.source.entitiesMeta, key), pk);
  }

  mergeEntity(schema: Mergeable, pk: string, incoming: unknown): void {
    const key = schema.key;
    const tables = this.keyTables(key);
    this.claim(tables, schema, incoming);
    // Tables are written only once something in them changes: a merge that changes nothing
    // (an older or identical response) costs no copy, and stamps no table as changed.
    const existing = getOwn(this.currentTable(tables), pk);
    // Deleted by a write newer than this response (a GET sent before the DELETE, answered after
    // it): it stays deleted. Written on top (an optimistic update) it shows.
    if (
      existing === INVALID &&
      !this.onTop &&
      this.meta.fetchedAt < (this.getMeta(key, pk)?.fetchedAt ?? 0)
    )
      return;
    if (existing === undefined || existing === INVALID) {
      this.writer.putIn(this.writableTable(tables), pk, incoming);
      this.writer.putIn(this.writableMetaTable(tables), pk, this.meta);
      if (schema.indexes !== undefined)
        this.updateIndexes(key, schema.indexes, pk, incoming, existing);
      return;
    }
    const existingMeta: WriteMeta = this.getMeta(key, pk) ?? EPOCH_META;
    let value: unknown;
    if (existingMeta === this.meta || this.onTop) {
      // Seen earlier in this same response, or written on top: plain merge, no ordering.
      value = schema.merge(existing, incoming);
    } else {
      value = schema.mergeWithStore(existingMeta, this.meta, existing, incoming);
      const meta = schema.mergeMetaWithStore(existingMeta, this.meta, existing, incoming);
      if (meta !== existingMeta) this.writer.putIn(this.writableMetaTable(tables), pk, meta);
    }
    if (value === existing || sameData(value, existing)) return;
    this.writer.putIn(this.writableTable(tables), pk, value);
    if (schema.indexes !== undefined) this.updateIndexes(key, schema.indexes, pk, value, existing);
  }

  setEntity(schema: Mergeable, pk: string, entity: unknown): void {
    const tables = this.keyTables(schema.key);
    this.writer.putIn(this.writableTable(tables), pk, entity);
    const metaTable = this.writableMetaTable(tables);
    if (metaTable.table[pk] === undefined) this.writer.putIn(metaTable, pk, this.meta);
  }

  invalidate(schema: { key: string }, pk: string): void {
    const tables = this.keyTables(schema.key);
    this.claim(tables, schema, pk);
    this.writer.putIn(this.writableTable(tables), pk, INVALID);
    this.writer.putIn(this.writableMetaTable(tables), pk, this.meta);
  }

  result<R>(value: R): NormalizedSchema<R> {
    return {
      result: value,
      entities: this.entities ?? this.source.entities,
      indexes: (this.indexes as Indexes | undefined) ?? this.source.indexes,
      entitiesMeta: this.entitiesMeta ?? this.source.entitiesMeta,
    };
  }

  /**
   * An Entity class's write claims its table (see tableClaims); checked once per walk and key,
   * again only when another class writes the key.
   */
  private claim(tables: KeyTables, schema: object, value: unknown): void {
    if (schema !== tables.claimant && typeof schema === 'function') {
      const tookOver = claimTable(this.writer.owner, schema as never, value);
      tables.claimant = schema;
      // Taken over from a class of the same name (development only): none of its records is
      // read with this class (each reads as invalid, so it is fetched again).
      if (tookOver && process.env.NODE_ENV !== 'production')
        for (const pk of Object.keys(this.currentTable(tables) ?? {}))
          this.invalidate(schema as never, pk);
    }
  }

  private keyTables(key: string): KeyTables {
    let tables = this.last;
    if (tables?.key !== key) {
      tables = this.byKey.get(key);
      if (tables === undefined) {
        tables = { key, table: undefined, meta: undefined, claimant: undefined };
        this.byKey.set(key, tables);
      }
      this.last = tables;
    }
    return tables;
  }

  /** The table of `key` as this call sees it (written or not). */
  private currentTable(tables: KeyTables): Table | undefined {
    return tables.table !== undefined
      ? tables.table.table
      : getOwn(this.entities ?? this.source.entities, tables.key);
  }

  private writableTable(tables: KeyTables): TableHandle<unknown> {
    if (tables.table === undefined) {
      this.entities ??= this.writer.writable(this.source.entities, 'entities');
      tables.table = this.writer.childHandle(this.entities, tables.key);
    }
    return tables.table;
  }

  private writableMetaTable(tables: KeyTables): TableHandle<WriteMeta> {
    if (tables.meta === undefined) {
      this.entitiesMeta ??= this.writer.writable(this.source.entitiesMeta, 'entitiesMeta');
      tables.meta = this.writer.childHandle(this.entitiesMeta, tables.key);
    }
    return tables.meta;
  }

  private updateIndexes(
    key: string,
    names: readonly string[],
    pk: string,
    value: unknown,
    previous: unknown,
  ): void {
    const writer = this.writer;
    let byName: Record<string, Index | undefined> | undefined;
    for (const name of names) {
      const lookup = fieldOf(value, name);
      const before = previous !== INVALID ? fieldOf(previous, name) : undefined;
      if (lookup === before) {
        // Unchanged field: nothing to write unless the index lost track of it.
        if (lookup === undefined || lookup === null) continue;
        const current = getOwn(getOwn(this.indexes ?? this.source.indexes, key), name);
        if (getOwn(current, String(lookup)) === pk) continue;
      }
      if (byName === undefined) {
        this.indexes ??= writer.writable(this.source.indexes, 'indexes');
        byName = writer.child(this.indexes, key);
      }
      const index = writer.child(byName, name);
      if (before !== undefined && before !== lookup && index[String(before)] === pk)
        writer.delete(index, String(before));
      if (lookup !== undefined && lookup !== null) writer.put(index, String(lookup), pk);
    }
  }
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
  return normalizeWith(new TableWriter({}), schema, input, args, state, meta);
}

/**
 * `normalize` through a given writer: the store passes one of its owner's, so the tables it holds
 * are written in place. On a throw the caller rolls the writer back (`writeOrUndo`). `onTop`
 * merges each entity over what is stored whatever their ages (an optimistic update, shown over
 * data written after it started until its mutation's answer).
 */
export function normalizeWith<S = unknown, R = Normalize<S>>(
  writer: TableWriter,
  schema: S | undefined,
  input: unknown,
  args: readonly unknown[] = [],
  state: Partial<StoreData> = {},
  meta: Partial<WriteMeta> = {},
  onTop = false,
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
  const walker = new NormalizeWalker(args, source, responseMeta, writer, onTop);
  if (schema === undefined || schema === null || input === undefined || input === null) {
    return walker.result(input as R);
  }
  if (typeof input !== 'object' && expectsObject(schema)) {
    throw new SchemaError(
      describeSchema(schema),
      message(
        `TSR16 ${typeof input}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `unexpected input given to normalize: expected an object, found a ${typeof input}`,
      ),
      input,
    );
  }
  return walker.result(walker.visit(schema, input, undefined, undefined) as R);
}
