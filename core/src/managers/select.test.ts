import { describe, expect, it, vi } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import { Entity } from '../schema';
import { ExpiryStatus, type Selection, setError, setResponse } from '../store';
import { createStore } from './createStore';

class Item extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
}

const getItem = localEndpoint({
  key: ({ id }: { id: string }) => `GET /items/${id}`,
  schema: Item,
  resolve: ({ id }: { id: string }) => ({ id, label: `item ${id}` }),
});
const listItems = localEndpoint({
  key: () => 'GET /items',
  schema: [Item],
  resolve: () => [
    { id: '1', label: 'item 1' },
    { id: '2', label: 'item 2' },
  ],
});

describe('controller.select', () => {
  it('emits the current value at once, then only on change by identity', async () => {
    const { controller, dispose } = createStore();
    const seen: Selection<Item | undefined>[] = [];
    const sub = controller.select(getItem, { id: '1' }).subscribe((s) => seen.push(s));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      loading: false,
    });
    await controller.fetch(getItem, { id: '1' });
    const last = seen[seen.length - 1];
    expect(last.data).toBeInstanceOf(Item);
    const count = seen.length;
    // Unrelated changes do not wake it.
    await setResponse(controller, getItem, { id: '2' }, { id: '2', label: 'other' });
    await controller.set(Item, { id: '3' }, { id: '3', label: 'third' });
    expect(seen).toHaveLength(count);
    // A change to its entity does, with a new object.
    await controller.set(Item, { id: '1' }, { id: '1', label: 'renamed' });
    expect(seen).toHaveLength(count + 1);
    expect(seen[count].data?.label).toBe('renamed');
    expect(seen[count].data).not.toBe(last.data);
    sub.unsubscribe();
    dispose();
  });

  it('null arguments mean "not now": undefined data, nothing fetched', async () => {
    const { controller, dispose } = createStore();
    const resolve = vi.fn((_params: { id: string }) => ({ id: '1', label: 'x' }));
    const endpoint = localEndpoint({
      key: ({ id }: { id: string }) => `GET /x/${id}`,
      schema: Item,
      resolve,
    });
    const seen: unknown[] = [];
    controller.select(endpoint, null).subscribe((s) => seen.push(s.data));
    await controller.fetchIfStale(endpoint, null);
    expect(seen).toEqual([undefined]);
    expect(resolve).not.toHaveBeenCalled();
    expect(controller.getResponse(endpoint, null).data).toBeUndefined();
    dispose();
  });

  it('subscribers of the same selection share one computed value', async () => {
    const { controller, dispose } = createStore();
    await controller.fetch(listItems);
    const a: unknown[] = [];
    const b: unknown[] = [];
    controller.select(listItems).subscribe((s) => a.push(s.data));
    controller.select(listItems).subscribe((s) => b.push(s.data));
    expect(a[0]).toBe(b[0]);
    expect(a[0]).toBe(controller.getResponse(listItems).data);
    dispose();
  });

  it('a change to one entity wakes exactly the one selection (of 1,000) that uses it', async () => {
    const { controller, dispose } = createStore();
    const ids = Array.from({ length: 1_000 }, (_, i) => String(i));
    for (const id of ids)
      await setResponse(controller, getItem, { id }, { id, label: `item ${id}` });
    const emissions = new Map<string, number>();
    const subs = ids.map((id) =>
      controller
        .select(getItem, { id })
        .subscribe(() => emissions.set(id, (emissions.get(id) ?? 0) + 1)),
    );
    expect([...emissions.values()].every((n) => n === 1)).toBe(true);
    const denormalize = vi.spyOn(controller.memo, 'denormalize');
    await controller.set(Item, { id: '500' }, { id: '500', label: 'changed' });
    const woken = [...emissions].filter(([, n]) => n > 1).map(([id]) => id);
    expect(woken).toEqual(['500']);
    // Only the affected selection was denormalized again.
    expect(denormalize).toHaveBeenCalledTimes(1);
    for (const sub of subs) sub.unsubscribe();
    expect(controller.liveReferences().keys.size).toBe(0);
    dispose();
  });

  it('a list selection wakes when one of its entities changes', async () => {
    const { controller, dispose } = createStore();
    await controller.fetch(listItems);
    const seen: (Item[] | undefined)[] = [];
    controller.select(listItems).subscribe((s) => seen.push(s.data));
    await controller.set(Item, { id: '2' }, { id: '2', label: 'two' });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.[1].label).toBe('two');
    expect(seen[1]?.[0]).toBe(seen[0]?.[0]);
    dispose();
  });

  it('reports the error, hidden by a soft policy while data exists', async () => {
    const { controller, dispose } = createStore();
    const endpoint = localEndpoint({
      key: () => 'GET /flaky',
      errorPolicy: () => 'soft' as const,
      resolve: (): number => {
        throw new Error('down');
      },
    });
    const seen: Selection<number | undefined>[] = [];
    controller.select(endpoint).subscribe((s) => seen.push(s));
    await expect(controller.fetch(endpoint)).rejects.toThrow('down');
    expect(seen[seen.length - 1].error).toMatchObject({ message: 'down' });
    await setResponse(controller, endpoint, 7);
    await setError(controller, endpoint, new Error('again'));
    expect(seen[seen.length - 1]).toMatchObject({ data: 7, error: undefined });
    dispose();
  });
});
