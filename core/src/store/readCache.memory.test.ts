import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MemoCache } from '../normalize/MemoCache';
import { normalize } from '../normalize/normalize';
import { Todo } from '../schema/fixtures.test-helpers';
import type { EndpointInterface } from './EndpointInterface';
import { readResult } from './readCache';
import type { CacheState } from './State';

setFlagsFromString('--expose-gc');
const collect: (options?: { type: 'minor' }) => void = runInNewContext('gc');

describe('reading a result', () => {
  it('what a dropped read built dies young: young-generation collections free it', () => {
    const todos = Array.from({ length: 2000 }, (_, id) => ({ id, title: `todo ${id}` }));
    const { entities, indexes, entitiesMeta, result } = normalize([Todo], todos);
    const cache: CacheState = {
      entities,
      indexes,
      entitiesMeta,
      endpoints: { 'GET /todos': result },
      meta: { 'GET /todos': { fetchedAt: 1, date: 1, expiresAt: 10 } },
    };
    const list = Object.assign(async () => todos, {
      key: () => 'GET /todos',
      schema: [Todo],
    }) satisfies EndpointInterface;
    // Reads and drops a result (and the memo it was built in) in a frame of its own.
    const readOnce = () =>
      (readResult(new MemoCache(), list, 'GET /todos', [], cache, 0).data as []).length;
    const oldSpace = () =>
      getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
    collect();
    const before = oldSpace();
    let read = 0;
    for (let i = 0; i < 20; i++) {
      read += readOnce();
      // Twice: what survives one young collection is moved to the old generation by the next.
      collect({ type: 'minor' });
      collect({ type: 'minor' });
    }
    expect(read).toBe(40_000);
    expect(oldSpace() - before).toBeLessThan(1_000_000);
  });
});
