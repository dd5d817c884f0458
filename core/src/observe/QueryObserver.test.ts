import { describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { All, Entity } from '../schema';
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
});
