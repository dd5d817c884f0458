import { describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { TabSyncManager } from '../persist';
import { Collection, Entity, Invalidate } from '../schema';
import { setResponse } from '../store';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const getTodos = Object.assign(async () => [] as unknown[], {
  key: () => 'GET /todos',
  schema: [Todo],
});

/** Two tabs of one app: two stores on one channel (BroadcastChannel delivers across them). */
function twoTabs(channel: string) {
  const a = createStore({ managers: [new TabSyncManager({ channel })] });
  const b = createStore({ managers: [new TabSyncManager({ channel })] });
  return {
    a,
    b,
    dispose() {
      a.dispose();
      b.dispose();
    },
  };
}

/** Until the other tab has the message (BroadcastChannel delivers on a later task). */
async function delivered(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('TabSyncManager', () => {
  it('a result stored in one tab reaches the other, whose readers update without a request', async () => {
    const { a, b, dispose } = twoTabs('results');
    const seen: unknown[] = [];
    const stop = b.controller.select(getTodos).subscribe((s) => seen.push(s.data));
    await setResponse(a.controller, getTodos, [
      { id: 1, title: 'one' },
      { id: 2, title: 'two' },
    ]);
    await delivered(() => b.controller.getResponse(getTodos).data !== undefined);
    expect(b.controller.getResponse(getTodos).data).toEqual([
      { id: 1, title: 'one' },
      { id: 2, title: 'two' },
    ]);
    expect(seen.at(-1)).toEqual([
      { id: 1, title: 'one' },
      { id: 2, title: 'two' },
    ]);
    stop.unsubscribe();
    dispose();
  });

  it('an entity written in one tab updates every list of the other; no echo back', async () => {
    const { a, b, dispose } = twoTabs('entities');
    await setResponse(a.controller, getTodos, [{ id: 1, title: 'one' }]);
    await delivered(() => b.controller.getResponse(getTodos).data !== undefined);
    const aStates: unknown[] = [];
    const watch = a.controller.changes$.subscribe((change) => aStates.push(change));
    await b.controller.set(Todo, { id: 1, title: 'renamed in b' });
    await delivered(() => a.controller.get(Todo, { id: 1 })?.title === 'renamed in b');
    expect(a.controller.getResponse(getTodos).data).toEqual([{ id: 1, title: 'renamed in b' }]);
    // One change arrived in a; nothing went back to b and round again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(aStates).toHaveLength(1);
    watch.unsubscribe();
    dispose();
  });

  it('an entity deleted in one tab is gone in the other', async () => {
    const { a, b, dispose } = twoTabs('deletes');
    await setResponse(a.controller, getTodos, [{ id: 1, title: 'one' }]);
    await delivered(() => b.controller.get(Todo, { id: 1 }) !== undefined);
    await a.controller.set(new Invalidate(Todo), { id: 1 });
    await delivered(() => b.controller.get(Todo, { id: 1 }) === undefined);
    expect(b.controller.get(Todo, { id: 1 })).toBeUndefined();
    dispose();
  });

  it('a creation both tabs hear of (one made it, the server pushed it to the other) is listed once', async () => {
    const list = new Collection([Todo]);
    const getList = Object.assign(async () => [] as unknown[], {
      key: () => 'GET /todos (collection)',
      schema: list,
    });
    const { a, b, dispose } = twoTabs('creations');
    await setResponse(a.controller, getList, [{ id: 1, title: 'one' }]);
    await delivered(() => b.controller.getResponse(getList).data !== undefined);
    // Tab a made it (its POST's answer); the server's push of the same creation reaches b after.
    await a.controller.set(list.push, {}, { id: 2, title: 'two' });
    await delivered(() => b.controller.getResponse(getList).data?.length === 2);
    await b.controller.set(list.push, {}, { id: 2, title: 'two, pushed' });
    await delivered(() => a.controller.get(Todo, { id: 2 })?.title === 'two, pushed');
    for (const tab of [a, b]) {
      expect(tab.controller.getResponse(getList).data).toEqual([
        { id: 1, title: 'one' },
        { id: 2, title: 'two, pushed' },
      ]);
    }
    dispose();
  });

  it('ignores messages that are not its own, and stops with the store', async () => {
    const { a, b, dispose } = twoTabs('foreign');
    const stranger = new BroadcastChannel('foreign');
    stranger.postMessage({ tessera: 1, entries: [['["__proto__","x"]', 1]] });
    stranger.postMessage('hello');
    stranger.postMessage({ tessera: 1, entries: [['["entities","Todo","1"]', { id: 1 }], 5] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(b.controller.getState().entities).toEqual({});
    b.dispose();
    await a.controller.set(Todo, { id: 3, title: 'after' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(b.controller.getState().entities).toEqual({});
    stranger.close();
    dispose();
  });
});
