import { describe, expect, it } from 'vitest';
import { layerOver } from './layer';

function table(entries: Record<string, unknown>) {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

describe('layerOver', () => {
  it('reads through to the table beneath for every key it did not write', () => {
    const below = table({ a: 1, b: 2 });
    const layer = layerOver(below);
    layer.b = 20;
    layer.c = 30;
    expect([layer.a, layer.b, layer.c, layer.d]).toEqual([1, 20, 30, undefined]);
    // Written beneath later (the committed tables are written in place): seen through the layer.
    below.e = 5;
    expect(layer.e).toBe(5);
    expect(Object.hasOwn(layer, 'a')).toBe(true);
    expect('c' in layer).toBe(true);
    expect('d' in layer).toBe(false);
    expect(below).toEqual(table({ a: 1, b: 2, e: 5 }));
  });

  it('lists its keys as a copy would: those beneath in their order, then the added ones', () => {
    const below = table({ a: 1, b: 2, c: 3 });
    const layer = layerOver(below);
    layer.d = 4;
    layer.b = 20;
    delete layer.a;
    expect(Object.keys(layer)).toEqual(['b', 'c', 'd']);
    expect(Object.entries(layer)).toEqual([
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ]);
    expect(JSON.parse(JSON.stringify(layer))).toEqual({ b: 20, c: 3, d: 4 });
    expect({ ...layer }).toEqual({ b: 20, c: 3, d: 4 });
    layer[7] = 7;
    const copy = Object.assign(Object.create(null), below, { d: 4, 7: 7 });
    delete copy.a;
    expect(Object.keys(layer)).toEqual(Object.keys(copy));
  });

  it('deletes only in itself: a key held beneath reads as absent, and comes back when written', () => {
    const below = table({ a: 1 });
    const layer = layerOver(below);
    delete layer.a;
    expect(layer.a).toBeUndefined();
    expect('a' in layer).toBe(false);
    expect(Object.hasOwn(layer, 'a')).toBe(false);
    expect(below.a).toBe(1);
    layer.a = 2;
    expect(Object.keys(layer)).toEqual(['a']);
    layer.x = 1;
    delete layer.x;
    expect(Object.keys(layer)).toEqual(['a']);
  });

  it('stacks: a layer over a layer reads through both', () => {
    const below = table({ a: 1, b: 2, c: 3 });
    const first = layerOver(below);
    first.a = 10;
    delete first.c;
    const second = layerOver(first);
    second.b = 20;
    expect({ ...second }).toEqual({ a: 10, b: 20 });
    expect({ ...first }).toEqual({ a: 10, b: 2 });
  });

  it('keeps keys such as __proto__ plain data', () => {
    const layer = layerOver(table({}));
    const key = '__proto__';
    layer[key] = 1;
    expect(Object.keys(layer)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(layer)).toBeNull();
  });
});
