import type { EntityMemoEntry } from './DenormalizeWalker';

/**
 * Shards per table. V8 gives a hash table over about 128 KiB (roughly 4k entries) to the
 * large-object space, where each growth step and each insert costs several times more: one
 * WeakMap holding the 2,826 entities of the benchmark payload took ~90 ns per insert, shards of
 * a few hundred ~25 ns. 32 shards keep tables up to ~80k entities below that size.
 */
const SHARDS = 32;

/**
 * Which shard a pk goes to: a mix of its length and four of its characters (the last two, where
 * sequential ids differ, and two inside, where prefixed names do), cheap and even enough.
 */
function shardOf(pk: string): number {
  const n = pk.length;
  if (n < 2) return n === 0 ? 0 : pk.charCodeAt(0) & (SHARDS - 1);
  const h =
    n * 7 +
    pk.charCodeAt(n - 1) * 31 +
    pk.charCodeAt(n - 2) * 5 +
    pk.charCodeAt(n >> 1) * 3 +
    pk.charCodeAt(n >> 2);
  return h & (SHARDS - 1);
}

/**
 * Memo entries by the stored object they were built from, in small WeakMaps chosen by the
 * entity's table key and pk (an entry lives exactly as long as its stored object).
 */
export class EntityMemoMap {
  private readonly byKey = new Map<string, (WeakMap<object, EntityMemoEntry> | undefined)[]>();
  private lastKey: string | undefined = undefined;
  private lastShards: (WeakMap<object, EntityMemoEntry> | undefined)[] | undefined = undefined;

  private shardsOf(key: string): (WeakMap<object, EntityMemoEntry> | undefined)[] {
    if (key === this.lastKey) return this.lastShards!;
    let shards = this.byKey.get(key);
    if (shards === undefined) {
      shards = new Array(SHARDS).fill(undefined);
      this.byKey.set(key, shards);
    }
    this.lastKey = key;
    this.lastShards = shards;
    return shards;
  }

  /** The WeakMap holding the entries of `key`'s entities whose pk is `pk` (among others). */
  shard(key: string, pk: string): WeakMap<object, EntityMemoEntry> {
    const shards = this.shardsOf(key);
    const i = shardOf(pk);
    let shard = shards[i];
    if (shard === undefined) {
      shard = new WeakMap();
      shards[i] = shard;
    }
    return shard;
  }

  get(key: string, pk: string, stored: object): EntityMemoEntry | undefined {
    return this.shardsOf(key)[shardOf(pk)]?.get(stored);
  }
}
