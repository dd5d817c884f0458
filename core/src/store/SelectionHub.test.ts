import { describe, expect, it, vi } from 'vitest';
import { Entity, Values } from '../schema';
import { Controller } from './Controller';
import type { EndpointInterface } from './EndpointInterface';
import { setResponse } from './setResponse';

class Item extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
}

const getItem = Object.assign(async ({ id }: { id: string }) => ({ id, label: '' }), {
  key: ({ id }: { id: string }) => `GET /items/${id}`,
  schema: Item,
}) satisfies EndpointInterface;
const listItems = Object.assign(async () => [] as { id: string; label: string }[], {
  key: () => 'GET /items',
  schema: [Item],
}) satisfies EndpointInterface;

// The hub is the controller's; it is reached through `select`, `getResponseMeta().countRef`
// and `liveReferences`, as every caller reaches it.
describe('SelectionHub (through the controller)', () => {
  it('recomputes only the selections whose result or entities changed', async () => {
    const controller = new Controller();
    await setResponse(controller, listItems, [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
    ]);
    const a = vi.fn();
    const b = vi.fn();
    const list = vi.fn();
    const subs = [
      controller.select(getItem, { id: 'a' }).subscribe(a),
      controller.select(getItem, { id: 'b' }).subscribe(b),
      controller.select(listItems).subscribe(list),
    ];
    await controller.set(Item, { id: 'a' }, { id: 'a', label: 'A2' });
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1][0].data[1]).toBe(list.mock.calls[0][0].data[1]);
    for (const sub of subs) sub.unsubscribe();
  });

  it("an Entity endpoint's selection follows its entity's freshness, even when refetched equal", async () => {
    let now = 1_000;
    const controller = new Controller({ now: () => now });
    await setResponse(controller, listItems, [{ id: 'a', label: 'A' }]);
    const seen: { data: unknown; expiresAt: number }[] = [];
    const sub = controller.select(getItem, { id: 'a' }).subscribe(({ data, expiresAt }) => {
      seen.push({ data, expiresAt });
    });
    expect(seen.map((s) => s.expiresAt)).toEqual([61_000]);
    now = 5_000;
    // The same data again: only the entity's meta changes, its object (and the data) stay.
    await setResponse(controller, listItems, [{ id: 'a', label: 'A' }]);
    expect(seen.map((s) => s.expiresAt)).toEqual([61_000, 65_000]);
    expect(seen[1].data).toBe(seen[0].data);
    sub.unsubscribe();
    // Nobody follows it any more: a write walks for no one, and nothing is emitted.
    now = 9_000;
    await setResponse(controller, listItems, [{ id: 'a', label: 'A' }]);
    expect(seen).toHaveLength(2);
  });

  it('a selection with nothing stored yet is woken by the write that gives it data, and by no other', async () => {
    class Tagged extends Entity {
      id = '';
      slug = '';
      static override indexes = ['slug'] as const;
    }
    const bySlug = Object.assign(async (_: { slug: string }) => ({}), {
      key: ({ slug }: { slug: string }) => `GET /tagged?slug=${slug}`,
      schema: Tagged,
    }) satisfies EndpointInterface;
    const byId = Object.assign(async (_: { id: string }) => ({}), {
      key: ({ id }: { id: string }) => `GET /tagged/${id}`,
      schema: Tagged,
    }) satisfies EndpointInterface;
    const someTagged = Object.assign(async () => ({}), {
      key: () => 'GET /tagged/map',
      schema: new Values(Tagged),
    }) satisfies EndpointInterface;
    const listTagged = Object.assign(async () => [], {
      key: () => 'GET /tagged',
      schema: [Tagged],
    }) satisfies EndpointInterface;
    const controller = new Controller();
    const seen = { slug: [] as unknown[], id: [] as unknown[] };
    const subs = [
      controller.select(bySlug, { slug: 'x' }).subscribe(({ data }) => seen.slug.push(data)),
      controller.select(byId, { id: '2' }).subscribe(({ data }) => seen.id.push(data)),
    ];
    const values = vi.fn();
    subs.push(controller.select(someTagged).subscribe(values));
    // Another entity key: none of them is woken.
    await setResponse(controller, listItems, [{ id: 'a', label: 'A' }]);
    expect([seen.slug.length, seen.id.length]).toEqual([1, 1]);
    await setResponse(controller, listTagged, [
      { id: '1', slug: 'x' },
      { id: '2', slug: 'y' },
    ]);
    expect(seen.slug.map((data) => (data as Tagged | undefined)?.id)).toEqual([undefined, '1']);
    expect(seen.id.map((data) => (data as Tagged | undefined)?.id)).toEqual([undefined, '2']);
    // A Values result stored with members not written yet: woken when they are.
    await setResponse(controller, someTagged, { c: '3' });
    const last = () => values.mock.calls.at(-1)?.[0].data as Record<string, Tagged> | undefined;
    expect(last()?.c).toBeUndefined();
    await controller.set(Tagged, { id: '3' }, { id: '3', slug: 'z' });
    expect(last()?.c?.slug).toBe('z');
    for (const sub of subs) sub.unsubscribe();
  });

  it('a selection subscribed while the store notifies catches up before it is handed out', async () => {
    const controller = new Controller();
    const seen: unknown[] = [];
    const outer = controller.subscribe(() => {
      if (seen.length > 0) return;
      controller.select(getItem, { id: 'a' }).subscribe((selection) => seen.push(selection.data));
    });
    await controller.set(Item, { id: 'a' }, { id: 'a', label: 'A' });
    expect(seen.at(-1)).toMatchObject({ label: 'A' });
    outer.unsubscribe();
  });

  it('live references: selections and countRef hold keys and entities until released', async () => {
    const controller = new Controller();
    await setResponse(controller, getItem, { id: 'a' }, { id: 'a', label: 'A' });
    const sub = controller.select(getItem, { id: 'a' }).subscribe(() => {});
    expect([...controller.liveReferences().keys]).toEqual(['GET /items/a']);
    expect([...(controller.liveReferences().entities.get('Item') ?? [])]).toEqual(['a']);
    sub.unsubscribe();
    expect(controller.liveReferences().keys.size).toBe(0);
    const release = controller.getResponseMeta(getItem, { id: 'a' }).countRef?.();
    expect(controller.liveReferences().keys.has('GET /items/a')).toBe(true);
    release?.();
    expect(controller.liveReferences().keys.size).toBe(0);
  });

  it('live references count the readers of each key, with the endpoint a select reads it by', async () => {
    const controller = new Controller();
    await setResponse(controller, getItem, { id: 'a' }, { id: 'a', label: 'A' });
    const subs = [1, 2].map(() => controller.select(getItem, { id: 'a' }).subscribe(() => {}));
    const release = controller.getResponseMeta(listItems).countRef?.();
    const { readers } = controller.liveReferences();
    expect(readers.get('GET /items/a')).toEqual({
      count: 2,
      endpoint: getItem,
      args: [{ id: 'a' }],
    });
    expect(readers.get('GET /items')).toEqual({ count: 1 });
    for (const sub of subs) sub.unsubscribe();
    release?.();
    expect(controller.liveReferences().readers.size).toBe(0);
  });

  it('re-reads an invalidIfStale selection when it goes stale by the clock', async () => {
    vi.useFakeTimers();
    try {
      const strict = Object.assign(async () => ({ id: 'a', label: 'A' }), {
        key: () => 'GET /strict',
        schema: Item,
        invalidIfStale: true,
        dataExpiryLength: 1_000,
      }) satisfies EndpointInterface;
      const controller = new Controller();
      await setResponse(controller, strict, { id: 'a', label: 'A' });
      const seen: unknown[] = [];
      const sub = controller.select(strict).subscribe((selection) => seen.push(selection.data));
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_002);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBeUndefined();
      sub.unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it('dispose completes every selection', () => {
    const controller = new Controller();
    const complete = vi.fn();
    controller.select(getItem, { id: 'a' }).subscribe({ complete });
    controller.dispose();
    expect(complete).toHaveBeenCalledTimes(1);
  });
});
