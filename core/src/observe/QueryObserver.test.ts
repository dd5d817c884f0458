import type { Observable } from 'rxjs';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createStore } from '../managers/createStore';
import { All, Entity } from '../schema';
import { selectQuery } from '../store';
import { QueryObserver } from './QueryObserver';

class Tag extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
}

describe('QueryObserver', () => {
  it('follows a schema query: new value when what it reads changes, same object otherwise', async () => {
    const { controller, dispose } = createStore();
    const allTags = new All(Tag);
    const observer = new QueryObserver(controller, allTags, []);
    const values: unknown[] = [];
    const stop = observer.listen((value) => values.push(value));
    expect(values).toEqual([undefined]);
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A' });
    expect(values).toHaveLength(2);
    expect(values[1]).toEqual([expect.objectContaining({ id: 'a', label: 'A' })]);
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A' });
    await controller.invalidateAll({ testKey: () => true });
    expect(values).toHaveLength(2);
    expect(observer.getSnapshot()).toBe(values[1]);
    stop();
    dispose();
  });

  it('reads an entity by primary key; setArgs switches it, [null] reads undefined', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A' });
    await controller.set(Tag, { id: 'b' }, { id: 'b', label: 'B' });
    const observer = new QueryObserver(controller, Tag, [{ id: 'a' }]);
    const values: (Tag | undefined)[] = [];
    const stop = observer.listen((value) => values.push(value));
    expect(values[0]?.label).toBe('A');
    observer.setArgs([{ id: 'b' }]);
    expect(values[1]?.label).toBe('B');
    observer.setArgs([null]);
    expect(values[2]).toBeUndefined();
    const all = new QueryObserver<typeof Tag | All<typeof Tag>>(controller, Tag, [{ id: 'a' }]);
    const read: unknown[] = [];
    const stopAll = all.listen((value) => read.push(value));
    all.setSchema(new All(Tag), []);
    expect(read[1]).toHaveLength(2);
    stopAll();
    stop();
    dispose();
  });

  it('is read again only by a write to what it read: its entity, the table it lists, the index it searched', async () => {
    class User extends Entity {
      id = '';
      email = '';
      static override indexes = ['email'] as const;
      pk() {
        return this.id;
      }
    }
    const { controller, dispose } = createStore();
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A' });
    await controller.set(Tag, { id: 'b' }, { id: 'b', label: 'B' });
    await controller.set(User, { id: 'u' }, { id: 'u', email: 'u@x.test' });
    const query = vi.spyOn(controller.memo, 'query');
    const byPk: unknown[] = [];
    const byIndex: unknown[] = [];
    const all: unknown[] = [];
    const stops = [
      new QueryObserver(controller, Tag, [{ id: 'a' }]).listen((value) => byPk.push(value)),
      new QueryObserver(controller, User, [{ email: 'v@x.test' }]).listen((value) =>
        byIndex.push(value),
      ),
      new QueryObserver(controller, new All(User), []).listen((value) => all.push(value)),
    ];
    expectTypeOf(selectQuery(controller, Tag, { id: 'a' })).toEqualTypeOf<
      Observable<Tag | undefined>
    >();
    query.mockClear();
    // Another tag: no query reads it, none is read again.
    await controller.set(Tag, { id: 'b' }, { id: 'b', label: 'B2' });
    expect(query).not.toHaveBeenCalled();
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A2' });
    expect(query).toHaveBeenCalledTimes(1);
    expect(byPk.map((tag) => (tag as Tag).label)).toEqual(['A', 'A2']);
    // A user with the email searched: the index query and the table query are read again.
    query.mockClear();
    await controller.set(User, { id: 'v' }, { id: 'v', email: 'v@x.test' });
    expect(query).toHaveBeenCalledTimes(2);
    expect((byIndex.at(-1) as User).id).toBe('v');
    expect(all.at(-1)).toHaveLength(2);
    expect(byPk).toHaveLength(2);
    for (const stop of stops) stop();
    dispose();
  });

  it('dispose() completes its subscribers and leaves the store: later writes reach nobody', async () => {
    const { controller, dispose } = createStore();
    const observer = new QueryObserver(controller, new All(Tag), []);
    const values: unknown[] = [];
    let completed = false;
    observer.subscribe({ next: (value) => values.push(value), complete: () => (completed = true) });
    observer.dispose();
    expect(completed).toBe(true);
    await controller.set(Tag, { id: 'a' }, { id: 'a', label: 'A' });
    expect(values).toEqual([undefined]);
    dispose();
  });
});
