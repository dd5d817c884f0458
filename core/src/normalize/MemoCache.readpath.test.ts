import { describe, expect, it, vi } from 'vitest';
import { Article, Comment, User } from '../../test/schemaFixtures';
import { Changes } from '../tables/Changes';
import { MemoCache } from './MemoCache';
import { normalize } from './normalize';

// What a re-read after a change costs and keeps: only what read a changed entity is rebuilt,
// entities below unchanged ones are not looked into, and a result reading the same entities
// keeps its paths array.

/** One schema object: results are remembered per schema. */
const articleList = [Article];

/** `count` articles, each with two comments; article i's first comment is by user `u${i % 3}`. */
function articles(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `a${i}`,
    title: `article ${i}`,
    author: { id: `u${i % 3}`, name: `user ${i % 3}` },
    comments: [
      { id: `c${i}-0`, body: 'first', author: { id: `u${i % 3}` } },
      { id: `c${i}-1`, body: 'second', author: { id: 'u9', name: 'nine' } },
    ],
  }));
}

function withEntity(entities: any, key: string, pk: string, patch: object) {
  return { ...entities, [key]: { ...entities[key], [pk]: { ...entities[key][pk], ...patch } } };
}

/** Counts reads of the tables on an entities object (each entity lookup reads its table). */
function countingEntities(entities: Record<string, any>) {
  const counter = { reads: 0 };
  const proxy = new Proxy(
    { ...entities },
    {
      get(target, property) {
        counter.reads++;
        return Reflect.get(target, property);
      },
    },
  );
  return { proxy, counter };
}

describe('MemoCache re-reads', () => {
  it('keeps the paths array when a changed result reads the same entities', () => {
    const state = normalize(articleList, articles(5));
    const memo = new MemoCache();
    const before = memo.denormalize(articleList, state.result, state.entities);
    const changed = withEntity(state.entities, 'Article', 'a2', { title: 'new' });
    const after = memo.denormalize(articleList, state.result, changed);
    expect(after.data).not.toBe(before.data);
    expect(after.paths).toBe(before.paths);
    // a comment now by another user: the entities read differ, so do the paths
    const moved = withEntity(changed, 'Comment', 'c1-0', { author: 'u7' });
    const third = memo.denormalize(articleList, state.result, moved);
    expect(third.paths).not.toBe(before.paths);
    const listed = third.paths.map(({ key, pk }) => `${key}:${pk}`);
    expect(listed).toContain('User:u7');
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('an entity two levels down changed: only the entities above it are rebuilt', () => {
    const state = normalize(articleList, articles(6));
    const memo = new MemoCache();
    const before = memo.denormalize(articleList, state.result, state.entities).data as Article[];
    // u1 is the author of articles 1 and 4, and of their first comments
    const changed = withEntity(state.entities, 'User', 'u1', { name: 'renamed' });
    const after = memo.denormalize(articleList, state.result, changed).data as Article[];
    for (let i = 0; i < 6; i++) {
      if (i % 3 === 1) {
        expect(after[i]).not.toBe(before[i]);
        expect(after[i].comments[0]).not.toBe(before[i].comments[0]);
        expect(after[i].comments[0].author.name).toBe('renamed');
        // the sibling comment (by u9) is the same object
        expect(after[i].comments[1]).toBe(before[i].comments[1]);
      } else {
        expect(after[i]).toBe(before[i]);
      }
    }
    // a comment read on its own after the change is the one the articles hold
    expect(memo.denormalize(Comment, 'c4-0', changed).data).toBe(after[4].comments[0]);
  });

  it('does not look into entities whose tables did not change', () => {
    const readsAfterArticleChange = (count: number) => {
      const state = normalize(articleList, articles(count));
      const memo = new MemoCache();
      memo.denormalize(articleList, state.result, state.entities);
      const changed = withEntity(state.entities, 'Article', 'a0', { title: 'new' });
      const { proxy, counter } = countingEntities(changed);
      memo.denormalize(articleList, state.result, proxy);
      return counter.reads;
    };
    // One table read per article (its lookup), a few for the rebuilt one and the table stamps:
    // the comments and users of unchanged articles are not looked up again.
    const reads = readsAfterArticleChange(100);
    expect(reads).toBeLessThan(100 + 20);
  });

  it('sees tables written in place once told by the change log', () => {
    const state = normalize(articleList, articles(3));
    const entities = state.entities as any;
    const memo = new MemoCache();
    const before = memo.denormalize(articleList, state.result, entities);
    const users = entities.User;
    users.u0 = { ...users.u0, name: 'in place' };
    const changes = new Changes();
    changes.note('entities', 'User', 'u0');
    memo.changed(changes, entities);
    const after = memo.denormalize(articleList, state.result, entities);
    const data = after.data as Article[];
    expect(data[0].author.name).toBe('in place');
    expect(data[0]).not.toBe((before.data as Article[])[0]);
    expect(data[1]).toBe((before.data as Article[])[1]);
    expect(after.paths).toBe(before.paths);
    // unchanged since: the same result
    expect(memo.denormalize(articleList, state.result, entities)).toBe(after);
  });

  it('re-reads a long list after one member changed without looking the others up', () => {
    const state = normalize(articleList, articles(100));
    const entities = state.entities as any;
    const memo = new MemoCache();
    const before = memo.denormalize(articleList, state.result, entities).data as Article[];
    entities.Article.a50 = { ...entities.Article.a50, title: 'new' };
    const changes = new Changes();
    changes.note('entities', 'Article', 'a50');
    memo.changed(changes, entities);
    const lookups = vi.spyOn(memo, 'node');
    const after = memo.denormalize(articleList, state.result, entities).data as Article[];
    // the members come from the list the result read last time, in order: only the changed
    // one (whose position moved) is looked up again
    expect(lookups.mock.calls.length).toBeLessThan(5);
    expect(after[50].title).toBe('new');
    expect(after.filter((article, i) => article !== before[i])).toEqual([after[50]]);
  });

  it('a position emptied and filled again: readers follow its new node', () => {
    const state = normalize(articleList, articles(3));
    const entities = state.entities as any;
    const memo = new MemoCache();
    const read = () => memo.denormalize(articleList, state.result, entities).data as Article[];
    const write = (change: () => void) => {
      change();
      const changes = new Changes();
      changes.note('entities', 'User', 'u0');
      memo.changed(changes, entities);
    };
    expect(read()[0].author.name).toBe('user 0');
    write(() => delete entities.User.u0);
    expect(read()[0].author).toBeUndefined();
    write(() => (entities.User.u0 = { id: 'u0', name: 'back' }));
    expect(read()[0].author.name).toBe('back');
    // a later change reaches the article: it reads the position's node, not the one that left
    write(() => (entities.User.u0 = { id: 'u0', name: 'again' }));
    const data = read();
    expect(data[0].author.name).toBe('again');
    expect(data[0].comments[0].author.name).toBe('again');
  });

  it('takes new entities a live change log describes as mirrored, without comparing them', () => {
    const state = normalize(articleList, articles(100));
    const memo = new MemoCache();
    const before = memo.denormalize(articleList, state.result, state.entities).data as Article[];
    // Every table another object (as optimistic layers are), equal but where the log says.
    const changed = withEntity(state.entities, 'Article', 'a0', { title: 'new' });
    const counter = { reads: 0 };
    const next: Record<string, any> = {};
    for (const [key, table] of Object.entries(changed)) {
      next[key] = new Proxy(
        { ...(table as object) },
        {
          get(target, property) {
            if (key === 'Comment') counter.reads++;
            return Reflect.get(target, property);
          },
        },
      );
    }
    const changes = new Changes();
    changes.note('entities', 'Article', 'a0');
    memo.changed(changes, next);
    const after = memo.denormalize(articleList, state.result, next).data as Article[];
    expect(after[0].title).toBe('new');
    expect(after[1]).toBe(before[1]);
    // The rebuilt article looks up its two comments; the other 198 are not compared.
    expect(counter.reads).toBeLessThan(10);
  });

  it('reads states taken in turn correctly (a table back to an earlier one)', () => {
    const state = normalize(articleList, articles(3));
    const memo = new MemoCache();
    const a = state.entities;
    const b = withEntity(a, 'User', 'u0', { name: 'b' });
    const c = { ...a, Article: { ...a.Article } };
    const names = (entities: any) =>
      (memo.denormalize(articleList, state.result, entities).data as Article[])[0].author.name;
    expect(names(a)).toBe('user 0');
    expect(names(b)).toBe('b');
    // the User table of `a` again, read through a new entities object
    expect(names(c)).toBe('user 0');
    expect(names(b)).toBe('b');
    const single = (entities: any) => (memo.denormalize(User, 'u0', entities).data as User).name;
    expect(single(a)).toBe('user 0');
    expect(single(b)).toBe('b');
  });
});
