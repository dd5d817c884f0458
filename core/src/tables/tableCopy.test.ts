import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyTable } from './tableCopy';

type Table = Record<string, number>;

/** Own keys and values in enumeration order: what readers of a table see. */
const contents = (table: Table) => Object.keys(table).map((key) => [key, table[key]]);

describe('copyTable', () => {
  it('copies into a prototype-free object where dangerous keys are plain data', () => {
    const source: Table = Object.create(null);
    const proto = '__proto__';
    source[proto] = 1;
    const copy = copyTable(source);
    const [constructorKey, prototypeKey] = ['constructor', 'prototype'];
    copy[constructorKey] = 2;
    copy[prototypeKey] = 3;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(contents(copy)).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
      ['prototype', 3],
    ]);
    expect(contents(source)).toEqual([['__proto__', 1]]);
    expect(contents(copyTable(undefined))).toEqual([]);
  });

  it('chains of copies, writes and deletes match plain objects, and never change a source', () => {
    const key = fc.constantFrom('a', 'b', 'c', '0', '7', '10', '__proto__', 'constructor');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), key, value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('copy' as const), from: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        // Every table made, with the contents it was published with, and a model of each.
        const base: Table = Object.create(null);
        for (let i = 0; i < 200; i++) base[`k${i}`] = i;
        const tables: Table[] = [copyTable<number>(undefined), copyTable(base)];
        const models: Map<string, number>[] = [new Map(), new Map(Object.entries(base))];
        const published: unknown[][] = [];
        for (const step of ops) {
          const last = tables.length - 1;
          if (step.kind === 'copy') {
            const from = step.from % tables.length;
            published[last] = contents(tables[last]);
            tables.push(copyTable(tables[from]));
            models.push(new Map(models[from]));
          } else if (step.kind === 'put') {
            tables[last][step.key] = step.value;
            models[last].set(step.key, step.value);
          } else {
            delete tables[last][step.key];
            models[last].delete(step.key);
          }
        }
        tables.forEach((table, i) => {
          expect(new Map(contents(table) as [string, number][])).toEqual(models[i]);
          expect(Object.keys(copyTable(table))).toEqual(Object.keys(table));
          if (published[i]) expect(contents(table)).toEqual(published[i]);
        });
      }),
      { numRuns: 200 },
    );
  });
});
