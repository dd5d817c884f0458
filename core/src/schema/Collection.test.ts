import { describe, expect, it } from 'vitest';
import { denormalize, MemoCache, normalize } from '../normalize/index';
import { Collection } from './Collection';
import { Entity } from './Entity';
import { findCollection, replaceCollection } from './findCollection';
import { INVALID } from './INVALID';
import type { EntityTables } from './interface';
import { ObjectSchema } from './ObjectSchema';
import { SchemaError } from './SchemaError';
import { Union } from './Union';
import { Values } from './ValuesSchema';

class Todo extends Entity {
  id = 0;
  title = '';
  userId = 0;
  done = false;
  pk() {
    return this.id;
  }
}

const todos = new Collection([Todo]);
const META1 = { fetchedAt: 1, date: 1, expiresAt: 100 };
const META2 = { fetchedAt: 2, date: 2, expiresAt: 200 };

/** A store holding three collections: all todos, user 1's and user 2's. */
function seeded() {
  let state = normalize(
    todos,
    [
      { id: 1, title: 'a', userId: 1 },
      { id: 2, title: 'b', userId: 2 },
    ],
    [{}],
  );
  state = normalize(todos, [{ id: 1, title: 'a', userId: 1 }], [{ userId: 1 }], state);
  state = normalize(todos, [{ id: 2, title: 'b', userId: 2 }], [{ userId: '2' }], state);
  return state;
}

const ids = (list: unknown) => (list as Todo[]).map((todo) => todo.id);
const listFor = (state: { entities: EntityTables }, params: object) =>
  denormalize(todos, todos.pk(undefined, undefined, undefined, [params]), state.entities);

describe('Collection', () => {
  it('stores each list once per canonical args and denormalizes to instances', () => {
    const state = seeded();
    expect(todos.key).toBe('COLLECT:ArraySchema(Todo)');
    const table = state.entities[todos.key]!;
    expect(Object.keys(table).sort()).toEqual(['{"userId":"1"}', '{"userId":"2"}', '{}']);
    expect(state.entities[todos.key]!['{"userId":"1"}']).toEqual(['1']);
    const list = listFor(state, { userId: 1 }) as Todo[];
    expect(list[0]).toBeInstanceOf(Todo);
    expect(list[0].title).toBe('a');
    // numbers and strings in args name the same collection
    expect(todos.pk(undefined, undefined, undefined, [{ userId: 2 }])).toBe(
      todos.pk(undefined, undefined, undefined, [{ userId: '2' }]),
    );
  });

  it('a refetch replaces the stored list; an older response does not overwrite a newer one', () => {
    let state = normalize(todos, [{ id: 1 }, { id: 2 }], [{}], {}, META2);
    state = normalize(todos, [{ id: 3 }], [{}], state, META1);
    expect(ids(listFor(state, {}))).toEqual([1, 2]);
    state = normalize(todos, [{ id: 3 }], [{}], state, { ...META2, fetchedAt: 3 });
    expect(ids(listFor(state, {}))).toEqual([3]);
  });

  it('push appends to every stored collection whose args match the entity', () => {
    const before = seeded();
    const state = normalize(todos.push, { id: 3, title: 'c', userId: 1 }, [{}], before);
    expect(ids(listFor(state, {}))).toEqual([1, 2, 3]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([1, 3]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2]);
    // the result is the pushed entity
    expect(denormalize(todos.push, state.result, state.entities)).toMatchObject({
      id: 3,
      title: 'c',
    });
    // the unchanged collection is shared, the input state untouched
    expect(state.entities[todos.key]!['{"userId":"2"}']).toBe(
      before.entities[todos.key]!['{"userId":"2"}'],
    );
    expect(before.entities[todos.key]!['{}']).toEqual(['1', '2']);
  });

  it('push of a list adds each item where it belongs, in order', () => {
    const state = normalize(
      todos.push,
      [
        { id: 3, userId: 2 },
        { id: 4, userId: 1 },
        { id: 5, userId: 2 },
      ],
      [{}],
      seeded(),
    );
    expect(ids(listFor(state, {}))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([1, 4]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2, 3, 5]);
    expect(ids(denormalize(todos.push, state.result, state.entities))).toEqual([3, 4, 5]);
  });

  it('push or unshift of an entity a list holds updates it where it stands, not twice', () => {
    const before = seeded();
    let state = normalize(todos.push, { id: 2, title: 'b again', userId: 2 }, [{}], before);
    expect(listFor(state, {})).toEqual([
      expect.objectContaining({ id: 1, title: 'a' }),
      expect.objectContaining({ id: 2, title: 'b again' }),
    ]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2]);
    // Nothing joined: the stored lists are the same arrays (readers of them get no new list).
    expect(state.entities[todos.key]).toEqual(before.entities[todos.key]);
    expect(state.entities[todos.key]!['{}']).toBe(before.entities[todos.key]!['{}']);
    // unshift keeps the place too; a list with repeats, and members held or new, adds each new once
    state = normalize(todos.unshift, { id: 1, title: 'a again', userId: 1 }, [{}], state);
    expect(ids(listFor(state, {}))).toEqual([1, 2]);
    state = normalize(
      todos.unshift,
      [
        { id: 3, userId: 1 },
        { id: 2, userId: 2 },
        { id: 3, userId: 1 },
      ],
      [{}],
      state,
    );
    expect(ids(listFor(state, {}))).toEqual([3, 1, 2]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([3, 1]);
    state = normalize(todos.push, [{ id: 4 }, { id: 1 }, { id: 4 }], [{}], state);
    expect(ids(listFor(state, {}))).toEqual([3, 1, 2, 4]);
    // The result is what was sent, as given.
    expect(ids(denormalize(todos.push, state.result, state.entities))).toEqual([4, 1, 4]);
    expect((listFor(state, {}) as Todo[])[1].title).toBe('a again');
  });

  it('push of a polymorphic member the list holds (same schema and id) adds it once', () => {
    class Note extends Entity {
      id = 0;
      type = 'note';
      pk() {
        return this.id;
      }
    }
    const feed = new Collection([new Union({ todo: Todo, note: Note }, 'type')]);
    let state = normalize(feed, [{ id: 1, type: 'note' }], [{}]);
    state = normalize(feed.push, { id: 1, type: 'note' }, [{}], state);
    // A todo with the note's id is another entity.
    state = normalize(
      feed.push,
      [
        { id: 1, type: 'todo' },
        { id: 1, type: 'note' },
      ],
      [{}],
      state,
    );
    const list = denormalize(feed, feed.pk(undefined, undefined, undefined, [{}]), state.entities);
    expect((list as Todo[]).map((item) => `${item.constructor.name}${item.id}`)).toEqual([
      'Note1',
      'Todo1',
    ]);
  });

  it('push of 10,000 members a 10,000-member list holds adds none, then only the new one', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: i, userId: 1 }));
    let state = normalize(todos, many, [{}]);
    state = normalize(todos.push, many, [{}], state);
    expect(listFor(state, {})).toHaveLength(10_000);
    state = normalize(todos.push, [...many, { id: 10_000 }], [{}], state);
    expect(ids(listFor(state, {})).slice(-2)).toEqual([9_999, 10_000]);
  });

  it('push matches by URL params too (POST /users/:userId/todos)', () => {
    const state = normalize(todos.push, { id: 9 }, [{ userId: 2 }], seeded());
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2, 9]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([1]);
  });

  it('unshift prepends, keeping the given order', () => {
    const state = normalize(
      todos.unshift,
      [
        { id: 3, userId: 1 },
        { id: 4, userId: 1 },
      ],
      [{}],
      seeded(),
    );
    expect(ids(listFor(state, {}))).toEqual([3, 4, 1, 2]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([3, 4, 1]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2]);
  });

  it('remove drops the entity from the collections it matches and updates it', () => {
    const state = normalize(todos.remove, { id: 1, title: 'gone' }, [{ id: 1 }], seeded());
    expect(ids(listFor(state, {}))).toEqual([2]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2]);
    expect(state.entities.Todo!['1']).toMatchObject({ title: 'gone', userId: 1 });
  });

  it('move leaves collections the old state matched and joins those the new state matches', () => {
    const state = normalize(todos.move, { id: 1, userId: 2 }, [{ id: 1 }], seeded());
    expect(ids(listFor(state, {}))).toEqual([1, 2]);
    expect(ids(listFor(state, { userId: 1 }))).toEqual([]);
    expect(ids(listFor(state, { userId: 2 }))).toEqual([2, 1]);
    expect(state.entities.Todo!['1']).toMatchObject({ title: 'a', userId: 2 });
  });

  it('updates nothing when no collection is stored yet', () => {
    const state = normalize(todos.push, { id: 1 }, [{}]);
    expect(state.entities[todos.key]).toBeUndefined();
    expect(state.entities.Todo!['1']).toBeDefined();
  });

  it('nonFilterArgumentKeys identify a collection without excluding entities', () => {
    const sorted = new Collection([Todo], { nonFilterArgumentKeys: ['orderBy'] });
    let state = normalize(sorted, [{ id: 1, userId: 1 }], [{ userId: 1, orderBy: 'title' }]);
    state = normalize(sorted, [], [{ userId: 1 }], state);
    state = normalize(sorted.push, { id: 2, userId: 1 }, [{}], state);
    const table = state.entities[sorted.key]!;
    expect(table['{"orderBy":"title","userId":"1"}']).toEqual(['1', '2']);
    expect(table['{"userId":"1"}']).toEqual(['2']);
    // a RegExp and a function work too
    expect(
      new Collection([Todo], { nonFilterArgumentKeys: /^order/ }).nonFilterArgumentKeys('orderBy'),
    ).toBe(true);
    expect(
      new Collection([Todo], { nonFilterArgumentKeys: (key) => key === 'x' }).nonFilterArgumentKeys(
        'x',
      ),
    ).toBe(true);
  });

  it('createCollectionFilter and argsKey can be customized', () => {
    const custom = new Collection([Todo], {
      argsKey: (params: { owner?: number }, _body?: unknown) => ({ owner: params.owner }),
      createCollectionFilter: (_params: { owner?: number }, todo?: any) => (key) =>
        Number(key.owner) === todo?.userId,
    });
    let state = normalize(custom, [], [{ owner: 1, page: 3 }]);
    state = normalize(custom, [], [{ owner: 2 }], state);
    state = normalize(custom.push, { id: 7, userId: 2 }, [{}], state);
    const table = state.entities[custom.key]!;
    expect(table['{"owner":"1"}']).toEqual([]);
    expect(table['{"owner":"2"}']).toEqual(['7']);
  });

  it('a Values collection is assigned into', () => {
    const byId = new Collection(new Values(Todo));
    expect(byId.key).toBe('COLLECT:Values(Todo)');
    let state = normalize(byId, { a: { id: 1 } }, [{}]);
    state = normalize(byId.assign, { b: { id: 2, title: 'bee' } }, [{}], state);
    const data = denormalize(byId, '{}', state.entities) as Record<string, Todo>;
    expect(Object.keys(data)).toEqual(['a', 'b']);
    expect(data.b).toBeInstanceOf(Todo);
    expect(data.b.title).toBe('bee');
    expect(() => normalize(byId.push, { id: 3 }, [{}], state)).toThrow(SchemaError);
    expect(() => normalize(todos.assign, { a: { id: 3 } }, [{}], state)).toThrow(SchemaError);
  });

  it('addWith on a Values collection merges the new map its own way', () => {
    const byId = new Collection(new Values(Todo));
    // Keeps only the first entry under a key.
    const keepFirst = byId.addWith((existing: object, incoming: object) => ({
      ...incoming,
      ...existing,
    }));
    let state = normalize(byId, { a: { id: 1 } }, [{}]);
    state = normalize(keepFirst, { a: { id: 2 }, b: { id: 3 } }, [{}], state);
    const data = denormalize(byId, '{}', state.entities) as Record<string, Todo>;
    expect(Object.fromEntries(Object.entries(data).map(([key, todo]) => [key, todo.id]))).toEqual({
      a: 1,
      b: 3,
    });
    expect(denormalize(keepFirst, state.result, state.entities)).toEqual({
      a: expect.objectContaining({ id: 2 }),
      b: expect.objectContaining({ id: 3 }),
    });
  });

  it('nestKey names a collection nested in an entity by its parent', () => {
    class User extends Entity {
      id = 0;
      todos: Todo[] = [];
      pk() {
        return this.id;
      }
      static override schema = {
        todos: new Collection([Todo], { nestKey: (parent: User) => ({ userId: parent.id }) }),
      };
    }
    let state = normalize(User, { id: 5, todos: [{ id: 1, userId: 5 }] });
    expect(state.entities.User!['5']).toEqual({ id: 5, todos: '{"userId":"5"}' });
    state = normalize(User.schema.todos.push, { id: 2, userId: 5 }, [{}], state);
    const user = denormalize(User, '5', state.entities) as User;
    expect(ids(user.todos)).toEqual([1, 2]);
  });

  it('invalidated members drop out of the list', () => {
    let state = seeded();
    state = {
      ...state,
      entities: { ...state.entities, Todo: { ...state.entities.Todo, 1: INVALID } },
    };
    expect(ids(listFor(state, {}))).toEqual([2]);
  });

  it('paginate appends a page to the collection named by removeCursor(args)', () => {
    let state = normalize(todos, [{ id: 1 }, { id: 2 }], [{ userId: 1 }]);
    const page = todos.paginate(
      ({ cursor: _cursor, ...rest }: { cursor?: string; userId: number }) => [rest],
    );
    state = normalize(
      page,
      [{ id: 2 }, { id: 3 }, { id: 3 }],
      [{ userId: 1, cursor: 'p2' }],
      state,
    );
    // what the list holds already (a record created meanwhile, a page that overlaps) is not added again
    expect(ids(listFor(state, { userId: 1 }))).toEqual([1, 2, 3]);
    expect(ids(denormalize(page, state.result, state.entities))).toEqual([2, 3, 3]);
    // a first page for args never fetched creates the collection
    state = normalize(page, [{ id: 4 }], [{ userId: 9, cursor: 'p2' }], state);
    expect(ids(listFor(state, { userId: 9 }))).toEqual([4]);
  });

  it('a list of a Union filters by the chosen entity', () => {
    class Note extends Entity {
      id = 0;
      type = 'note';
      userId = 0;
      pk() {
        return this.id;
      }
    }
    const feed = new Collection([new Union({ todo: Todo, note: Note }, 'type')]);
    expect(feed.key).toBe('COLLECT:ArraySchema(Todo,Note)');
    let state = normalize(feed, [{ id: 1, type: 'note', userId: 1 }], [{ userId: 1 }]);
    state = normalize(feed, [], [{ userId: 2 }], state);
    state = normalize(feed.push, { id: 2, type: 'todo', userId: 2 }, [{}], state);
    state = normalize(feed.move, { id: 1, type: 'note', userId: 2 }, [{}], state);
    const list = (userId: number) =>
      (
        denormalize(
          feed,
          feed.pk(undefined, undefined, undefined, [{ userId }]),
          state.entities,
        ) as any[]
      ).map((item) => `${item.constructor.name}${item.id}`);
    expect(list(1)).toEqual([]);
    expect(list(2)).toEqual(['Todo2', 'Note1']);
  });

  it('subclasses of Values and Union are recognized as such (by a marker, not by instanceof)', () => {
    class TodoMap extends Values<typeof Todo> {}
    const byId = new Collection(new TodoMap(Todo));
    expect(byId.key).toBe('COLLECT:Values(Todo)');
    expect(byId.isValues).toBe(true);
    const state = normalize(byId.assign, { b: { id: 2 } }, [{}], normalize(byId, {}, [{}]));
    expect(Object.keys(denormalize(byId, '{}', state.entities) as object)).toEqual(['b']);
    class Feed extends Union<{ todo: typeof Todo }> {}
    const feed = new Collection([new Feed({ todo: Todo }, () => 'todo')]);
    expect(feed.key).toBe('COLLECT:ArraySchema(Todo)');
    expect(feed.isValues).toBe(false);
  });

  it('query reads a stored collection by its args', () => {
    const state = seeded();
    const memo = new MemoCache();
    expect(ids(memo.query(todos, [{ userId: 1 }], state).data)).toEqual([1]);
    expect(memo.query(todos, [{ userId: 3 }], state).data).toBeUndefined();
  });
});

describe('findCollection / replaceCollection', () => {
  it('finds the Collection itself or nested in object shorthand / schema.Object', () => {
    expect(findCollection(todos)).toBe(todos);
    expect(findCollection({ data: todos, next: '' })).toBe(todos);
    expect(findCollection(new ObjectSchema({ page: { results: todos } }))).toBe(todos);
    expect(findCollection(Todo)).toBeUndefined();
    expect(findCollection([Todo])).toBeUndefined();
    expect(findCollection(undefined)).toBeUndefined();
  });

  it('a plain object with a `define` field is object shorthand, not a schema.Object', () => {
    const shorthand = { define: Todo, results: todos };
    expect(findCollection(shorthand)).toBe(todos);
    expect(replaceCollection(shorthand, todos.push)).toEqual({ define: Todo, results: todos.push });
  });

  it('replaces it keeping the shape', () => {
    expect(replaceCollection(todos, todos.push)).toBe(todos.push);
    const shorthand = { results: todos, cursor: '' };
    const replaced = replaceCollection(shorthand, todos.push) as any;
    expect(replaced).toEqual({ results: todos.push, cursor: '' });
    expect(shorthand.results).toBe(todos);
    const object = replaceCollection(
      new ObjectSchema({ page: { results: todos } }),
      todos.unshift,
    ) as any;
    expect(object).toBeInstanceOf(ObjectSchema);
    expect(object.schema.page.results).toBe(todos.unshift);
    expect(replaceCollection(Todo, todos.push)).toBe(Todo);
  });

  it('a paginated page schema inside the response shape appends to the source collection', () => {
    const listSchema = { results: todos, nextCursor: '' };
    let state = normalize(listSchema, { results: [{ id: 1 }], nextCursor: 'c2' }, [{ userId: 1 }]);
    const pageSchema = replaceCollection(
      listSchema,
      todos.paginate(({ cursor: _c, ...rest }: any) => [rest]),
    );
    state = normalize(
      pageSchema,
      { results: [{ id: 2 }], nextCursor: '' },
      [{ userId: 1, cursor: 'c2' }],
      state,
    );
    expect(ids(listFor(state, { userId: 1 }))).toEqual([1, 2]);
  });
});
