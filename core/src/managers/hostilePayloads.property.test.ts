import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { User } from '../../test/users';
import { RestEndpoint } from '../rest';
import { Entity, Values } from '../schema';
import { createStore } from './createStore';

// Whatever a server sends for one key, the store either takes it (and can read it back) or
// refuses it with an error, keeping that key's previous data; other keys never change, and
// nothing escapes as an uncaught exception or an unhandled rejection.

class Post extends Entity {
  id = '';
  title = '';
  author: User | undefined = undefined;
  replyTo: Post | undefined = undefined;
  reviewers: User[] = [];
  pk() {
    return this.id;
  }
  static override schema: Record<string, any> = {};
}
Post.schema = { author: User, replyTo: Post, reviewers: [User], byNick: new Values(User) };
class Tag extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
}

const API = 'http://hostile.test';
const server = useMswServer();
const listPosts = new RestEndpoint({ urlPrefix: API, path: '/posts', schema: [Post] });
const listTags = new RestEndpoint({ urlPrefix: API, path: '/tags', schema: [Tag] });

const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'id'];

/** An object whose keys are all own data properties (`__proto__` included). */
function own(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true });
  }
  return object;
}

const oddKey = fc.constantFrom(...ODD_KEYS);
const oddObject = fc
  .array(fc.tuple(oddKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 })
  .map(own);
const pkLike = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  oddKey,
  fc.constant(null),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 1 }),
);
const userLike = fc.oneof(
  fc.record({ id: pkLike, name: fc.jsonValue({ maxDepth: 1 }) }),
  pkLike,
  oddObject,
);
const postLike = fc
  .record(
    {
      id: pkLike,
      title: fc.jsonValue({ maxDepth: 1 }),
      author: userLike,
      replyTo: fc.oneof(pkLike, oddObject),
      reviewers: fc.oneof(fc.array(userLike, { maxLength: 3 }), oddObject, pkLike),
      byNick: fc.oneof(
        fc.array(fc.tuple(oddKey, userLike), { maxLength: 3 }).map(own),
        pkLike,
        fc.array(userLike, { maxLength: 2 }),
      ),
    },
    { requiredKeys: [] },
  )
  .chain((post) => oddObject.map((extra) => ({ ...extra, ...post })));

/** A reply thread: a flat page whose posts name others by id, in either order, maybe a loop. */
const flatChain = fc
  .record({ length: fc.integer({ min: 1, max: 3_000 }), back: fc.boolean(), loop: fc.boolean() })
  .map(({ length, back, loop }) =>
    Array.from({ length }, (_, i) => {
      const next = back ? i - 1 : i + 1;
      const replyTo = next >= 0 && next < length ? `p${next}` : loop ? 'p0' : undefined;
      return { id: `p${i}`, title: `post ${i}`, replyTo };
    }),
  );

/** The same thread written inline: each post holds the one it answers. */
const inlineChain = fc.integer({ min: 1, max: 400 }).map((depth) => {
  let post: Record<string, unknown> = { id: `n${depth}`, title: 'root' };
  for (let i = depth - 1; i >= 0; i--) post = { id: `n${i}`, title: `reply ${i}`, replyTo: post };
  return [post];
});

/** The text a server sends: JSON of a hostile value, or not JSON at all. */
const hostileBody = fc.oneof(
  fc.array(postLike, { maxLength: 6 }).map((value) => JSON.stringify(value)),
  flatChain.map((value) => JSON.stringify(value)),
  inlineChain.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  oddObject.map((value) => JSON.stringify(value)),
  fc.constantFrom('', 'null', '{"error":"rate limited"}', '[', '<html>', '[null, 1, "x"]'),
  fc.string({ maxLength: 20 }),
);

describe('hostile payloads (property-based)', () => {
  it('keep the previous data of their key on refusal, leave other keys alone, throw nowhere', async () => {
    const escaped: unknown[] = [];
    const record = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    try {
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          server.use(
            http.get(`${API}/tags`, () => HttpResponse.json([{ id: 't1', label: 'kept' }])),
            http.get(
              `${API}/posts`,
              () => HttpResponse.json([{ id: 'p0', title: 'before', author: { id: 'u0' } }]),
              { once: true },
            ),
          );
          const { controller, state$, dispose } = createStore();
          const tags = await controller.fetch(listTags);
          const previous = await controller.fetch(listPosts);
          const tagTable = controller.getState().entities.Tag;
          let emitted = 0;
          state$.subscribe(() => emitted++);

          server.use(
            http.get(
              `${API}/posts`,
              () => new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }),
            ),
          );
          const outcome = await controller.fetch(listPosts).then(
            (data) => ({ data }),
            (error: unknown) => ({ error }),
          );
          const read = controller.getResponse(listPosts);
          if ('error' in outcome) {
            expect(outcome.error).toBeInstanceOf(Error);
            expect(read.data).toBe(previous);
          } else {
            expect(Array.isArray(read.data)).toBe(true);
            expect(read.data).toBe(outcome.data);
            expect(controller.getError(listPosts)).toBeUndefined();
            for (const post of read.data as Post[]) expect(post).toBeInstanceOf(Post);
          }
          expect(controller.getResponse(listTags).data).toBe(tags);
          expect(controller.getState().entities.Tag).toBe(tagTable);
          // Writes and state$ still work.
          await controller.set(Tag, { id: 't2', label: 'new' });
          expect(emitted).toBeGreaterThan(1);
          dispose();
        }),
        { numRuns: 120 },
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(escaped).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    }
  }, 60_000);
});
