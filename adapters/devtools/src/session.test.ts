import { ConnectionError } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi';
import { setupDevtools } from '../test/setup';
import { keyRows } from './model';
import { startSession } from './session';

const ctx = setupDevtools();
const ONE = 'GET http://api.test/todos/1';

describe('session', () => {
  it('learns the endpoint and arguments of each key fetched', async () => {
    await ctx.store.controller.fetch(TodoResource.get, { id: 1 });
    expect(ctx.session.sources.get(ONE)).toEqual({ endpoint: TodoResource.get, args: [{ id: 1 }] });
  });

  it('offline: fetches fail at once with a ConnectionError the key shows, and no request leaves', async () => {
    const { controller } = ctx.store;
    ctx.session.setOffline(true);
    const failed = controller.fetch(TodoResource.get, { id: 1 });
    await expect(failed).rejects.toBeInstanceOf(ConnectionError);
    await expect(failed).rejects.toThrow('GET http://api.test/todos/1 failed: offline');
    expect(ctx.api.requests).toEqual([]);
    const [row] = keyRows(controller, ctx.session.sources);
    expect(row).toMatchObject({ key: ONE, status: 'error', error: { status: 500 } });
    ctx.session.setOffline(false);
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(ctx.api.requests).toEqual(['GET /todos/1']);
    expect(keyRows(controller, ctx.session.sources)[0].status).toBe('fresh');
  });

  it("learns what each action changed from the store's change log, keeping no state", async () => {
    const { controller } = ctx.store;
    // a kept state makes the store copy each table it writes next: following it must not
    const keepState = vi.spyOn(controller, 'keepState');
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.set(TodoResource.get.schema, { id: 1 }, { id: 1, title: 'Renamed' });
    expect(keepState).not.toHaveBeenCalled();
    const set = ctx.session.timeline.at(-1)!;
    expect(set.changed.entities).toEqual(new Map([['Todo', new Set(['1'])]]));
    expect(set.changed.results).toEqual(new Set());
  });

  it('tells its listeners of each action, and gives dispatch back when stopped', async () => {
    const { controller } = ctx.store;
    const original = controller.dispatch;
    const session = startSession(controller);
    let heard = 0;
    session.listen(() => heard++);
    await controller.invalidate(TodoResource.get, { id: 1 });
    expect(heard).toBe(1);
    expect(session.timeline).toHaveLength(1);
    session.stop();
    expect(controller.dispatch).toBe(original);
    await controller.invalidate(TodoResource.get, { id: 1 });
    expect(session.timeline).toHaveLength(1);
  });
});
