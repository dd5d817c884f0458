import { afterEach, describe, expect, it, vi } from 'vitest';
import { Article, deepFreeze, META, Todo, User } from '../../test/schemaFixtures';
import { Entity, SchemaError, Values } from '../schema/index';
import { denormalize } from './denormalize';
import { MAX_NORMALIZE_DEPTH, normalize } from './normalize';

describe('normalize', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns result, entities, indexes and entitiesMeta like normalizr 0.18', () => {
    const out = normalize(Todo, { id: 1, title: 'x' }, [], undefined, META);
    expect(Object.keys(out).sort()).toEqual(['entities', 'entitiesMeta', 'indexes', 'result']);
    expect(out.result).toBe('1');
    expect(out.entities).toEqual({ Todo: { 1: { id: 1, title: 'x' } } });
    expect(out.entitiesMeta).toEqual({ Todo: { 1: META } });
    expect(out.indexes).toEqual({});
  });

  it('defaults meta to now, with no expiry', () => {
    vi.useFakeTimers();
    vi.setSystemTime(5000);
    const out = normalize(Todo, { id: 1 });
    expect(out.entitiesMeta.Todo!['1']).toEqual({
      fetchedAt: 5000,
      date: 5000,
      expiresAt: Infinity,
    });
  });

  it('passes input through without a schema, or for null/undefined input', () => {
    const state = { entities: {}, indexes: {}, entitiesMeta: {} };
    const out = normalize(undefined, { a: 1 }, [], state);
    expect(out.result).toEqual({ a: 1 });
    expect(out.entities).toBe(state.entities);
    expect(normalize(Todo, null, [], state).result).toBeNull();
    expect(normalize(Todo, undefined, [], state).entities).toBe(state.entities);
  });

  it('never mutates the input state; untouched tables and entities are shared', () => {
    const first = deepFreeze(
      normalize(
        [Article],
        [{ id: 'a', author: { id: 'u' }, comments: [{ id: 'c', author: { id: 'u' } }] }],
      ),
    );
    const second = normalize(Todo, { id: 1 }, [], first);
    expect(second.entities.Article).toBe(first.entities.Article);
    expect(second.entities.User).toBe(first.entities.User);
    expect(second.entitiesMeta.User).toBe(first.entitiesMeta.User);
    expect(second.entities.Todo).toEqual({ 1: { id: 1 } });
    const third = normalize(User, { id: 'v' }, [], second);
    expect(third.entities.User!.u).toBe(first.entities.User!.u);
    expect(third.entities.User).not.toBe(first.entities.User);
    expect(first.entities.User!.v).toBeUndefined();
  });

  it('keeps the stored object when a refetch brings equal data', () => {
    const first = normalize(
      Article,
      { id: 'a', title: 't', tags: ['x'], author: { id: 'u', name: 'n' } },
      [],
      {},
      META,
    );
    const second = normalize(
      Article,
      { id: 'a', title: 't', tags: ['x'], author: { id: 'u', name: 'n' } },
      [],
      first,
      {
        ...META,
        fetchedAt: 2000,
      },
    );
    expect(second.entities.Article!.a).toBe(first.entities.Article!.a);
    expect(second.entities.User!.u).toBe(first.entities.User!.u);
    expect(second.entitiesMeta.Article!.a.fetchedAt).toBe(2000);
  });

  it('copies a table only when something in it changes', () => {
    const first = normalize([Todo], [{ id: 1 }, { id: 2 }], [], {}, META);
    // Equal data, newer fetch: only the meta table is new.
    const refetch = normalize(Todo, { id: 1 }, [], first, { ...META, fetchedAt: 2000 });
    expect(refetch.entities).toBe(first.entities);
    expect(refetch.entitiesMeta.Todo).not.toBe(first.entitiesMeta.Todo);
    // Equal data, older fetch: nothing changes, nothing is copied.
    const older = normalize(Todo, { id: 2 }, [], refetch, { ...META, fetchedAt: 1 });
    expect(older.entities).toBe(first.entities);
    expect(older.entitiesMeta).toBe(refetch.entitiesMeta);
    // Changed data copies the entity table once, however many entities of it change.
    const changed = normalize(
      [Todo],
      [
        { id: 1, title: 'a' },
        { id: 2, title: 'b' },
      ],
      [],
      older,
      {
        ...META,
        fetchedAt: 3000,
      },
    );
    expect(changed.entities.Todo).not.toBe(first.entities.Todo);
    expect(first.entities.Todo!['1']).toEqual({ id: 1 });
    expect(changed.entities.Todo!['2']).toEqual({ id: 2, title: 'b' });
  });

  it('records entitiesMeta per entity, keeping the newer on reorder', () => {
    const newer = { fetchedAt: 20, date: 20, expiresAt: 80 };
    const older = { fetchedAt: 10, date: 10, expiresAt: 70 };
    let state = normalize([Todo], [{ id: 1 }, { id: 2 }], [], {}, newer);
    state = normalize([Todo], [{ id: 2 }, { id: 3 }], [], state, older);
    expect(state.entitiesMeta.Todo).toEqual({ 1: newer, 2: newer, 3: older });
  });

  it('works with a store that holds plain-object tables', () => {
    const state = {
      entities: { Todo: { 1: { id: 1, title: 'old', completed: true } } },
      indexes: {},
      entitiesMeta: { Todo: { 1: { fetchedAt: 1, date: 1, expiresAt: 2 } } },
    };
    const out = normalize(Todo, { id: 1, title: 'new' }, [], state, META);
    expect(out.entities.Todo!['1']).toEqual({ id: 1, title: 'new', completed: true });
  });

  it('rejects wrong top-level shapes with SchemaError', () => {
    expect(() => normalize([Todo], 'x')).toThrow(SchemaError);
    expect(() => normalize({ todo: Todo }, 5)).toThrow(/expected an object, found a number/);
    expect(() => normalize(Todo, [1, 2])).toThrow(/Todo: expected an object/);
  });

  it('a failing response leaves the given state untouched', () => {
    const state = deepFreeze(normalize([Todo], [{ id: 1, title: 'kept' }], [], {}, META));
    expect(() =>
      normalize([Todo], [{ id: 1, title: 'changed' }, { title: 'no id' }], [], state),
    ).toThrow(/^Todo at \[1\]: no usable primary key/);
    expect(state.entities.Todo!['1']).toEqual({ id: 1, title: 'kept' });
  });

  it('bounds absurd nesting depth with a clear error', () => {
    class Node extends Entity {
      id = 0;
      child: Node | undefined = undefined;
      pk() {
        return this.id;
      }
      static override schema: Record<string, any> = {};
    }
    Node.schema = { child: Node };
    let deep: any = { id: 0 };
    for (let i = 1; i < MAX_NORMALIZE_DEPTH + 10; i++) deep = { id: i, child: deep };
    expect(() => normalize(Node, deep)).toThrow(/nesting deeper than 256 levels/);
    let fine: any = { id: 0 };
    for (let i = 1; i < 100; i++) fine = { id: i, child: fine };
    expect(Object.keys(normalize(Node, fine).entities.Node!)).toHaveLength(100);
  });

  it('terminates on cyclic input objects', () => {
    class Person extends Entity {
      id = '';
      friend: Person | undefined = undefined;
      pk() {
        return this.id;
      }
      static override schema: Record<string, any> = {};
    }
    Person.schema = { friend: Person };
    const a: any = { id: 'a' };
    const b: any = { id: 'b', friend: a };
    a.friend = b;
    const state = normalize(Person, a);
    expect(state.entities.Person).toEqual({
      a: { id: 'a', friend: 'b' },
      b: { id: 'b', friend: 'a' },
    });
    const person = denormalize(Person, 'a', state.entities) as Person;
    expect(person.friend!.friend).toBe(person);
  });
});

describe('prototype safety', () => {
  it('keeps __proto__, constructor and prototype as plain data', () => {
    const payload = JSON.parse(
      '{"id":"__proto__","title":"t","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":3}',
    );
    const state = normalize(
      [Todo],
      [payload, JSON.parse('{"id":"constructor"}'), JSON.parse('{"id":"prototype"}')],
    );
    expect(({} as any).polluted).toBeUndefined();
    const table = state.entities.Todo!;
    expect(Object.keys(table)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(table)).toBeNull();
    const [todo] = denormalize([Todo], state.result, state.entities) as any[];
    expect(todo).toBeInstanceOf(Todo);
    expect(Object.getPrototypeOf(todo)).toBe(Todo.prototype);
    expect(Object.hasOwn(todo, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(todo, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(JSON.parse(JSON.stringify(todo))).toEqual({ ...new Todo(), ...payload });
    expect(({} as any).polluted).toBeUndefined();
  });

  it('does not resolve inherited names as stored entities', () => {
    const state = normalize(Todo, { id: 1 });
    expect(denormalize(Todo, 'constructor', state.entities)).toBeUndefined();
    expect(denormalize(Todo, 'toString', state.entities)).toBeUndefined();
    expect(denormalize(Todo, '__proto__', { Todo: { 1: {} } })).toBeUndefined();
  });

  it('keeps dangerous keys in Values and indexes as data', () => {
    class Keyed extends Entity {
      id = '';
      slug = '';
      pk() {
        return this.id;
      }
      static override indexes = ['slug'];
    }
    const payload = JSON.parse('{"map":{"__proto__":{"id":"1","slug":"__proto__"}}}');
    const shape = { map: new Values(Keyed) };
    const state = normalize(shape, payload);
    expect(Object.hasOwn(state.result.map, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(state.result.map)).toBe(Object.prototype);
    const data = denormalize(shape, state.result, state.entities) as any;
    expect(Object.getOwnPropertyDescriptor(data.map, '__proto__')?.value).toBeInstanceOf(Keyed);
    expect(Object.getPrototypeOf(data.map)).toBe(Object.prototype);
    expect(({} as any).id).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(state.indexes.Keyed!.slug, '__proto__')?.value).toBe(
      '1',
    );
  });
});
