import { describe, expect, it } from 'vitest';
import { Entity } from '../schema';
import type { Selection } from '../store';
import { setResponse } from '../store';
import { createStore } from './createStore';

class Todo extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

const getTodos = Object.assign(async () => [] as unknown[], {
  key: () => 'GET /todos',
  schema: [Todo],
});
const getRaw = Object.assign(async () => ({}), { key: () => 'GET /raw' });

describe('a result that comes back equal keeps its identity', () => {
  it('hands live readers the same list after an unchanged refetch', async () => {
    const { controller, dispose } = createStore();
    const seen: Selection<unknown>[] = [];
    const subscription = controller.select(getTodos).subscribe((s) => seen.push(s));
    const body = () => [
      { id: '1', title: 'a' },
      { id: '2', title: 'b' },
    ];
    await setResponse(controller, getTodos, body());
    const first = seen[seen.length - 1].data;
    await setResponse(controller, getTodos, body());
    expect(seen[seen.length - 1].data).toBe(first);
    await setResponse(controller, getTodos, [{ id: '1', title: 'a' }]);
    expect(seen[seen.length - 1].data).toEqual([{ id: '1', title: 'a' }]);
    subscription.unsubscribe();
    dispose();
  });

  it('keeps a schema-less result as it was when the server sends it again', async () => {
    const { controller, dispose } = createStore();
    await setResponse(controller, getRaw, { page: 1, items: ['x'] });
    const first = controller.getResponse(getRaw).data;
    await setResponse(controller, getRaw, { page: 1, items: ['x'] });
    expect(controller.getResponse(getRaw).data).toBe(first);
    await setResponse(controller, getRaw, { page: 2, items: ['x'] });
    expect(controller.getResponse(getRaw).data).toEqual({ page: 2, items: ['x'] });
    dispose();
  });
});
