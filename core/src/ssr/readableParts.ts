import { warnInDevelopment } from '../schema/development';
import { INVALID } from '../schema/INVALID';
import { setOwn } from '../schema/ownProperty';
import { describeValue } from '../schema/SchemaError';
import type { CacheState, ResultMeta } from '../store/State';

/** What a check returns for a value that is not of the right kind. */
const LEFT_OUT = Symbol('left out');
type Check = (value: unknown, path: string) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parts of a page state that are of the right kind, for `hydrate` (see
 * docs/guide/ssr.md#what-hydrate-accepts). A page state comes from outside the app's code (a cache,
 * a proxy, an edited page), so a part of the wrong kind is left out rather than refused: what it
 * held reads as missing and is fetched again, and everything else is kept. Kinds are checked, not
 * values: an expiry in the future is trusted.
 */
export function readableParts(cache: Record<string, unknown>): CacheState {
  const leftOut: string[] = [];
  /** `record` without the entries `check` leaves out (the same object when none is). */
  const entries = (record: unknown, path: string, check: Check): Record<string, unknown> => {
    if (!isRecord(record)) return {};
    let out: Record<string, unknown> | undefined;
    const keys = Object.keys(record);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = record[key];
      const kept = check(value, `${path}.${key}`);
      if (kept === value && out === undefined) continue;
      // The first change: copy what was kept so far, then go on in the copy.
      if (out === undefined) {
        out = {};
        for (let j = 0; j < i; j++) setOwn(out, keys[j], record[keys[j]]);
      }
      if (kept === LEFT_OUT) leftOut.push(`${path}.${key} (${describeValue(value)})`);
      else setOwn(out, key, kept);
    }
    return out ?? record;
  };
  const table =
    (check: Check): Check =>
    (value, path) =>
      isRecord(value) ? entries(value, path, check) : LEFT_OUT;

  const entities = entries(cache.entities, 'entities', table(isEntity)) as CacheState['entities'];
  const entitiesMeta = entries(cache.entitiesMeta, 'entitiesMeta', table(writeMeta));
  const indexes = entries(cache.indexes, 'indexes', table(table(isPk)));
  let meta = entries(cache.meta, 'meta', writeMeta);
  if (leftOut.some((path) => path.startsWith('entities.'))) {
    // Which results named what was left out is unknown here: all of them are fetched again
    // (shown meanwhile, as after `expireAll`), so no list shows fewer members than it has.
    meta = entries(meta, 'meta', (value) => ({ ...(value as ResultMeta), expiresAt: 1 }));
  }
  if (leftOut.length > 0) {
    warnInDevelopment(
      () =>
        process.env.NODE_ENV !== 'production' &&
        `hydrate() left out ${leftOut.length} part(s) of the page state that are not of the right kind, which readers fetch again: ${leftOut.slice(0, 5).join(', ')}${leftOut.length > 5 ? ', …' : ''}. Hand hydrate() what serializeState(dehydrate(controller)) wrote, unchanged.`,
    );
  }
  return {
    entities,
    entitiesMeta: entitiesMeta as CacheState['entitiesMeta'],
    indexes: indexes as CacheState['indexes'],
    endpoints: cache.endpoints as CacheState['endpoints'],
    meta: meta as CacheState['meta'],
  };
}

/** A stored entity is an object (a Collection's is a list); INVALID marks an invalidated one. */
const isEntity: Check = (value) =>
  (typeof value === 'object' && value !== null) || value === INVALID ? value : LEFT_OUT;

/** An index maps a field's value to a primary key. */
const isPk: Check = (value) => (typeof value === 'string' ? value : LEFT_OUT);

/**
 * When a result or entity was written (numbers). JSON writes an endless expiry
 * (`dataExpiryLength: Infinity`) as `null`: it is read back as endless.
 */
const writeMeta: Check = (value) => {
  if (!isRecord(value)) return LEFT_OUT;
  const { fetchedAt, date, expiresAt } = value;
  if (typeof fetchedAt !== 'number' || typeof date !== 'number') return LEFT_OUT;
  if (expiresAt === null) return { ...value, expiresAt: Number.POSITIVE_INFINITY };
  return typeof expiresAt === 'number' ? value : LEFT_OUT;
};
