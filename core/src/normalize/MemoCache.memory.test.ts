import { describe, expect, it } from 'vitest';
import { collect, promotedOver } from '../../test/oldSpace';
import { Article, Todo } from '../../test/schemaFixtures';
import { MemoCache } from './MemoCache';
import { type NormalizedSchema, normalize } from './normalize';

/** Collects garbage once the current job is over (WeakRef targets live until then). */
async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collect();
  await new Promise((resolve) => setTimeout(resolve, 0));
  collect();
}

describe('MemoCache memory', () => {
  it('remembered results never keep an old state or its tables alive', async () => {
    const memo = new MemoCache();
    let state: NormalizedSchema = normalize(Todo, { id: 0, title: 'zero' });
    const first = memo.denormalize(Todo, '0', state.entities);
    const oldEntities = new WeakRef(state.entities);
    const oldTable = new WeakRef(state.entities.Todo as object);
    // Distinct pks read one after another: each read is memoized against its own state.
    for (let i = 1; i <= 50; i++) {
      state = normalize(Todo, { id: i, title: `todo ${i}` }, [], state);
      memo.denormalize(Todo, String(i), state.entities);
    }
    const query = memo.query(Todo, [{ id: 3 }], state);
    await collectGarbage();
    expect(oldEntities.deref()).toBeUndefined();
    expect(oldTable.deref()).toBeUndefined();
    // Still memoized for the current state: an unchanged entity keeps its identity.
    expect(memo.denormalize(Todo, '0', state.entities)).toBe(first);
    expect(memo.query(Todo, [{ id: 3 }], state)).toBe(query);
  });

  it('the result of an entity goes once no state holds the entity', async () => {
    const memo = new MemoCache();
    let state: NormalizedSchema = normalize([Todo], [{ id: 1 }, { id: 2 }]);
    const data = new WeakRef(memo.denormalize(Todo, '1', state.entities).data as object);
    // A memo mirrors one state at a time: the other state is read through a memo of its own.
    const other = new MemoCache();
    const nested = normalize(Article, { id: 'a', author: { id: 'u' } });
    const article = new WeakRef(other.denormalize(Article, 'a', nested.entities).data as object);
    const todos = { ...state.entities.Todo };
    delete todos['1'];
    state = { ...state, entities: { ...state.entities, Todo: todos } };
    memo.denormalize(Todo, '2', state.entities);
    await collectGarbage();
    expect(data.deref()).toBeUndefined();
    // Still reachable while its state is: the memo keeps it, not just the caller.
    expect(article.deref()).toBe(other.denormalize(Article, 'a', nested.entities).data);
  });

  it('what a dropped memo built dies young: young-generation collections free it', () => {
    const todos = Array.from({ length: 2000 }, (_, id) => ({ id, title: `todo ${id}` }));
    const state = normalize([Todo], todos);
    let built = 0;
    const promoted = promotedOver(20, () => {
      built += (new MemoCache().denormalize([Todo], state.result, state.entities).data as [])
        .length;
    });
    expect(built).toBe(40_000);
    // 40,000 instances and their nodes are several megabytes: none of it may reach old space.
    expect(promoted).toBeLessThan(1_000_000);
  });
});
