// The panel's model: the store as rows (keys, entities, timeline entries), with no DOM.
import { type Action, type Controller, Entity, type State } from '@tessera/core';
import type { Changed } from './changes';
import type { KeySource } from './session';

/** Priority order: a key in flight is `loading` whatever it holds, then `error`, and so on. */
export type KeyStatus = 'loading' | 'error' | 'invalid' | 'stale' | 'fresh';

export interface KeyRow {
  readonly key: string;
  readonly status: KeyStatus;
  /** Store clock time its data (or error) expires at; undefined before the first outcome. */
  readonly expiresAt: number | undefined;
  /** How many readers follow it (live selections and held references). */
  readonly readers: number;
  /** Denormalized when its endpoint is known, else as stored (normalized). */
  readonly data: unknown;
  readonly error: unknown;
  /** Known once it was read, fetched or written while the devtools watched: refetch needs it. */
  readonly source: KeySource | undefined;
}

const own = <V>(record: { readonly [key: string]: V } | undefined, key: string): V | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

export function statusOf(state: State, key: string, now: number): KeyStatus {
  if (own(state.fetching, key) !== undefined) return 'loading';
  const meta = own(state.meta, key);
  if (meta?.error !== undefined) return 'error';
  if (!meta || meta.invalidated) return 'invalid';
  return meta.expiresAt <= now ? 'stale' : 'fresh';
}

/** Every key the store knows (results, outcomes, fetches in flight), sorted. */
export function keyRows(controller: Controller, sources: ReadonlyMap<string, KeySource>): KeyRow[] {
  const state = controller.getState();
  const now = controller.now();
  const { readers } = controller.liveReferences();
  const keys = new Set([
    ...Object.keys(state.endpoints),
    ...Object.keys(state.meta),
    ...Object.keys(state.fetching),
  ]);
  return [...keys].sort().map((key) => {
    const live = readers.get(key);
    const source = live?.endpoint
      ? { endpoint: live.endpoint, args: live.args! }
      : sources.get(key);
    const meta = own(state.meta, key);
    return {
      key,
      status: statusOf(state, key, now),
      expiresAt: meta?.expiresAt,
      readers: live?.count ?? 0,
      data: readData(controller, key, source),
      error: meta?.error,
      source,
    };
  });
}

function readData(controller: Controller, key: string, source: KeySource | undefined): unknown {
  const stored = own(controller.getState().endpoints, key);
  if (!source) return stored;
  try {
    return controller.getResponse(source.endpoint, ...(source.args as [])).data;
  } catch {
    // A result its schema cannot read any more: show it as stored.
    return stored;
  }
}

/** `Todo 1`: how the panel names one entity. */
export const entityId = (table: string, pk: string) => `${table} ${pk}`;

/** Which keys read each entity (`entityId` → keys), from the entities in each key's data. */
export function entityReaders(rows: readonly KeyRow[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const row of rows) {
    for (const id of entitiesIn(row.data)) {
      const keys = index.get(id);
      if (keys) keys.push(row.key);
      else index.set(id, [row.key]);
    }
  }
  return index;
}

/** The `entityId`s of the entities in denormalized data, nested ones included. */
function entitiesIn(data: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Entity) {
      try {
        const { key } = value.constructor as typeof Entity;
        found.add(entityId(key, String((value as unknown as { pk(): unknown }).pk())));
      } catch {
        // A pk() that needs what only normalize has (a parent, arguments): not indexed.
      }
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
  };
  visit(data);
  return found;
}

export interface EntityRow {
  readonly pk: string;
  /** As stored (normalized: nested entities are pks). */
  readonly value: unknown;
  readonly readBy: readonly string[];
}

export interface EntityTable {
  readonly name: string;
  /** Entities in the table; `rows` holds those the search matched. */
  readonly size: number;
  readonly rows: readonly EntityRow[];
}

/**
 * The entity tables, sorted, each with the entities that match `search` (in the table name, the
 * pk or the stored value, ignoring case). Tables with no match are left out.
 */
export function entityTables(
  state: State,
  readers: ReadonlyMap<string, readonly string[]>,
  search = '',
): EntityTable[] {
  const needle = search.trim().toLowerCase();
  const matches = (name: string, pk: string, value: unknown) =>
    !needle ||
    name.toLowerCase().includes(needle) ||
    pk.toLowerCase().includes(needle) ||
    toText(value).toLowerCase().includes(needle);
  const tables: EntityTable[] = [];
  for (const name of Object.keys(state.entities).sort()) {
    const table = state.entities[name] ?? {};
    const pks = Object.keys(table);
    const rows = pks
      .filter((pk) => matches(name, pk, table[pk]))
      .map((pk) => ({ pk, value: table[pk], readBy: readers.get(entityId(name, pk)) ?? [] }));
    if (rows.length > 0 || !needle) tables.push({ name, size: pks.length, rows });
  }
  return tables;
}

/** A timeline entry as one line: what happened to which key. */
export function describeAction(action: Action): string {
  switch (action.type) {
    case 'setResponse':
      return `${action.error ? 'error' : 'response'} ${action.key}`;
    case 'invalidate':
      return `invalidate ${typeof action.keys === 'function' ? 'matching keys' : action.keys.join(', ')}`;
    case 'expireAll':
      return 'expire matching keys';
    case 'set':
      return `set ${schemaName(action.schema)}`;
    case 'gc':
      return `gc ${action.keys.length} keys, ${action.entities.length} entities`;
    case 'reset':
      return 'reset';
    case 'writeEntries':
      return `from another tab: ${action.entries.length} entries`;
    default:
      return `${action.type} ${action.key}`;
  }
}

function schemaName(schema: unknown): string {
  const key = (schema as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : 'a schema';
}

/** What an entry changed, as lines: `all`, then result keys, then `Todo 1, 2`. */
export function describeChanges(changed: Changed): string[] {
  const lines = changed.all ? ['everything (reset)'] : [];
  for (const key of [...changed.results].sort()) lines.push(key);
  for (const [table, pks] of [...changed.entities].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${table} ${[...pks].join(', ')}`);
  }
  return lines;
}

const MAX_TEXT = 20_000;

/**
 * Readable JSON of any value: errors by name, message and status, functions and cycles named,
 * long texts cut. Never throws.
 */
export function toText(value: unknown): string {
  if (value === undefined) return 'undefined';
  const ancestors: object[] = [];
  let text: string;
  try {
    text = JSON.stringify(
      value,
      function (this: unknown, _key, item: unknown) {
        if (typeof item === 'function') return `[function ${item.name}]`;
        if (typeof item === 'bigint') return `${item}n`;
        if (typeof item !== 'object' || item === null) return item;
        while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
        if (ancestors.includes(item)) return '[circular]';
        ancestors.push(item);
        if (item instanceof Error) return plainError(item);
        return item;
      },
      2,
    );
  } catch (error) {
    text = `[unreadable: ${String(error)}]`;
  }
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}\n… (cut at ${MAX_TEXT} characters)`
    : text;
}

/** An error as plain data (JSON drops an Error's fields): name, message and status. */
export function plainError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { status } = error as { status?: unknown };
  return { name: error.name, message: error.message, ...(status === undefined ? {} : { status }) };
}
