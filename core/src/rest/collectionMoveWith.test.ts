// Collection.moveWith and the `unshift` merge as data-client documents them
// (dataclient.io/rest/api/Collection#moveWith, #unshift-merge, resource#collection, and the
// changeset that added them): "moveWith() constructs a custom move schema that controls how
// entities are added to their destination collection. The remove behavior is automatically
// derived from the collection type (Array or Values)"; `unshift` is "a merge function that puts
// incoming items at the start of the collection. Use with moveWith or addWith". The documented
// use: a Collection subclass whose constructor sets `this.move = this.moveWith(unshift)`, given to
// resource({ Collection }). Through msw and a store.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import {
  Collection,
  type CollectionOptions,
  type CollectionUpdate,
  Entity,
  type MergeMembers,
  unshift,
  Values,
} from '../schema/index';
import type { Store } from '../store';
import { RestEndpoint } from './RestEndpoint';
import { resource } from './resource';

const API = 'http://move-with.test';
const server = useMswServer();

class Post extends Entity {
  id = '';
  title = '';
  group = '';
  static override key = 'MoveWithPost';
}

/** The subclass of data-client's resource page: moved items are prepended, not appended. */
class PrependingCollection extends Collection {
  constructor(definition: [typeof Post], options?: CollectionOptions) {
    super(definition, options);
    this.move = this.moveWith(unshift);
  }
}

let stores: Store[] = [];
function newStore(): Store {
  const store = createStore();
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
});

const POSTS: Record<string, { id: string; title: string; group: string }[]> = {
  react: [
    { id: '1', title: 'one', group: 'react' },
    { id: '2', title: 'two', group: 'react' },
  ],
  vue: [
    { id: '3', title: 'three', group: 'vue' },
    { id: '4', title: 'four', group: 'vue' },
  ],
};

/** GET /:group/posts lists a group; PATCH /:group/posts/:id answers the post with the body. */
function postsServer() {
  const requests: string[] = [];
  server.use(
    http.get(`${API}/:group/posts`, ({ params }) =>
      HttpResponse.json(POSTS[params.group as string] ?? []),
    ),
    http.patch(`${API}/:group/posts/:id`, async ({ request, params }) => {
      requests.push(`PATCH ${new URL(request.url).pathname}`);
      const post = POSTS[params.group as string].find((p) => p.id === params.id);
      return HttpResponse.json({ ...post, ...((await request.json()) as object) });
    }),
  );
  return requests;
}

/** The ids of a stored list, in order. */
function ids(data: readonly Post[] | undefined) {
  return data?.map((post) => post.id);
}

describe('Collection.moveWith (data-client)', () => {
  it('resource({ Collection }) with this.move = this.moveWith(unshift): getList.move prepends into the destination', async () => {
    const requests = postsServer();
    const PostResource = resource({
      urlPrefix: API,
      path: '/:group/posts/:id',
      schema: Post,
      Collection: PrependingCollection,
    });
    const store = newStore();
    await store.controller.fetch(PostResource.getList, { group: 'react' });
    await store.controller.fetch(PostResource.getList, { group: 'vue' });

    await store.controller.fetch(
      PostResource.getList.move,
      { group: 'react', id: '2' },
      {
        group: 'vue',
      },
    );

    expect(requests).toEqual(['PATCH /react/posts/2']);
    // Removed from the list its old value matched, as move does; first in the one it now matches.
    expect(
      ids(store.controller.getResponse(PostResource.getList, { group: 'react' }).data),
    ).toEqual(['1']);
    expect(ids(store.controller.getResponse(PostResource.getList, { group: 'vue' }).data)).toEqual([
      '2',
      '3',
      '4',
    ]);
    expect(store.controller.get(Post, { id: '2' })?.group).toBe('vue');
  });

  it('an optimistic move shows the record first in its new list at once, and keeps it there once answered', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(`${API}/:group/posts`, ({ params }) =>
        HttpResponse.json(POSTS[params.group as string] ?? []),
      ),
      http.patch(`${API}/:group/posts/:id`, async ({ request }) => {
        const body = (await request.json()) as object;
        await answered;
        return HttpResponse.json({ ...POSTS.react[1], ...body });
      }),
    );
    const PostResource = resource({
      urlPrefix: API,
      path: '/:group/posts/:id',
      schema: Post,
      Collection: PrependingCollection,
    });
    // data-client's example moves optimistically; here the move says what it expects
    const move = PostResource.getList.move.extend({
      getOptimisticResponse: (_snap, params, body) => ({ ...POSTS.react[1], ...params, ...body }),
    });
    const store = newStore();
    await store.controller.fetch(PostResource.getList, { group: 'react' });
    await store.controller.fetch(PostResource.getList, { group: 'vue' });
    const list = (group: string) =>
      ids(store.controller.getResponse(PostResource.getList, { group }).data);

    const moving = store.controller.fetch(move, { group: 'react', id: '2' }, { group: 'vue' });
    expect(list('react')).toEqual(['1']);
    expect(list('vue')).toEqual(['2', '3', '4']);
    answer();
    await moving;
    expect(list('react')).toEqual(['1']);
    expect(list('vue')).toEqual(['2', '3', '4']);
  });

  it('without it, move appends (the default both libraries share)', async () => {
    postsServer();
    const PostResource = resource({ urlPrefix: API, path: '/:group/posts/:id', schema: Post });
    const store = newStore();
    await store.controller.fetch(PostResource.getList, { group: 'react' });
    await store.controller.fetch(PostResource.getList, { group: 'vue' });
    await store.controller.fetch(
      PostResource.getList.move,
      { group: 'react', id: '2' },
      {
        group: 'vue',
      },
    );
    expect(
      ids(store.controller.getResponse(PostResource.getList, { group: 'react' }).data),
    ).toEqual(['1']);
    expect(ids(store.controller.getResponse(PostResource.getList, { group: 'vue' }).data)).toEqual([
      '3',
      '4',
      '2',
    ]);
  });

  it("a plain RestEndpoint's move takes the merge too, and a custom merge sees the stored list and the member joining", async () => {
    postsServer();
    const seen: unknown[] = [];
    // e.g. keep the destination sorted by id, descending
    const sorted: MergeMembers = (existing, incoming) => {
      seen.push([existing, incoming]);
      return [...(existing as string[]), ...(incoming as string[])].sort().reverse();
    };
    const collection = new Collection([Post]);
    collection.move = collection.moveWith(sorted);
    const getPosts = new RestEndpoint({
      urlPrefix: API,
      path: '/:group/posts',
      schema: collection,
    });
    const store = newStore();
    await store.controller.fetch(getPosts, { group: 'react' });
    await store.controller.fetch(getPosts, { group: 'vue' });
    // the list endpoint's own URL parameters name the move (SPEC: a plain endpoint's move)
    server.use(
      http.patch(`${API}/:group/posts`, async ({ request }) =>
        HttpResponse.json({ ...POSTS.vue[1], ...((await request.json()) as object) }),
      ),
    );
    await store.controller.fetch(getPosts.move, { group: 'vue' }, { id: '4', group: 'react' });
    expect(ids(store.controller.getResponse(getPosts, { group: 'vue' }).data)).toEqual(['3']);
    expect(ids(store.controller.getResponse(getPosts, { group: 'react' }).data)).toEqual([
      '4',
      '2',
      '1',
    ]);
    expect(seen).toEqual([[['1', '2'], ['4']]]);
  });

  it('moves between Values collections: out of the old map by its key, into the new by the merge', async () => {
    class Stat extends Entity {
      id = '';
      market = '';
      volume = 0;
      static override key = 'MoveWithStat';
    }
    const stats: Record<string, Record<string, object>> = {
      spot: {
        a: { id: 'a', market: 'spot', volume: 1 },
        b: { id: 'b', market: 'spot', volume: 2 },
      },
      futures: { c: { id: 'c', market: 'futures', volume: 3 } },
    };
    server.use(
      http.get(`${API}/stats/:market`, ({ params }) =>
        HttpResponse.json(stats[params.market as string]),
      ),
      http.patch(`${API}/stats/:market`, async ({ request }) =>
        HttpResponse.json({ ...stats.spot.b, ...((await request.json()) as object) }),
      ),
    );
    const collection = new Collection(new Values(Stat));
    collection.move = collection.moveWith(unshift);
    const getStats = new RestEndpoint({
      urlPrefix: API,
      path: '/stats/:market',
      schema: collection,
    });
    const store = newStore();
    await store.controller.fetch(getStats, { market: 'spot' });
    await store.controller.fetch(getStats, { market: 'futures' });
    await store.controller.fetch(getStats.move, { market: 'spot' }, { id: 'b', market: 'futures' });
    const keys = (market: string) =>
      Object.keys(store.controller.getResponse(getStats, { market }).data ?? {});
    expect(keys('spot')).toEqual(['a']);
    // unshift on a map: the moved key first
    expect(keys('futures')).toEqual(['b', 'c']);
    const futures = store.controller.getResponse(getStats, { market: 'futures' }).data;
    expect(futures?.b).toBeInstanceOf(Stat);
    expect(futures?.b.market).toBe('futures');
  });

  it('addWith(unshift) adds at the start, a member a list holds once (as push and unshift)', async () => {
    server.use(
      http.get(`${API}/:group/posts`, ({ params }) =>
        HttpResponse.json(POSTS[params.group as string] ?? []),
      ),
      http.post(`${API}/:group/posts`, async ({ request }) => {
        const body = (await request.json()) as object[];
        return HttpResponse.json(body, { status: 201 });
      }),
    );
    const getPosts = new RestEndpoint({
      urlPrefix: API,
      path: '/:group/posts',
      schema: new Collection([Post]),
    });
    const create = getPosts.extend({
      method: 'POST',
      schema: getPosts.schema.addWith(unshift),
      body: [] as Partial<Post>[],
    });
    const store = newStore();
    await store.controller.fetch(getPosts, { group: 'react' });
    await store.controller.fetch(create, { group: 'react' }, [
      { id: '9', title: 'nine', group: 'react' },
      { id: '1', title: 'one again', group: 'react' },
    ]);
    expect(ids(store.controller.getResponse(getPosts, { group: 'react' }).data)).toEqual([
      '9',
      '1',
      '2',
    ]);
    expect(store.controller.get(Post, { id: '1' })?.title).toBe('one again');
  });

  it('unshift on its own: lists and maps, leaving its arguments as they were', () => {
    const list = ['a', 'b'];
    expect(unshift(list, ['c', 'a', 'c'])).toEqual(['c', 'a', 'b']);
    expect(list).toEqual(['a', 'b']);
    // a list that takes nothing is returned as it is (not written)
    expect(unshift(list, ['b'])).toBe(list);
    const map = { x: 'x1', y: 'y1' };
    const merged = unshift(map, { y: 'y2', z: 'z1' });
    expect(Object.keys(merged)).toEqual(['y', 'z', 'x']);
    expect(merged).toEqual({ x: 'x1', y: 'y2', z: 'z1' });
    expect(map).toEqual({ x: 'x1', y: 'y1' });
  });

  it('types: move is writable with moveWith, which keeps the collection type', () => {
    const collection = new Collection([Post]);
    expectTypeOf(collection.moveWith(unshift)).toEqualTypeOf<
      CollectionUpdate<typeof collection, 'move'>
    >();
    expectTypeOf(collection.move).toEqualTypeOf<CollectionUpdate<typeof collection, 'move'>>();
    expectTypeOf(unshift).toEqualTypeOf<MergeMembers>();
    void (() => {
      // another mode is not a move
      // @ts-expect-error addWith is not a move schema
      collection.move = collection.addWith(unshift);
    });
    const PostResource = resource({
      path: '/:group/posts/:id',
      schema: Post,
      Collection: PrependingCollection,
    });
    type MoveArgs = Parameters<typeof PostResource.getList.move>;
    expectTypeOf<MoveArgs[0]>().toEqualTypeOf<{ group: string | number; id: string | number }>();
  });
});

describe('a move whose answer the entity declines', () => {
  /** Declines (deletes) an archived post, as data-client's process() returning undefined does. */
  class ArchivablePost extends Post {
    static override key = 'MoveWithArchivablePost';
    static override process(input: unknown) {
      if ((input as { archived?: boolean }).archived) return undefined;
      return input;
    }
  }

  it('deletes the record instead of failing on its primary key', async () => {
    const requests = postsServer();
    server.use(
      http.patch(`${API}/:group/posts/:id`, async ({ params }) => {
        requests.push(`PATCH /${params.group}/posts/${params.id}`);
        return HttpResponse.json({ id: params.id, group: 'vue', archived: true });
      }),
    );
    const PostResource = resource({
      urlPrefix: API,
      path: '/:group/posts/:id',
      schema: ArchivablePost,
    });
    const store = newStore();
    await store.controller.fetch(PostResource.getList, { group: 'react' });
    await store.controller.fetch(
      PostResource.getList.move,
      { group: 'react', id: '2' },
      { group: 'vue' },
    );
    expect(requests).toEqual(['PATCH /react/posts/2']);
    expect(store.controller.get(ArchivablePost, { id: '2' })).toBeUndefined();
    expect(
      ids(store.controller.getResponse(PostResource.getList, { group: 'react' }).data),
    ).toEqual(['1']);
  });
});
