import { describe, expect, it } from 'vitest';
import { Article, Comment, Todo, User } from '../../test/schemaFixtures';
import { Collection, Entity, INVALID, Invalidate, type SchemaSimple } from '../schema/index';
import { MemoCache } from './MemoCache';
import { normalize } from './normalize';

const articleInput = {
  id: 'a1',
  title: 'Hello',
  author: { id: 'u1', name: 'Ann' },
  comments: [
    { id: 'c1', body: 'one', author: { id: 'u2', name: 'Bob' } },
    { id: 'c2', body: 'two', author: { id: 'u1' } },
  ],
};

function withEntity(state: any, key: string, pk: string, patch: object) {
  return {
    ...state,
    entities: {
      ...state.entities,
      [key]: { ...state.entities[key], [pk]: { ...state.entities[key][pk], ...patch } },
    },
  };
}

/** Counts property reads on the entities object and its tables. */
function countingEntities(entities: Record<string, any>) {
  const counter = { reads: 0 };
  const tables: Record<string, any> = {};
  for (const key of Object.keys(entities)) tables[key] = entities[key];
  const proxy = new Proxy(tables, {
    get(target, property) {
      counter.reads++;
      return Reflect.get(target, property);
    },
  });
  return { proxy, counter };
}

describe('MemoCache', () => {
  it('returns the same object for the same state', () => {
    const state = normalize(Article, articleInput);
    const memo = new MemoCache();
    const first = memo.denormalize(Article, state.result, state.entities);
    const second = memo.denormalize(Article, state.result, state.entities);
    expect(second).toBe(first);
    expect(second.data).toBe(first.data);
    // a new entities object with the same tables is still a hit
    const third = memo.denormalize(Article, state.result, { ...state.entities });
    expect(third.data).toBe(first.data);
  });

  it('lists every entity the result depends on in paths', () => {
    const state = normalize(Article, articleInput);
    const { paths } = new MemoCache().denormalize(Article, state.result, state.entities);
    expect(paths.map(({ key, pk }) => `${key}:${pk}`).sort()).toEqual([
      'Article:a1',
      'Comment:c1',
      'Comment:c2',
      'User:u1',
      'User:u2',
    ]);
  });

  it('includes missing and invalid entities in paths', () => {
    const state = normalize([Todo], [{ id: 1 }]);
    const entities = { ...state.entities, Todo: { ...state.entities.Todo, 2: INVALID } };
    const { data, paths } = new MemoCache().denormalize([Todo], ['1', '2', '3'], entities);
    expect((data as Todo[]).map((t) => t.id)).toEqual([1]);
    expect(paths).toEqual([
      { key: 'Todo', pk: '1' },
      { key: 'Todo', pk: '2' },
      { key: 'Todo', pk: '3' },
    ]);
  });

  it('a change to one entity gives new objects only along its paths', () => {
    const state = normalize(Article, articleInput);
    const memo = new MemoCache();
    const before = memo.denormalize(Article, state.result, state.entities).data as Article;
    const changed = withEntity(state, 'User', 'u2', { name: 'Robert' });
    const after = memo.denormalize(Article, state.result, changed.entities).data as Article;
    expect(after).not.toBe(before);
    expect(after.comments).not.toBe(before.comments);
    expect(after.comments[0]).not.toBe(before.comments[0]);
    expect(after.comments[0].author).not.toBe(before.comments[0].author);
    expect(after.comments[0].author.name).toBe('Robert');
    // siblings keep identity
    expect(after.author).toBe(before.author);
    expect(after.comments[1]).toBe(before.comments[1]);
  });

  it('shares unchanged entities across different results and caches', () => {
    const state = normalize(
      { article: Article, users: [User] },
      { article: articleInput, users: [{ id: 'u2' }] },
    );
    const memo = new MemoCache();
    const article = memo.denormalize(Article, 'a1', state.entities).data as Article;
    const users = memo.denormalize([User], ['u2'], state.entities).data as User[];
    expect(users[0]).toBe(article.comments[0].author);
    const comment = memo.denormalize(Comment, 'c1', state.entities).data;
    expect(comment).toBe(article.comments[0]);
  });

  it('an unrelated change keeps the whole result', () => {
    const state = normalize(Article, articleInput);
    const memo = new MemoCache();
    const before = memo.denormalize(Article, 'a1', state.entities);
    const other = normalize(Todo, { id: 9 }, [], state);
    expect(memo.denormalize(Article, 'a1', other.entities)).toBe(before);
    // same table replaced with equal entity objects: still the same result
    const copied = { ...state.entities, User: { ...state.entities.User } };
    expect(memo.denormalize(Article, 'a1', copied)).toBe(before);
  });

  it('a repeat read costs the same whatever the payload size', () => {
    const readsFor = (count: number) => {
      const input = Array.from({ length: count }, (_, i) => ({ ...articleInput, id: `a${i}` }));
      const state = normalize([Article], input);
      const memo = new MemoCache();
      const schema = [Article];
      memo.denormalize(schema, state.result, state.entities);
      const { proxy, counter } = countingEntities(state.entities as any);
      const again = memo.denormalize(schema, state.result, proxy);
      expect(again.data).toHaveLength(count);
      return counter.reads;
    };
    const small = readsFor(10);
    expect(readsFor(1000)).toBe(small);
    expect(small).toBeLessThanOrEqual(3);
  });

  it('returns INVALID when a required entity is invalidated, and recovers', () => {
    let state = normalize({ article: Article }, { article: articleInput });
    const memo = new MemoCache();
    const shape = { article: Article };
    expect((memo.denormalize(shape, state.result, state.entities).data as any).article.id).toBe(
      'a1',
    );
    const invalidated = normalize(new Invalidate(Article), 'a1', [], state);
    const result = memo.denormalize(shape, state.result, invalidated.entities);
    expect(result.data).toBe(INVALID);
    expect(result.paths).toEqual([{ key: 'Article', pk: 'a1' }]);
    state = normalize(Article, articleInput, [], invalidated);
    expect(
      (memo.denormalize(shape, { article: 'a1' }, state.entities).data as any).article.title,
    ).toBe('Hello');
  });

  it('denormalizes cyclic references to a cyclic graph and memoizes it', () => {
    class Person extends Entity {
      id = '';
      name = '';
      friend: Person | undefined = undefined;
      pk() {
        return this.id;
      }
      static override schema: Record<string, any> = {};
    }
    Person.schema = { friend: Person };
    const state = normalize(
      [Person],
      [
        { id: 'a', name: 'A', friend: 'b' },
        { id: 'b', name: 'B', friend: 'a' },
        { id: 'c', name: 'C', friend: 'a' },
      ],
    );
    const memo = new MemoCache();
    const people = [Person];
    const first = memo.denormalize(people, state.result, state.entities).data as Person[];
    const [a, b, c] = first;
    expect(a.friend).toBe(b);
    expect(b.friend).toBe(a);
    expect(c.friend).toBe(a);
    expect(memo.denormalize(people, state.result, state.entities).data).toBe(first);

    // a change to A reaches every path through A, and only those
    const changed = withEntity(state, 'Person', 'a', { name: 'A2' });
    const second = memo.denormalize(people, state.result, changed.entities).data as Person[];
    expect(second[0].name).toBe('A2');
    expect(second[1].friend).toBe(second[0]);
    expect(second[0].friend).toBe(second[1]);
    expect(second[2].friend).toBe(second[0]);
    // denormalizing B alone, after, sees the current A
    const bAlone = memo.denormalize(Person, 'b', changed.entities).data as Person;
    expect(bAlone.friend!.name).toBe('A2');
    // a later change to B only is seen through A as well
    const changedB = withEntity(changed, 'Person', 'b', { name: 'B2' });
    const aAlone = memo.denormalize(Person, 'a', changedB.entities).data as Person;
    expect(aAlone.friend!.name).toBe('B2');
    expect(
      (memo.denormalize(Person, 'c', changedB.entities).data as Person).friend!.friend!.name,
    ).toBe('B2');
  });

  it('a self-reference resolves to the entity itself', () => {
    class Node extends Entity {
      id = '';
      self: Node | undefined = undefined;
      pk() {
        return this.id;
      }
      static override schema: Record<string, any> = {};
    }
    Node.schema = { self: Node };
    const state = normalize(Node, { id: 'n', self: 'n' });
    const node = new MemoCache().denormalize(Node, 'n', state.entities).data as Node;
    expect(node.self).toBe(node);
  });

  it('query results are stable and follow store changes', () => {
    const todos = new Collection([Todo]);
    let state = normalize(todos, [{ id: 1 }, { id: 2 }], [{ userId: 1 }]);
    const memo = new MemoCache();
    const first = memo.query(todos, [{ userId: 1 }], state);
    expect(memo.query(todos, [{ userId: 1 }], state)).toBe(first);
    state = normalize(todos.push, { id: 3, userId: 1 }, [{}], state);
    const second = memo.query(todos, [{ userId: 1 }], state);
    expect((second.data as Todo[]).map((t) => t.id)).toEqual([1, 2, 3]);
    expect((second.data as Todo[])[0]).toBe((first.data as Todo[])[0]);
    expect(second.paths.map((p) => p.key)).toContain(todos.key);
  });

  it('a result no longer reading an entity keeps its identity when that entity changes', () => {
    const memo = new MemoCache();
    let state = normalize(Comment, { id: 'c1', body: 'one', author: { id: 'u1', name: 'Ann' } });
    memo.denormalize(Comment, 'c1', state.entities);
    // Its author is u2 now; then u1 changes, and then, invalid for a while, c1 is back with u1.
    state = normalize(
      Comment,
      { id: 'c1', body: 'one', author: { id: 'u2', name: 'Bo' } },
      [],
      state,
    );
    const read = memo.denormalize(Comment, 'c1', state.entities).data;
    state = withEntity(state, 'User', 'u1', { name: 'Annie' });
    expect(memo.denormalize(Comment, 'c1', state.entities).data).toBe(read);
    const invalid = { ...state.entities, Comment: { ...state.entities.Comment, c1: INVALID } };
    expect(memo.denormalize(Comment, 'c1', invalid).data).toBe(INVALID);
    state = withEntity(state, 'Comment', 'c1', { author: 'u1' });
    const back = memo.denormalize(Comment, 'c1', state.entities).data;
    state = withEntity(state, 'User', 'u2', { name: 'Bob' });
    expect(memo.denormalize(Comment, 'c1', state.entities).data).toBe(back);
  });

  it('paths follow an entity that another result built again with other references', () => {
    const memo = new MemoCache();
    const schema = [Comment];
    let state = normalize(schema, [{ id: 'c1', body: 'one', author: { id: 'u1', name: 'A' } }]);
    const input = state.result;
    const list = memo.denormalize(schema, input, state.entities);
    expect(list.paths.map(({ pk }) => pk)).toEqual(['c1', 'u1']);
    state = normalize(
      Comment,
      { id: 'c1', body: 'one', author: { id: 'u2', name: 'B' } },
      [],
      state,
    );
    // The comment read alone first: the list, read next, meets it already built.
    memo.denormalize(Comment, 'c1', state.entities);
    const again = memo.denormalize(schema, input, state.entities);
    expect(again.paths.map(({ pk }) => pk)).toEqual(['c1', 'u2']);
  });

  it('an index query follows another state whose indexes gained an entity key', () => {
    const memo = new MemoCache();
    const empty = { entities: {}, indexes: {} };
    expect(memo.query(User, [{ email: 'e' }], empty).data).toBeUndefined();
    const state = normalize(User, { id: 'u1', email: 'e' });
    expect((memo.query(User, [{ email: 'e' }], state).data as User).id).toBe('u1');
  });

  it('passes input through when there is no schema', () => {
    const memo = new MemoCache();
    expect(memo.denormalize(undefined, { a: 1 }, {}).data).toEqual({ a: 1 });
    expect(memo.denormalize(Todo, undefined, {}).data).toBeUndefined();
    expect(memo.denormalize(Todo, INVALID, {}).data).toBe(INVALID);
  });

  it('an entity whose instance cannot be made is built again at the next read, never served stale', () => {
    class Picky extends Entity {
      id = '';
      name = '';
      static override key = 'Picky';
      static override createInstance(stored: object): object {
        if ((stored as Picky).name === 'bad') throw new Error('bad name');
        // biome-ignore lint/complexity/noThisInStatic: the base makes this subclass's instance
        return super.createInstance(stored);
      }
    }
    const at = (name: string) => ({ Picky: { p: { id: 'p', name } } });
    const memo = new MemoCache();
    expect((memo.denormalize(Picky, 'p', at('good')).data as Picky).name).toBe('good');
    const bad = at('bad');
    expect(() => memo.denormalize(Picky, 'p', bad)).toThrow('bad name');
    // Before: the node was marked built from the new data, and gave the old instance.
    expect(() => memo.denormalize(Picky, 'p', bad)).toThrow('bad name');
    expect((memo.denormalize(Picky, 'p', at('fixed')).data as Picky).name).toBe('fixed');
  });

  it('a read that throws leaves nothing half-built: a cycle member read next throws too', () => {
    const failing: SchemaSimple = {
      normalize: (input) => input,
      denormalize: (input) => {
        if (input === 'boom') throw new Error('boom');
        return input;
      },
      queryKey: () => undefined,
    };
    class Left extends Entity {
      id = '';
      right?: Right;
      check = '';
      static override key = 'Left';
    }
    class Right extends Entity {
      id = '';
      left?: Left;
      static override key = 'Right';
      static override schema = { left: Left };
    }
    // In field order: the cycle is met (Right holds Left's instance) before `check` throws.
    Left.schema = { right: Right, check: failing };
    const entities = {
      Left: { l: { id: 'l', right: 'r', check: 'boom' } },
      Right: { r: { id: 'r', left: 'l' } },
    };
    const memo = new MemoCache();
    expect(() => memo.denormalize(Left, 'l', entities)).toThrow('boom');
    expect(() => memo.denormalize(Right, 'r', entities)).toThrow('boom');
  });
});
