import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { Cat, Dog } from '../../test/schemaFixtures';
import { denormalize, MemoCache, normalize } from '../normalize/index';
import { All } from './All';
import { ArraySchema } from './ArraySchema';
import { Collection } from './Collection';
import { Entity } from './Entity';
import { INVALID } from './INVALID';
import { Invalidate } from './Invalidate';
import { schema } from './index';
import { ObjectSchema } from './ObjectSchema';
import { Query } from './Query';
import { SchemaError } from './SchemaError';
import { Union } from './Union';
import { Values } from './ValuesSchema';

class Owner extends Entity {
  id = '';
  pets: (Cat | Dog)[] = [];
  pk() {
    return this.id;
  }
  static override schema = { pets: [new Union({ cat: Cat, dog: Dog }, 'kind')] };
}

const pets = new Union({ cat: Cat, dog: Dog }, 'kind');

describe('schema namespace', () => {
  it('exposes the schema classes', () => {
    expect(schema.Array).toBe(ArraySchema);
    expect(schema.Object).toBe(ObjectSchema);
    expect(schema.Values).toBe(Values);
    expect(schema.Union).toBe(Union);
    expect(schema.Invalidate).toBe(Invalidate);
    expect(schema.Collection).toBe(Collection);
    expect(schema.All).toBe(All);
    expect(schema.Query).toBe(Query);
    expect(schema.Entity).toBe(Entity);
  });
});

describe('Union', () => {
  it('picks the entity by attribute and normalizes to { id, schema }', () => {
    const state = normalize(
      [pets],
      [
        { id: '1', kind: 'cat' },
        { id: '1', kind: 'dog' },
      ],
    );
    expect(state.result).toEqual([
      { id: '1', schema: 'cat' },
      { id: '1', schema: 'dog' },
    ]);
    const [cat, dog] = denormalize([pets], state.result, state.entities) as [Cat, Dog];
    expect(cat).toBeInstanceOf(Cat);
    expect(dog).toBeInstanceOf(Dog);
  });

  it('accepts a function attribute called with (value, parent, key)', () => {
    const seen: unknown[] = [];
    const byShape = new Union({ cat: Cat, dog: Dog }, (value, parent, key) => {
      seen.push([parent?.id, key]);
      return 'lives' in value ? 'cat' : 'dog';
    });
    class Home extends Entity {
      id = '';
      pet: Cat | Dog | undefined = undefined;
      pk() {
        return this.id;
      }
      static override schema = { pet: byShape };
    }
    const state = normalize(Home, { id: 'h', pet: { id: 'p', lives: 3 } });
    expect(seen).toEqual([['h', 'pet']]);
    expect((denormalize(Home, 'h', state.entities) as Home).pet).toBeInstanceOf(Cat);
  });

  it('queries by the attribute in args', () => {
    const state = normalize(pets, { id: '1', kind: 'dog' });
    const memo = new MemoCache();
    expect(memo.query(pets, [{ id: '1', kind: 'dog' }], state).data).toBeInstanceOf(Dog);
    expect(memo.query(pets, [{ id: '1', kind: 'cat' }], state).data).toBeUndefined();
  });
});

describe('Values', () => {
  it('normalizes a map of entities and drops missing ones when denormalizing', () => {
    const byName = new Values(Cat);
    const state = normalize(byName, { tom: { id: 't' }, kit: { id: 'k', lives: 1 } });
    expect(state.result).toEqual({ tom: 't', kit: 'k' });
    const withMissing = { ...state.result, ghost: 'nope' };
    const data = denormalize(byName, withMissing, state.entities) as Record<string, Cat>;
    expect(Object.keys(data)).toEqual(['tom', 'kit']);
    expect(data.kit.lives).toBe(1);
  });

  it('supports polymorphic members', () => {
    const zoo = new Values({ cat: Cat, dog: Dog }, 'kind');
    const state = normalize(zoo, { a: { id: '1', kind: 'cat' }, b: { id: '2', kind: 'dog' } });
    const data = denormalize(zoo, state.result, state.entities) as Record<string, Cat | Dog>;
    expect(data.a).toBeInstanceOf(Cat);
    expect(data.b).toBeInstanceOf(Dog);
  });

  it('rejects a value that is not an object', () => {
    expect(() => normalize({ v: new Values(Cat) }, { v: 'x' })).toThrow(
      /^Values\(Cat\) at v: expected an object/,
    );
    expect(() => normalize({ v: new Values(Cat) }, { v: [] })).toThrow(SchemaError);
  });
});

describe('Array and Object', () => {
  it('schema.Array and [E] normalize alike; a list takes an array only', () => {
    const a = normalize(new schema.Array(Cat), [{ id: '1' }]);
    const b = normalize([Cat], [{ id: '1' }]);
    expect(a.result).toEqual(b.result);
    // An error body where a list belongs: its values must not pass for primary keys.
    expect(() => normalize([Cat], { error: 'rate limited' })).toThrow(
      /Cat\]: expected an array, found object/,
    );
    expect(() => normalize({ cats: [Cat] }, { cats: 'nope' })).toThrow(/expected an array/);
    expect(() => normalize([Cat, Dog], [])).toThrow(/exactly one schema/);
  });

  it('polymorphic schema.Array', () => {
    const list = new schema.Array({ cat: Cat, dog: Dog }, (value: any) => value.kind);
    const state = normalize(list, [
      { id: '1', kind: 'cat' },
      { id: '2', kind: 'dog' },
    ]);
    const data = denormalize(list, state.result, state.entities) as (Cat | Dog)[];
    expect(data.map((pet) => pet.constructor)).toEqual([Cat, Dog]);
  });

  it('object shorthand and schema.Object keep other fields', () => {
    const shape = { cat: Cat, total: 0 };
    const state = normalize(shape, { cat: { id: '1' }, total: 3, extra: 'kept' });
    expect(state.result).toEqual({ cat: '1', total: 3, extra: 'kept' });
    const data = denormalize(new schema.Object({ cat: Cat }), state.result, state.entities) as any;
    expect(data.cat).toBeInstanceOf(Cat);
    expect(data.extra).toBe('kept');
    expect(new ObjectSchema({ cat: Cat }).define({ dog: Dog }).schema).toEqual({
      cat: Cat,
      dog: Dog,
    });
    expect(() => normalize({ cat: Cat }, ['x'])).toThrow(SchemaError);
  });

  it('nested polymorphic arrays in entities', () => {
    const state = normalize(Owner, { id: 'o', pets: [{ id: '1', kind: 'dog' }] });
    const owner = denormalize(Owner, 'o', state.entities) as Owner;
    expect(owner.pets[0]).toBeInstanceOf(Dog);
  });
});

describe('Invalidate', () => {
  const base = () =>
    normalize({ cat: Cat, cats: [Cat] }, { cat: { id: '1' }, cats: [{ id: '1' }, { id: '2' }] });

  it('new Invalidate(Entity) marks the entity INVALID', () => {
    const before = base();
    const state = normalize(new Invalidate(Cat), { id: '1' }, [], before);
    expect(state.entities.Cat!['1']).toBe(INVALID);
    expect(state.result).toBe('1');
    expect(before.entities.Cat!['1']).not.toBe(INVALID);
  });

  it('an invalidated entity drops out of lists but invalidates a required result', () => {
    const state = normalize(new Invalidate(Cat), '1', [], base());
    // optional: removed from the list
    expect((denormalize([Cat], ['1', '2'], state.entities) as Cat[]).map((c) => c.id)).toEqual([
      '2',
    ]);
    // required: the whole result is invalid
    expect(denormalize(Cat, '1', state.entities)).toBe(INVALID);
    expect(denormalize({ cat: Cat, cats: [Cat] }, { cat: '1', cats: ['2'] }, state.entities)).toBe(
      INVALID,
    );
    // nested in an entity it is optional: the field empties
    const owner = normalize(Owner, { id: 'o', pets: [{ id: '1', kind: 'cat' }] }, [], state);
    const invalidated = normalize(new Invalidate(Cat), '1', [], owner);
    expect((denormalize(Owner, 'o', invalidated.entities) as Owner).pets).toEqual([]);
  });

  it('[new Invalidate(Entity)] invalidates every entity of an array response', () => {
    const state = normalize([new Invalidate(Cat)], [{ id: '1' }, { id: '2' }], [], base());
    expect(state.entities.Cat!['1']).toBe(INVALID);
    expect(state.entities.Cat!['2']).toBe(INVALID);
    expect(state.result).toEqual(['1', '2']);
  });

  it('new Invalidate(union) and new Invalidate(entityMap, attribute)', () => {
    let state = normalize(
      [pets],
      [
        { id: '1', kind: 'cat' },
        { id: '2', kind: 'dog' },
      ],
    );
    state = normalize(new Invalidate(pets), { id: '2', kind: 'dog' }, [], state);
    expect(state.entities.Dog!['2']).toBe(INVALID);
    expect(state.result).toEqual({ id: '2', schema: 'dog' });
    state = normalize(
      new Invalidate({ cat: Cat, dog: Dog }, (value: any) => value.kind),
      { id: '1', kind: 'cat' },
      [],
      state,
    );
    expect(state.entities.Cat!['1']).toBe(INVALID);
    expect(() => new Invalidate({ cat: Cat } as any)).toThrow(/schemaAttribute is required/);
  });

  it('invalidated entities are removed from collections', () => {
    const list = new Collection([Cat]);
    let state = normalize(list, [{ id: '1' }, { id: '2' }], [{}]);
    state = normalize(new Invalidate(Cat), { id: '1' }, [], state);
    expect((denormalize(list, '{}', state.entities) as Cat[]).map((c) => c.id)).toEqual(['2']);
  });

  it('re-fetching an invalidated entity makes it valid again', () => {
    let state = normalize(new Invalidate(Cat), '1', [], base());
    state = normalize(Cat, { id: '1', lives: 2 }, [], state);
    expect(state.entities.Cat!['1']).toEqual({ id: '1', lives: 2 });
  });

  it('rejects input without a primary key', () => {
    expect(() => normalize(new Invalidate(Cat), { name: 'x' })).toThrow(
      /Cat: no usable primary key/,
    );
    expect(() => normalize(new Invalidate(Cat), true)).toThrow(SchemaError);
  });
});

describe('All and Query', () => {
  it('All lists every valid stored entity', () => {
    let state = normalize([Cat], [{ id: '1' }, { id: '2' }, { id: '3' }]);
    const memo = new MemoCache();
    const all = new All(Cat);
    expect((memo.query(all, [], state).data as Cat[]).map((c) => c.id)).toEqual(['1', '2', '3']);
    state = normalize(new Invalidate(Cat), '2', [], state);
    expect((memo.query(all, [], state).data as Cat[]).map((c) => c.id)).toEqual(['1', '3']);
    expect(memo.query(new All(Dog), [], state).data).toBeUndefined();
  });

  it('All over an entity map', () => {
    const state = normalize(
      [pets],
      [
        { id: '1', kind: 'cat' },
        { id: '2', kind: 'dog' },
      ],
    );
    const data = new MemoCache().query(new All({ cat: Cat, dog: Dog }, 'kind'), [], state).data as (
      | Cat
      | Dog
    )[];
    expect(data.map((pet) => [pet.constructor.name, pet.id])).toEqual([
      ['Cat', '1'],
      ['Dog', '2'],
    ]);
  });

  it('All normalizes like an array', () => {
    expect(normalize(new All(Cat), [{ id: '5' }]).result).toEqual(['5']);
  });

  it('Query post-processes with args and is memoized', () => {
    const state = normalize(
      [Cat],
      [
        { id: '1', lives: 9 },
        { id: '2', lives: 1 },
        { id: '3', lives: 5 },
      ],
    );
    let calls = 0;
    const alive = new Query(new All(Cat), (cats: Cat[], { min = 0 }: { min?: number } = {}) => {
      calls++;
      return cats.filter((cat) => cat.lives >= min);
    });
    const memo = new MemoCache();
    const first = memo.query(alive, [{ min: 5 }], state);
    expect((first.data as Cat[]).map((c) => c.id)).toEqual(['1', '3']);
    expect(memo.query(alive, [{ min: 5 }], state).data).toBe(first.data);
    expect(calls).toBe(1);
    expect((memo.query(alive, [{ min: 2 }], state).data as Cat[]).map((c) => c.id)).toEqual([
      '1',
      '3',
    ]);
    expect((memo.query(alive, [], state).data as Cat[]).length).toBe(3);
    const count = new Query(new All(Cat), (cats: Cat[]) => cats.length);
    expect(memo.query(count, [], state).data).toBe(3);
  });

  it('query of an object of schemas', () => {
    const state = normalize({ cat: Cat, dog: Dog }, { cat: { id: 'c' }, dog: { id: 'd' } });
    const data = new MemoCache().query({ cat: Cat, dog: Dog }, [{ id: 'c' }], state).data as any;
    expect(data.cat).toBeInstanceOf(Cat);
    expect(data.dog).toBeUndefined();
  });
});

describe('unknown types in polymorphic schemas (a type the server added later)', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
    vi.unstubAllEnvs();
  });
  const bird = { id: '9', kind: 'bird' };

  it('Union: the member is skipped with a development warning naming the type', () => {
    const state = normalize(
      { pet: pets, other: pets },
      { pet: bird, other: { id: '1', kind: 'cat' } },
    );
    expect(state.result).toEqual({ pet: undefined, other: { id: '1', schema: 'cat' } });
    expect(state.entities).not.toHaveProperty('bird');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(
      /Union: skipped a member .*"bird", which is not one of cat, dog/,
    );
  });

  it('lists of a Union, polymorphic arrays and All leave the member out', () => {
    const list = [{ id: '1', kind: 'cat' }, bird, { id: '2', kind: 'dog' }];
    for (const listSchema of [
      [pets],
      new ArraySchema({ cat: Cat, dog: Dog }, 'kind'),
      new All({ cat: Cat, dog: Dog }, 'kind'),
    ]) {
      const state = normalize(listSchema, list);
      expect(state.result).toEqual([
        { id: '1', schema: 'cat' },
        { id: '2', schema: 'dog' },
      ]);
      const data = denormalize(listSchema, state.result, state.entities) as (Cat | Dog)[];
      expect(data.map((pet) => pet.constructor.name)).toEqual(['Cat', 'Dog']);
    }
    // An entity's nested list too.
    const owner = normalize(Owner, { id: 'o', pets: list });
    expect(owner.entities.Owner!.o).toMatchObject({ pets: [{ schema: 'cat' }, { schema: 'dog' }] });
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('Values with a schema attribute leave the key out; Invalidate skips it', () => {
    const zoo = new Values({ cat: Cat, dog: Dog }, 'kind');
    const state = normalize(zoo, { a: { id: '1', kind: 'cat' }, b: bird });
    expect(state.result).toEqual({ a: { id: '1', schema: 'cat' } });
    const gone = normalize(new Invalidate({ cat: Cat, dog: Dog }, 'kind'), bird, [], state);
    expect(gone.result).toBeUndefined();
    expect(gone.entities.Cat!['1']).not.toBe(INVALID);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a Collection of a Union keeps the known members, and push skips an unknown one', () => {
    const feed = new Collection([pets]);
    let state = normalize(feed, [bird, { id: '1', kind: 'cat' }], [{}]);
    expect(denormalize(feed, '{}', state.entities)).toEqual([expect.any(Cat)]);
    state = normalize(feed.push, bird, [{}], state);
    expect(state.entities[feed.key]!['{}']).toEqual([{ id: '1', schema: 'cat' }]);
  });

  it('production builds do not warn (NODE_ENV, which bundlers replace)', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(normalize([pets], [bird]).result).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
