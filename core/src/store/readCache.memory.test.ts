import { describe, expect, it } from 'vitest';
import { promotedOver } from '../../test/oldSpace';
import { Todo } from '../../test/schemaFixtures';
import { MemoCache } from '../normalize/MemoCache';
import { normalize } from '../normalize/normalize';
import type { EndpointInterface } from './EndpointInterface';
import { readResult } from './readCache';
import type { CacheState } from './State';

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
    let read = 0;
    // Each read drops its result and the memo it was built in.
    const promoted = promotedOver(20, () => {
      read += (readResult(new MemoCache(), list, 'GET /todos', [], cache, 0).data as []).length;
    });
    expect(read).toBe(40_000);
    expect(promoted).toBeLessThan(1_000_000);
  });
});
