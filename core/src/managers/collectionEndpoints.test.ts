// Collection-derived endpoints through the store over HTTP (docs/reference/collections.md): pages,
// move, addWith.
import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { RestEndpoint } from '../rest';
import { Collection, Entity, Values } from '../schema';
import { createStore } from './createStore';

const API = 'http://collections.test';
const server = useMswServer();

class Post extends Entity {
  id = '';
  title = '';
}

class Member extends Entity {
  id = '';
  name = '';
}

const ids = (list: readonly { id: string }[] | Record<string, { id: string }> | undefined) =>
  list === undefined ? undefined : Object.values(list).map((item) => item.id);

describe('a fetched page updates the list it belongs to (§4.6 getPage / paginated)', () => {
  const getFeed = new RestEndpoint({
    urlPrefix: API,
    path: '/feed',
    searchParams: {} as { tag?: string },
    paginationField: 'cursor',
    // Fields the schema does not name (`total`) are kept as they come.
    schema: { items: new Collection([Post]), next: '' },
  });

  /** Pages of five posts, two at a time, by cursor; the tag prefixes titles. */
  function feedApi() {
    server.use(
      http.get(`${API}/feed`, ({ request }) => {
        const search = new URL(request.url).searchParams;
        const start = Number(search.get('cursor') ?? search.get('offset') ?? 0);
        const tag = search.get('tag') ?? '';
        const items = [0, 1, 2, 3, 4]
          .slice(start, start + 2)
          .map((i) => ({ id: `${tag}${i}`, title: `${tag} post ${i}` }));
        const next = start + 2 < 5 ? String(start + 2) : null;
        return HttpResponse.json({ items, next, total: 5 });
      }),
    );
  }

  it('appends the items and takes the next cursor from the page, so "load more" moves on', async () => {
    feedApi();
    const { controller, dispose } = createStore();
    const seen: (string | null | undefined)[] = [];
    const subscription = controller.select(getFeed).subscribe((selection) => {
      if (seen.at(-1) !== selection.data?.next || seen.length === 0)
        seen.push(selection.data?.next);
    });
    await controller.fetch(getFeed);
    const loadMore = async () => {
      const { next } = controller.getResponse(getFeed).data!;
      await controller.fetch(getFeed.getPage, { cursor: next! });
    };
    await loadMore();
    let feed = controller.getResponse(getFeed).data!;
    expect(ids(feed.items)).toEqual(['0', '1', '2', '3']);
    expect(feed.next).toBe('4');
    await loadMore();
    feed = controller.getResponse(getFeed).data!;
    expect(ids(feed.items)).toEqual(['0', '1', '2', '3', '4']);
    expect(feed).toMatchObject({ next: null, total: 5 });
    // Readers of the list see each page land.
    expect(seen).toEqual([undefined, '2', '4', null]);
    // The page itself resolves to its own items.
    const page = await controller.fetch(getFeed.getPage, { cursor: '2' });
    expect(ids(page.items)).toEqual(['2', '3']);
    expectTypeOf(page).toEqualTypeOf<{ items: Post[]; next: string }>();
    subscription.unsubscribe();
    dispose();
  });

  it('updates only the list of the source args: removeCursor gives them', async () => {
    feedApi();
    const { controller, dispose } = createStore();
    await controller.fetch(getFeed);
    await controller.fetch(getFeed, { tag: 'x' });
    await controller.fetch(getFeed.getPage, { tag: 'x', cursor: '2' });
    expect(ids(controller.getResponse(getFeed, { tag: 'x' }).data?.items)).toEqual([
      'x0',
      'x1',
      'x2',
      'x3',
    ]);
    expect(controller.getResponse(getFeed, { tag: 'x' }).data?.next).toBe('4');
    expect(controller.getResponse(getFeed).data).toMatchObject({ next: '2' });
    expect(ids(controller.getResponse(getFeed).data?.items)).toEqual(['0', '1']);

    // Function form: the args it returns name the source's result.
    const byOffset = getFeed.paginated(
      ({ offset: _offset, ...rest }: { offset: number; tag?: string }) => [rest],
    );
    await controller.fetch(byOffset, { offset: 2 });
    expect(controller.getResponse(getFeed).data).toMatchObject({ next: '4' });
    expect(ids(controller.getResponse(getFeed).data?.items)).toEqual(['0', '1', '2', '3']);
    dispose();
  });

  it('a page for a list never loaded writes its own result only', async () => {
    feedApi();
    const { controller, dispose } = createStore();
    await controller.fetch(getFeed.getPage, { cursor: '2' });
    expect(controller.getResponse(getFeed).data).toBeUndefined();
    dispose();
  });
});

describe('move (§4.6)', () => {
  /** Members by group: a path param, not a field of the entity. */
  const groups: Record<string, { id: string; name: string }[]> = {};
  function groupsApi() {
    groups.five = [
      { id: '10', name: 'Ten' },
      { id: '11', name: 'Eleven' },
    ];
    groups.ten = [{ id: '20', name: 'Twenty' }];
    server.use(
      http.get(`${API}/groups/:group/members`, ({ params }) =>
        HttpResponse.json(groups[params.group as string]),
      ),
      http.get(`${API}/groups/:group/roster`, ({ params }) =>
        HttpResponse.json(
          Object.fromEntries(groups[params.group as string].map((member) => [member.id, member])),
        ),
      ),
      // The server moves the member and answers with it; the group is not one of its fields.
      http.patch(`${API}/groups/:group/:list`, async ({ params, request }) => {
        const id = new URL(request.url).searchParams.get('id')!;
        const body = (await request.json()) as { group: string };
        const from = groups[params.group as string];
        const member = from.splice(
          from.findIndex((m) => m.id === id),
          1,
        )[0];
        groups[body.group].push(member);
        return HttpResponse.json(member);
      }),
    );
  }

  it('goes where the merged value says: a collection keyed by a path param', async () => {
    groupsApi();
    const listMembers = new RestEndpoint({
      urlPrefix: API,
      path: '/groups/:group/members',
      searchParams: {} as { id?: string },
      schema: new Collection([Member]),
    });
    const { controller, dispose } = createStore();
    await controller.fetch(listMembers, { group: 'five' });
    await controller.fetch(listMembers, { group: 'ten' });
    const moved = await controller.fetch(
      listMembers.move,
      { group: 'five', id: '10' },
      { group: 'ten' },
    );
    expect(moved).toMatchObject({ id: '10', name: 'Ten' });
    // The body takes entity fields and new values of the list's params.
    type MoveBody = Parameters<typeof listMembers.move>[1];
    expectTypeOf<{ group: string; name: string }>().toExtend<MoveBody>();
    expectTypeOf<{ name: number }>().not.toExtend<MoveBody>();
    expect(ids(controller.getResponse(listMembers, { group: 'five' }).data)).toEqual(['11']);
    expect(ids(controller.getResponse(listMembers, { group: 'ten' }).data)).toEqual(['20', '10']);
    // What the server now says agrees.
    await controller.fetch(listMembers, { group: 'ten' });
    expect(ids(controller.getResponse(listMembers, { group: 'ten' }).data)).toEqual(['20', '10']);
    dispose();
  });

  it('works on a Collection of Values (§2.2), as remove does', async () => {
    groupsApi();
    const getRoster = new RestEndpoint({
      urlPrefix: API,
      path: '/groups/:group/roster',
      searchParams: {} as { id?: string },
      schema: new Collection(new Values(Member)),
    });
    const { controller, dispose } = createStore();
    await controller.fetch(getRoster, { group: 'five' });
    await controller.fetch(getRoster, { group: 'ten' });
    await controller.fetch(getRoster.move, { group: 'five', id: '10' }, { group: 'ten' });
    const five = controller.getResponse(getRoster, { group: 'five' }).data;
    const ten = controller.getResponse(getRoster, { group: 'ten' }).data;
    expect(Object.keys(five!)).toEqual(['11']);
    expect(Object.keys(ten!).sort()).toEqual(['10', '20']);
    expect(ten!['10']).toBeInstanceOf(Member);
    expectTypeOf(ten!).toEqualTypeOf<Record<string, Member>>();

    server.use(
      http.patch(`${API}/groups/:group/roster`, () => HttpResponse.json({ id: '20', name: 'x' })),
    );
    await controller.fetch(getRoster.remove, { group: 'ten' }, { id: '20' });
    expect(Object.keys(controller.getResponse(getRoster, { group: 'ten' }).data!)).toEqual(['10']);
    dispose();
  });
});

describe('Collection.addWith', () => {
  const members = new Collection([Member]);
  const listMembers = new RestEndpoint({
    urlPrefix: API,
    path: '/groups/:group/members',
    schema: members,
  });

  function createApi() {
    server.use(
      http.get(`${API}/groups/:group/members`, ({ params }) =>
        HttpResponse.json(
          params.group === 'a'
            ? [
                { id: '1', name: 'Ann' },
                { id: '3', name: 'Cy' },
              ]
            : [{ id: '9', name: 'Zed' }],
        ),
      ),
      http.post(`${API}/groups/:group/members`, async ({ request }) =>
        HttpResponse.json(await request.json()),
      ),
    );
  }

  it('adds with its own merge, to the collections the default filter picks', async () => {
    createApi();
    // Keeps each list sorted (by primary key: the members' normalized form).
    const sorted = members.addWith((existing: string[], incoming: string[]) =>
      [...existing, ...incoming].sort(),
    );
    const { controller, dispose } = createStore();
    const addMember = listMembers.push.extend({ schema: sorted });
    await controller.fetch(listMembers, { group: 'a' });
    await controller.fetch(listMembers, { group: 'b' });
    const added = await controller.fetch(addMember, { group: 'a' }, { id: '2', name: 'Bo' });
    expect(added).toBeInstanceOf(Member);
    expectTypeOf(added).toEqualTypeOf<Member | Member[]>();
    expect(ids(controller.getResponse(listMembers, { group: 'a' }).data)).toEqual(['1', '2', '3']);
    expect(ids(controller.getResponse(listMembers, { group: 'b' }).data)).toEqual(['9']);
    dispose();
  });

  it('takes a createCollectionFilter of its own', async () => {
    createApi();
    const { controller, dispose } = createStore();
    // Adds to every loaded group's list at the start, whatever the args say.
    const everywhere = members.addWith(
      (existing: string[], incoming: string[]) => [...incoming, ...existing],
      (_params: { group: string }, _body: Partial<Member>) => () => true,
    );
    const announce = listMembers.push.extend({ schema: everywhere });
    await controller.fetch(listMembers, { group: 'a' });
    await controller.fetch(listMembers, { group: 'b' });
    await controller.fetch(announce, { group: 'a' }, { id: '7', name: 'Host' });
    expect(ids(controller.getResponse(listMembers, { group: 'a' }).data)).toEqual(['7', '1', '3']);
    expect(ids(controller.getResponse(listMembers, { group: 'b' }).data)).toEqual(['7', '9']);
    dispose();
  });
});

describe('a push or unshift answered with something that is not an entity', () => {
  class Todo extends Entity {
    id = 0;
    title = '';
  }
  const listTodos = new RestEndpoint({
    urlPrefix: API,
    path: '/todos',
    schema: new Collection([Todo]),
  });
  const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });

  it.each([
    ['"5"', '5'],
    ['5', 5],
    ['null', null],
    ['[5]', [5]],
    ['[null]', [null]],
  ])('%s is a SchemaError and writes nothing', async (_label, reply) => {
    server.use(
      http.get(`${API}/todos`, () => HttpResponse.json([{ id: 1, title: 'one' }])),
      http.post(`${API}/todos`, () => HttpResponse.json(reply)),
      http.get(`${API}/todos/5`, () => HttpResponse.json({ id: 5, title: 'five' })),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(listTodos);
    const before = controller.getState().entities;
    for (const endpoint of [listTodos.push, listTodos.unshift]) {
      const failure = await controller.fetch(endpoint, { title: 'new' }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ name: 'SchemaError' });
      expect((failure as Error).message).toMatch(/Todo/);
    }
    expect(controller.getState().entities).toEqual(before);
    // A Todo 5 that arrives later stays out of the list.
    await controller.fetch(getTodo, { id: 5 });
    expect(ids(controller.getResponse(listTodos).data as never)).toEqual([1]);
    dispose();
  });

  it('assign to a Values collection refuses a primary key for a member too', async () => {
    const getIndex = new RestEndpoint({
      urlPrefix: API,
      path: '/index',
      schema: new Collection(new Values(Todo)),
    });
    server.use(
      http.get(`${API}/index`, () => HttpResponse.json({ a: { id: 1, title: 'one' } })),
      http.post(`${API}/index`, () => HttpResponse.json({ b: 5 })),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(getIndex);
    await expect(controller.fetch(getIndex.assign, { b: { title: 'x' } })).rejects.toThrow(
      /Todo: assign needs each new member as an object/,
    );
    expect(Object.keys(controller.getResponse(getIndex).data!)).toEqual(['a']);
    dispose();
  });
});

describe('a Collection subclass overriding nonFilterArgumentKeys', () => {
  class Task extends Entity {
    id = '';
    userId = '';
  }
  /** Ordering identifies a list but never keeps a task out of it. */
  class OrderedTasks extends Collection<[typeof Task]> {
    override nonFilterArgumentKeys(key: string): boolean {
      return key === 'orderBy';
    }
  }
  const listTasks = new RestEndpoint({
    urlPrefix: API,
    path: '/tasks',
    searchParams: {} as { userId: string; orderBy?: string },
    schema: new OrderedTasks([Task]),
  });

  it('is used when pushing, as the constructor option is', async () => {
    server.use(
      http.get(`${API}/tasks`, () => HttpResponse.json([{ id: '1', userId: '7' }])),
      http.post(`${API}/tasks`, async ({ request }) =>
        HttpResponse.json({ id: '2', ...((await request.json()) as object) }),
      ),
    );
    const { controller, dispose } = createStore();
    await controller.fetch(listTasks, { userId: '7', orderBy: 'name' });
    await controller.fetch(listTasks.push, { userId: '7' }, { userId: '7' });
    const list = controller.getResponse(listTasks, { userId: '7', orderBy: 'name' }).data;
    expect(ids(list)).toEqual(['1', '2']);
    dispose();
  });
});
