import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cat, Dog, deepFreeze } from '../../test/schemaFixtures';
import { Entity, Union, Values } from '../schema/index';
import { denormalize } from './denormalize';
import { MemoCache } from './MemoCache';
import { normalize } from './normalize';

// Every field is always present in generated data, so defaults add nothing and the round trip
// is exact. Entities sharing a pk are generated from one pool entry, so merges are idempotent.

class User extends Entity {
  id = '';
  name = '';
  age = 0;
  pk() {
    return this.id;
  }
}
class Post extends Entity {
  id = 0;
  title = '';
  tags: string[] = [];
  author = User.fromJS();
  reviewers: User[] = [];
  pet: Cat | Dog = Cat.fromJS();
  pk() {
    return this.id;
  }
  static override schema = {
    author: User,
    reviewers: [User],
    pet: new Union({ cat: Cat, dog: Dog }, 'kind'),
  };
}

const responseSchema = {
  posts: [Post],
  byNick: new Values(User),
  pets: [new Union({ cat: Cat, dog: Dog }, (value: any) => value.kind)],
  page: { total: 0, users: [User] },
};

const idArb = fc.string({ minLength: 1, maxLength: 6 });

const payloadArb = fc
  .record({
    users: fc.uniqueArray(fc.record({ id: idArb, name: fc.string(), age: fc.integer() }), {
      selector: (u) => u.id,
      minLength: 1,
      maxLength: 8,
    }),
    pets: fc.uniqueArray(
      fc.oneof(
        fc.record({ id: idArb, kind: fc.constant('cat'), lives: fc.nat(9) }),
        fc.record({ id: idArb, kind: fc.constant('dog'), good: fc.boolean() }),
      ),
      { selector: (p) => `${p.kind}:${p.id}`, minLength: 1, maxLength: 6 },
    ),
    postIds: fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { maxLength: 6 }),
    seed: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    tags: fc.array(fc.array(fc.string(), { maxLength: 3 }), { minLength: 6, maxLength: 6 }),
    titles: fc.array(fc.string(), { minLength: 6, maxLength: 6 }),
    nicks: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 4 }),
    total: fc.integer(),
  })
  .map(({ users, pets, postIds, seed, tags, titles, nicks, total }) => {
    let cursor = 0;
    const pick = <T>(list: readonly T[]): T => list[seed[cursor++ % seed.length] % list.length];
    const posts = postIds.map((id, i) => ({
      id,
      title: titles[i],
      tags: tags[i],
      author: { ...pick(users) },
      reviewers: [pick(users), pick(users)]
        .filter((u, j, all) => all.findIndex((v) => v.id === u.id) === j)
        .map((u) => ({ ...u })),
      pet: { ...pick(pets) },
    }));
    const byNick: Record<string, unknown> = {};
    for (const nick of nicks)
      Object.defineProperty(byNick, nick, {
        value: { ...pick(users) },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return {
      posts,
      byNick,
      pets: pets.map((p) => ({ ...p })),
      page: { total, users: users.map((u) => ({ ...u })) },
    };
  });

describe('round trip (property-based)', () => {
  it('denormalize(normalize(x)) deep-equals x, and x is never mutated', () => {
    fc.assert(
      fc.property(payloadArb, (payload) => {
        const snapshot = structuredClone(payload);
        deepFreeze(payload);
        const { result, entities } = normalize(responseSchema, payload);
        expect(payload).toEqual(snapshot);
        const plain = denormalize(responseSchema, result, entities) as any;
        expect(plain).toEqual(snapshot);
        for (const post of plain.posts) {
          expect(post).toBeInstanceOf(Post);
          expect(post.author).toBeInstanceOf(User);
          expect(post.pet).toBeInstanceOf(post.pet.kind === 'cat' ? Cat : Dog);
        }
        const memo = new MemoCache();
        const memoized = memo.denormalize(responseSchema, result, entities);
        expect(memoized.data).toEqual(snapshot);
        expect(memo.denormalize(responseSchema, result, entities)).toBe(memoized);
      }),
      { numRuns: 150 },
    );
  });

  it('normalizing the same payload into the resulting state changes nothing', () => {
    fc.assert(
      fc.property(payloadArb, (payload) => {
        const first = normalize(
          responseSchema,
          payload,
          [],
          {},
          { fetchedAt: 1, date: 1, expiresAt: 2 },
        );
        const second = normalize(responseSchema, payload, [], first, {
          fetchedAt: 1,
          date: 1,
          expiresAt: 2,
        });
        for (const key of Object.keys(first.entities)) {
          const before = first.entities[key]!;
          const after = second.entities[key]!;
          for (const pk of Object.keys(before)) expect(after[pk]).toBe(before[pk]);
        }
      }),
      { numRuns: 60 },
    );
  });
});
