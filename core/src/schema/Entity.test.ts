import { describe, expect, expectTypeOf, it } from 'vitest';
import { denormalize, MemoCache, normalize } from '../normalize/index';
import { Entity } from './Entity';
import type { WriteMeta } from './interface';
import { SchemaError } from './SchemaError';

class User extends Entity {
  id = '';
  name = 'anonymous';
  email = '';
  role = 'member';
  pk() {
    return this.id;
  }
  static override indexes = ['email'];
}

class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  createdAt = new Date(0);
  pk() {
    return this.id;
  }
  static override schema = { author: User, createdAt: Date };
}

const OLD: WriteMeta = { fetchedAt: 10, date: 10, expiresAt: 100 };
const NEW: WriteMeta = { fetchedAt: 20, date: 20, expiresAt: 200 };

describe('Entity', () => {
  it('key defaults to the class name; static key overrides', () => {
    class Thing extends Entity {
      id = '';
      pk() {
        return this.id;
      }
    }
    class Named extends Thing {
      static override key = 'Custom';
    }
    expect(Thing.key).toBe('Thing');
    expect(Named.key).toBe('Custom');
    expect(Named.toJSON()).toEqual({ name: 'Named', key: 'Custom', schema: {} });
  });

  it('normalizes nested entities and denormalizes to instances with defaults', () => {
    const state = normalize(Post, {
      id: 1,
      title: 'Hi',
      author: { id: 'u1' },
      createdAt: '2020-01-01T00:00:00Z',
    });
    expect(state.result).toBe('1');
    expect(state.entities.Post!['1']).toEqual({
      id: 1,
      title: 'Hi',
      author: 'u1',
      createdAt: '2020-01-01T00:00:00Z',
    });
    const post = denormalize(Post, '1', state.entities) as Post;
    expect(post).toBeInstanceOf(Post);
    expect(post.author).toBeInstanceOf(User);
    expect(post.author.name).toBe('anonymous'); // default applied
    expect(post.createdAt).toBeInstanceOf(Date);
    expect(post.createdAt.getUTCFullYear()).toBe(2020);
  });

  it('merges field-wise: a partial update keeps the other fields', () => {
    let state = normalize(User, { id: 'u1', name: 'Ann', email: 'a@x' }, [], {}, OLD);
    state = normalize(User, { id: 'u1', role: 'admin' }, [], state, NEW);
    expect(state.entities.User!.u1).toEqual({ id: 'u1', name: 'Ann', email: 'a@x', role: 'admin' });
    expect(state.entitiesMeta.User!.u1).toEqual(NEW);
  });

  it('merges repeats within one response', () => {
    const state = normalize(
      [User],
      [
        { id: 'u1', name: 'Ann' },
        { id: 'u1', email: 'a@x' },
      ],
    );
    expect(state.entities.User!.u1).toEqual({ id: 'u1', name: 'Ann', email: 'a@x' });
  });

  it('shouldReorder keeps newer data when an older response arrives later', () => {
    let state = normalize(User, { id: 'u1', name: 'New', email: 'n@x' }, [], {}, NEW);
    state = normalize(User, { id: 'u1', name: 'Old', role: 'admin' }, [], state, OLD);
    // newer fields win, fields only the old response had are still filled in
    expect(state.entities.User!.u1).toEqual({ id: 'u1', name: 'New', email: 'n@x', role: 'admin' });
    expect(state.entitiesMeta.User!.u1).toEqual(NEW);
  });

  it('honours overridden process, merge, mergeWithStore, mergeMetaWithStore, shouldUpdate', () => {
    class Counter extends Entity {
      id = '';
      count = 0;
      tags: string[] = [];
      pk() {
        return this.id;
      }
      static override process(input: any, _parent: any, _key: any, args: readonly any[]) {
        return { ...input, id: input.id ?? args[0]?.id };
      }
      static override merge(existing: any, incoming: any) {
        return { ...existing, ...incoming, tags: [...existing.tags, ...incoming.tags] };
      }
      static override shouldUpdate(_em: WriteMeta, _im: WriteMeta, _existing: any, incoming: any) {
        return incoming.count !== -1;
      }
    }
    let state = normalize(Counter, { count: 1, tags: ['a'] }, [{ id: 'c' }], {}, OLD);
    expect(state.entities.Counter!.c).toEqual({ id: 'c', count: 1, tags: ['a'] });
    state = normalize(Counter, { id: 'c', count: 2, tags: ['b'] }, [], state, NEW);
    expect(state.entities.Counter!.c).toEqual({ id: 'c', count: 2, tags: ['a', 'b'] });
    const before = state.entities.Counter!.c;
    state = normalize(Counter, { id: 'c', count: -1, tags: [] }, [], state, {
      ...NEW,
      fetchedAt: 30,
    });
    expect(state.entities.Counter!.c).toBe(before);
    expect(state.entitiesMeta.Counter!.c).toEqual(NEW);

    class Pinned extends User {
      static override key = 'Pinned';
      static override mergeWithStore(_em: WriteMeta, _im: WriteMeta, existing: any, incoming: any) {
        return { ...incoming, ...existing };
      }
      static override mergeMetaWithStore(existingMeta: WriteMeta) {
        return existingMeta;
      }
    }
    let pinned = normalize(Pinned, { id: 'p', name: 'first' }, [], {}, OLD);
    pinned = normalize(Pinned, { id: 'p', name: 'second', role: 'x' }, [], pinned, NEW);
    expect(pinned.entities.Pinned!.p).toEqual({ id: 'p', name: 'first', role: 'x' });
    expect(pinned.entitiesMeta.Pinned!.p).toEqual(OLD);
  });

  it('validate rejects data with a SchemaError naming the entity', () => {
    class Strict extends User {
      static override key = 'Strict';
      static override validate(processed: any) {
        return typeof processed.name === 'string' ? undefined : 'name must be a string';
      }
    }
    expect(() => normalize(Strict, { id: 's', name: 5 })).toThrow(/Strict: name must be a string/);
    expect(Strict.createIfValid({ id: 's', name: 5 as any })).toBeUndefined();
    expect(Strict.createIfValid({ id: 's', name: 'ok' })).toBeInstanceOf(Strict);
  });

  it('rejects unusable primary keys with a clear error', () => {
    for (const id of [undefined, null, '', Number.NaN]) {
      let error: unknown;
      try {
        normalize(User, { id, name: 'x' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).schemaKey).toBe('User');
      expect((error as Error).message).toMatch(/^User: no usable primary key/);
    }
  });

  it('without pk() the primary key is the `id` field (as in data-client)', () => {
    class Tag extends Entity {
      id = 0;
      label = '';
    }
    const state = normalize([Tag], [{ id: 7, label: 'urgent' }]);
    expect(state.result).toEqual(['7']);
    expect(denormalize(Tag, '7', state.entities)).toEqual(Tag.fromJS({ id: 7, label: 'urgent' }));
    expect(Tag.pk({ id: 3 })).toBe(3);
    expect(new MemoCache().query(Tag, [{ id: 7 }], state).data).toBeInstanceOf(Tag);
    // The default lives on the prototype; the type declares none, so that a subclass's own
    // pk() needs no `override` (noImplicitOverride, on in this repo: User above compiles).
    expect((Tag.fromJS({ id: 3 }) as unknown as { pk(): unknown }).pk()).toBe(3);
    expectTypeOf(Tag.pk).returns.toEqualTypeOf<string | number | undefined>();
    // Data missing its id is the data's fault: the usual pk error.
    expect(() => normalize(Tag, { label: 'x' })).toThrow(/^Tag: no usable primary key/);
  });

  it('a class with neither pk() nor an `id` field fails naming the class', () => {
    class Slugged extends Entity {
      slug = '';
      static override get key() {
        return 'Article';
      }
    }
    let error: unknown;
    try {
      normalize(Slugged, { slug: 'hello' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toMatch(
      /^Article: class Slugged has no pk\(\) and no `id` field; define pk\(\) to return its primary key/,
    );
  });

  it('truncates long values in error messages', () => {
    const huge = { id: '', blob: 'x'.repeat(10_000) };
    try {
      normalize(User, huge);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(300);
      expect((error as SchemaError).value).toBe(huge);
    }
  });

  it('rejects a string or array where an entity object belongs', () => {
    expect(() => normalize(User, 'u1')).toThrow(SchemaError);
    expect(() => normalize(User, 'u1')).toThrow(/expected an object, found a string/);
    expect(() => normalize(Post, { id: 1, author: [{ id: 'u' }] })).toThrow(
      /^User at author: expected an object/,
    );
    expect(() => normalize(Post, { id: 1, author: true })).toThrow(
      /^User at author: expected an object/,
    );
    // a bare pk in a nested position is a reference
    expect(normalize(Post, { id: 1, author: 'u9' }).entities.Post!['1']).toMatchObject({
      author: 'u9',
    });
  });

  it('builds indexes and finds entities by pk or index', () => {
    let state = normalize(
      [User],
      [
        { id: 'u1', email: 'a@x' },
        { id: 'u2', email: 'b@x' },
      ],
    );
    expect(state.indexes.User!.email).toEqual({ 'a@x': 'u1', 'b@x': 'u2' });
    state = normalize(User, { id: 'u1', email: 'c@x' }, [], state);
    expect({ ...state.indexes.User!.email }).toEqual({ 'b@x': 'u2', 'c@x': 'u1' });
    const memo = new MemoCache();
    expect((memo.query(User, [{ email: 'b@x' }], state).data as User).id).toBe('u2');
    expect((memo.query(User, [{ id: 'u1' }], state).data as User).email).toBe('c@x');
    expect(memo.query(User, ['u2'], state).data).toBeInstanceOf(User);
    expect(memo.query(User, [{ email: 'nobody' }], state).data).toBeUndefined();
    expect(memo.query(User, [], state).data).toBeUndefined();
  });

  it('fromJS applies defaults and props', () => {
    const user = User.fromJS({ id: 'x' });
    expect(user).toBeInstanceOf(User);
    expect(user).toMatchObject({ id: 'x', name: 'anonymous', role: 'member' });
    expect(user.pk()).toBe('x');
  });
});
