// Resources at the scale a long-lived app reaches: what readers register goes when they go.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import type { MemoCache } from '../normalize';
import { Entity } from '../schema';
import { createStore } from './createStore';
import { GCManager } from './GCManager';

setFlagsFromString('--expose-gc');
const collect: () => void = runInNewContext('gc');

class Todo extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

const getTodo = localEndpoint({
  key: ({ id }: { id: string }) => `GET /todos/${id}`,
  schema: Todo,
  dataExpiryLength: 1,
  resolve: ({ id }: { id: string }) => ({ id, title: `todo ${id}` }),
});

/** The memo's nodes of one entity key (a count the memo keeps no public accessor for). */
function memoNodes(memo: MemoCache, key: string): number {
  return (
    (memo as unknown as { nodes: Map<string, Map<string, unknown>> }).nodes.get(key)?.size ?? 0
  );
}

const heap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

describe('what readers register goes when they go', () => {
  it('100,000 keys never fetched, each selected and released, leave the memory as it was', () => {
    const { controller, dispose } = createStore({ managers: [] });
    // warm up: the first selection builds what every selection shares
    controller
      .select(getTodo, { id: 'warm' })
      .subscribe(() => {})
      .unsubscribe();
    const before = heap();
    for (let k = 0; k < 100_000; k++)
      controller
        .select(getTodo, { id: String(k) })
        .subscribe(() => {})
        .unsubscribe();
    const grown = heap() - before;
    expect(memoNodes(controller.memo, 'Todo')).toBe(0);
    expect(controller.liveReferences().keys.size).toBe(0);
    // 58 MB before the memo dropped what searches for missing data read
    expect(grown).toBeLessThan(4_000_000);
    dispose();
  });

  it('a selection waiting for data is still woken by the write that brings it', async () => {
    const { controller, dispose } = createStore({ managers: [] });
    for (let k = 0; k < 1_000; k++)
      controller
        .select(getTodo, { id: String(k) })
        .subscribe(() => {})
        .unsubscribe();
    const seen: unknown[] = [];
    const sub = controller.select(getTodo, { id: '7' }).subscribe((s) => seen.push(s.data));
    // other keys released in between drop what they read, not what this one follows
    controller
      .select(getTodo, { id: '8' })
      .subscribe(() => {})
      .unsubscribe();
    await controller.set(Todo, { id: '7' }, { id: '7', title: 'seven' });
    expect(seen.at(-1)).toMatchObject({ id: '7', title: 'seven' });
    sub.unsubscribe();
    expect(memoNodes(controller.memo, 'Todo')).toBe(1); // the entity stored
    dispose();
  });

  it('20,000 keys fetched, read and released under a sweeping GC: the memo holds what readers hold', async () => {
    const { controller, dispose } = createStore({ managers: [new GCManager({ intervalMs: 20 })] });
    const kept = controller.select(getTodo, { id: 'kept' }).subscribe(() => {});
    await controller.fetch(getTodo, { id: 'kept' });
    for (let i = 0; i < 20_000; i++) {
      const id = String(i);
      const sub = controller.select(getTodo, { id }).subscribe(() => {});
      await controller.fetch(getTodo, { id });
      sub.unsubscribe();
      // read again once evicted (a list row, a devtools panel): a search that finds nothing
      if (i % 1_000 === 999) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (let j = i - 999; j <= i; j++) controller.get(Todo, { id: String(j) });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    await controller.set(Todo, { id: 'kept' }, { id: 'kept', title: 'still kept' });
    expect(Object.keys(controller.getState().entities.Todo ?? {})).toEqual(['kept']);
    expect(memoNodes(controller.memo, 'Todo')).toBe(1);
    kept.unsubscribe();
    dispose();
  }, 120_000);
});

describe('requests in flight at scale', () => {
  it('10,000 fetches in flight at once: each start and end writes the in-flight marks in place, a kept state keeps its own', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const slow = localEndpoint({
      key: ({ id }: { id: string }) => `GET /slow/${id}`,
      schema: Todo,
      resolve: ({ id }: { id: string }) =>
        new Promise((resolve) => answers.push(() => resolve({ id, title: `todo ${id}` }))),
    });
    const { controller, dispose } = createStore();
    const fetches: Promise<unknown>[] = [];
    fetches.push(controller.fetch(slow, { id: '0' }));
    const marks = controller.getState().fetching;
    const kept = controller.keepState();
    const keptMarks = { ...kept.fetching };
    for (let i = 1; i < 10_000; i++) fetches.push(controller.fetch(slow, { id: String(i) }));
    // one record for every start (copied once, after the state holding it was kept)
    const during = controller.getState().fetching;
    expect(Object.keys(during)).toHaveLength(10_000);
    expect(during).not.toBe(marks);
    for (const answer of answers.splice(0)) answer(undefined);
    await Promise.resolve();
    await Promise.all(fetches);
    expect(controller.getState().fetching).toBe(during);
    expect(controller.getState().fetching).toEqual({});
    // the kept state still shows what was in flight when it was kept
    expect(kept.fetching).toEqual(keptMarks);
    dispose();
  }, 120_000);
});
