// Scalar: entity fields whose value depends on the args of the read (data-client 0.15+). The
// expectations follow data-client's documented behaviour (dataclient.io, rest/api/Scalar): cells in
// `Scalar(<key>)` under `entityKey|pk|lens`, the entity holding `[pk, field, entityKey]`, a
// lens missing while normalizing is an error and while reading an absent value.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { denormalize } from '../normalize/denormalize';
import type { MemoNode, Reader } from '../normalize/graph';
import { MemoCache } from '../normalize/MemoCache';
import { normalize } from '../normalize/normalize';
import { Collection, Entity, Scalar, SchemaError, Values } from './index';
import { MAX_VARIANTS } from './Scalar';
import type { Denormalize, Normalize } from './types';

class Company extends Entity {
  id = '';
  name = '';
  price = 0;
  pct_equity?: number;
  shares?: number;
  static override key = 'Company';
}
const PortfolioScalar = new Scalar({
  lens: (args) => args[0]?.portfolio,
  key: 'portfolio',
  entity: Company,
});
Company.schema = { pct_equity: PortfolioScalar, shares: PortfolioScalar };

const A = [{ portfolio: 'A' }];
const B = [{ portfolio: 'B' }];
const rowsA = [
  { id: '1', name: 'Acme', price: 100, pct_equity: 0.5, shares: 32342 },
  { id: '2', name: 'Bolt', price: 200, pct_equity: 0.2, shares: 1000 },
];
const rowsB = [
  { id: '1', name: 'Acme', price: 100, pct_equity: 0.3, shares: 323 },
  { id: '2', name: 'Bolt', price: 200, pct_equity: 0.9, shares: 7 },
];

/** Both portfolios loaded into one state. */
function bothPortfolios() {
  const a = normalize([Company], rowsA, A);
  return normalize([Company], rowsB, B, a);
}

describe('Scalar: normalize', () => {
  it('stores the values in cells per entity and lens, and a reference in the entity', () => {
    const state = bothPortfolios();
    expect(state.entities.Company?.['1']).toMatchObject({
      id: '1',
      price: 100,
      pct_equity: ['1', 'pct_equity', 'Company'],
      shares: ['1', 'shares', 'Company'],
    });
    expect(state.entities['Scalar(portfolio)']).toEqual({
      'Company|1|A': { pct_equity: 0.5, shares: 32342 },
      'Company|2|A': { pct_equity: 0.2, shares: 1000 },
      'Company|1|B': { pct_equity: 0.3, shares: 323 },
      'Company|2|B': { pct_equity: 0.9, shares: 7 },
    });
  });

  it('keeps falsy values in the cell', () => {
    const state = normalize([Company], [{ id: '1', price: 0, pct_equity: 0, shares: 0 }], A);
    expect(state.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: 0,
      shares: 0,
    });
    const [company] = denormalize([Company], state.result, state.entities, A) as Company[];
    expect(company.pct_equity).toBe(0);
  });

  it('a null from one lens is stored in its cell: the other lenses keep their values', () => {
    const state = normalize(
      [Company],
      [{ id: '1', name: 'Acme', price: 100, pct_equity: null, shares: 5 }],
      A,
      bothPortfolios(),
    );
    expect(state.entities.Company?.['1']).toMatchObject({
      pct_equity: ['1', 'pct_equity', 'Company'],
    });
    expect(state.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: null,
      shares: 5,
    });
    const read = (args: typeof A) =>
      (denormalize([Company], ['1'], state.entities, args) as Company[])[0].pct_equity;
    expect([read(A), read(B)]).toEqual([null, 0.3]);
    const memo = new MemoCache();
    const inMemo = (args: typeof A) =>
      (memo.denormalize([Company], ['1'], state.entities, args).data as Company[])[0].pct_equity;
    expect([inMemo(A), inMemo(B)]).toEqual([null, 0.3]);
  });

  it('a null field of another schema is still stored as null', () => {
    class Holder extends Entity {
      id = '';
      company: Company | null = null;
      static override key = 'ScalarHolder';
      static override schema = { company: Company };
    }
    const state = normalize(Holder, { id: 'h', company: null }, A);
    expect(state.entities.ScalarHolder?.h).toEqual({ id: 'h', company: null });
  });

  it('refuses a response whose args name no lens, and writes nothing', () => {
    const before = normalize([Company], rowsA, A);
    let error: unknown;
    try {
      normalize([Company], rowsB, [{}], before);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).schemaKey).toBe('Scalar(portfolio)');
    expect((error as SchemaError).message).toMatch(/lens returned undefined/);
    expect(before.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: 0.5,
      shares: 32342,
    });
  });

  it('a column-only response (Values keyed by pk) writes cells and leaves the entities', () => {
    const full = normalize([Company], rowsA, A);
    const columns = normalize(
      new Values(PortfolioScalar),
      { '1': { pct_equity: 0.7, shares: 555 } },
      B,
      full,
    );
    expect(columns.result).toEqual({ '1': 'Company|1|B' });
    expect(columns.entities.Company).toBe(full.entities.Company);
    expect(columns.entities['Scalar(portfolio)']?.['Company|1|B']).toEqual({
      pct_equity: 0.7,
      shares: 555,
    });
    expect(columns.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: 0.5,
      shares: 32342,
    });
  });

  it('a column-only list names each cell by the entity pk()', () => {
    const columns = normalize([PortfolioScalar], [{ id: '2', pct_equity: 0.4 }], B);
    expect(columns.result).toEqual(['Company|2|B']);
    expect(columns.entities['Scalar(portfolio)']?.['Company|2|B']).toEqual({
      id: '2',
      pct_equity: 0.4,
    });
  });

  it('a later response merges into the cell field by field; an older one yields', () => {
    const first = normalize([Company], rowsA, A, {}, { fetchedAt: 10 });
    const newer = normalize(new Values(PortfolioScalar), { '1': { shares: 1 } }, A, first, {
      fetchedAt: 20,
    });
    expect(newer.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: 0.5,
      shares: 1,
    });
    const older = normalize(
      new Values(PortfolioScalar),
      { '1': { shares: 99, pct_equity: 0.1 } },
      A,
      newer,
      { fetchedAt: 5 },
    );
    expect(older.entities['Scalar(portfolio)']?.['Company|1|A']).toEqual({
      pct_equity: 0.5,
      shares: 1,
    });
  });
});

describe('Scalar: denormalize', () => {
  it('joins the cell of the lens the args name', () => {
    const state = bothPortfolios();
    const inA = denormalize([Company], state.result, state.entities, A) as Company[];
    const inB = denormalize([Company], state.result, state.entities, B) as Company[];
    expect(inA[0]).toBeInstanceOf(Company);
    expect(inA.map((c) => [c.name, c.price, c.pct_equity, c.shares])).toEqual([
      ['Acme', 100, 0.5, 32342],
      ['Bolt', 200, 0.2, 1000],
    ]);
    expect(inB.map((c) => [c.name, c.pct_equity, c.shares])).toEqual([
      ['Acme', 0.3, 323],
      ['Bolt', 0.9, 7],
    ]);
  });

  it('shows no value where the args name no lens, or the lens has no cell', () => {
    const state = normalize([Company], rowsA, A);
    const [noLens] = denormalize([Company], state.result, state.entities, [{}]) as Company[];
    expect(noLens).toMatchObject({ id: '1', price: 100, pct_equity: undefined });
    const [noCell] = denormalize([Company], state.result, state.entities, B) as Company[];
    expect(noCell).toMatchObject({ id: '1', pct_equity: undefined, shares: undefined });
  });

  it('a value stored before the field was a Scalar is shown as it is', () => {
    const entities = { Company: { '1': { id: '1', price: 1, pct_equity: 0.25 } } };
    const [company] = denormalize([Company], ['1'], entities, A) as Company[];
    expect(company.pct_equity).toBe(0.25);
  });

  it('a column-only response reads back as cells keyed by pk', () => {
    const columns = normalize(new Values(PortfolioScalar), { '1': { pct_equity: 0.7 } }, B);
    const data = new MemoCache().denormalize(
      new Values(PortfolioScalar),
      columns.result,
      columns.entities,
      B,
    ).data;
    expect(data).toEqual({ '1': { pct_equity: 0.7 } });
  });
});

describe('Scalar: the memo', () => {
  it('one memo reads the same entity under two lenses, each time right (A, B, A)', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    const read = (args: typeof A) =>
      (memo.denormalize([Company], state.result, state.entities, args).data as Company[]).map(
        (c) => c.pct_equity,
      );
    expect(read(A)).toEqual([0.5, 0.2]);
    expect(read(B)).toEqual([0.3, 0.9]);
    expect(read(A)).toEqual([0.5, 0.2]);
    expect(read(B)).toEqual([0.3, 0.9]);
  });

  it('same data, same objects: each lens keeps its own entity objects across reads', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    const read = (args: typeof A, input: unknown = state.result) =>
      memo.denormalize([Company], input, state.entities, args).data as Company[];
    const a1 = read(A);
    const b1 = read(B);
    // another input (a new array) so the result is built again from the nodes
    const a2 = read(A, [...state.result]);
    const b2 = read(B, [...state.result]);
    expect(a2[0]).toBe(a1[0]);
    expect(a2[1]).toBe(a1[1]);
    expect(b2[0]).toBe(b1[0]);
    expect(a1[0]).not.toBe(b1[0]);
    // args that serialize the same are the same lens
    expect(read([{ portfolio: 'A' }], [...state.result])[0]).toBe(a1[0]);
  });

  it('a changed cell rebuilds the entity of that lens only; the other keeps its object', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    const readA = memo.denormalize([Company], state.result, state.entities, A).data as Company[];
    const readB = memo.denormalize([Company], state.result, state.entities, B).data as Company[];
    const next = normalize(new Values(PortfolioScalar), { '1': { pct_equity: 0.6 } }, A, state);
    const againA = memo.denormalize([Company], [...state.result], next.entities, A)
      .data as Company[];
    const againB = memo.denormalize([Company], [...state.result], next.entities, B)
      .data as Company[];
    expect(againA[0].pct_equity).toBe(0.6);
    expect(againA[0]).not.toBe(readA[0]);
    expect(againA[1]).toBe(readA[1]);
    expect(againB[0]).toBe(readB[0]);
    expect(againB[1]).toBe(readB[1]);
  });

  it('a changed entity row rebuilds it under every lens', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    memo.denormalize([Company], state.result, state.entities, A);
    memo.denormalize([Company], state.result, state.entities, B);
    const renamed = normalize(
      [Company],
      [{ id: '1', name: 'Acme Corp', pct_equity: 0.3 }],
      B,
      state,
    );
    const inA = memo.denormalize([Company], [...renamed.result, '2'], renamed.entities, A)
      .data as Company[];
    const inB = memo.denormalize([Company], [...renamed.result, '2'], renamed.entities, B)
      .data as Company[];
    expect([inA[0].name, inA[0].pct_equity]).toEqual(['Acme Corp', 0.5]);
    expect([inB[0].name, inB[0].pct_equity]).toEqual(['Acme Corp', 0.3]);
  });

  it('a list (a Collection) holding such entities is kept per lens too', () => {
    const list = new Collection([Company], { argsKey: () => ({}) });
    const a = normalize(list, rowsA, A);
    const state = normalize(list, rowsB, B, a);
    const memo = new MemoCache();
    const inA = memo.denormalize(list, state.result, state.entities, A).data as Company[];
    const inB = memo.denormalize(list, state.result, state.entities, B).data as Company[];
    expect(inA.map((c) => c.pct_equity)).toEqual([0.5, 0.2]);
    expect(inB.map((c) => c.pct_equity)).toEqual([0.3, 0.9]);
    expect(memo.denormalize(list, state.result, state.entities, A).data).toBe(inA);
  });

  it(`at scale: 10,000 distinct args keep at most ${MAX_VARIANTS} copies, and stay right`, () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    const wrong: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const args = [{ portfolio: i % 2 === 0 ? 'A' : 'B', page: i }];
      const [first] = memo.denormalize([Company], state.result, state.entities, args)
        .data as Company[];
      if (first.pct_equity !== (i % 2 === 0 ? 0.5 : 0.3)) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    const node = memo.node('Company', '1');
    expect(node.variants!.size).toBeLessThanOrEqual(MAX_VARIANTS);
    // a reader holding a dropped copy is built again, and still right
    const early = [{ portfolio: 'B', page: 1 }];
    const [again] = memo.denormalize([Company], state.result, state.entities, early)
      .data as Company[];
    expect(again.pct_equity).toBe(0.3);
  });
});

/** How many readers a position's node (and its nodes per args, if any) has. */
function readerCount(memo: MemoCache, key: string, pk: string): number {
  const node = memo.node(key, pk);
  const nodes: MemoNode[] = node.variants
    ? [...new Set([node, ...node.variants.values()])]
    : [node];
  let count = 0;
  for (const { dependents } of nodes)
    count += dependents === undefined ? 0 : dependents instanceof Set ? dependents.size : 1;
  return count;
}

describe('Scalar: the memo lets go of the copies it drops', () => {
  const CELL = ['Scalar(portfolio)', 'Company|1|A'] as const;

  it(`at scale: 10,000 distinct args of one lens leave the cell at most ${MAX_VARIANTS} readers`, () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    for (let i = 0; i < 10_000; i++) {
      const args = [{ portfolio: 'A', page: i }];
      const [first] = memo.denormalize([Company], state.result, state.entities, args)
        .data as Company[];
      expect(first.pct_equity).toBe(0.5);
    }
    expect(readerCount(memo, ...CELL)).toBeLessThanOrEqual(MAX_VARIANTS);
  });

  it('at scale: 1,000 changes of the entity row (the cell unchanged) leave the cell its readers', () => {
    let state = bothPortfolios();
    const memo = new MemoCache();
    const readers = Array.from({ length: 10 }, (_, page) => [{ portfolio: 'A', page }]);
    for (let tick = 0; tick < 1_000; tick++) {
      state = normalize([Company], [{ id: '1', name: 'Acme', price: tick }], A, state);
      for (const args of readers) {
        const [first] = memo.denormalize([Company], state.result, state.entities, args)
          .data as Company[];
        expect([first.price, first.pct_equity]).toEqual([tick, 0.5]);
      }
    }
    expect(readerCount(memo, ...CELL)).toBeLessThanOrEqual(readers.length);
    const node = memo.node('Company', '1');
    expect(node.variants!.size).toBeLessThanOrEqual(readers.length);
  });

  it('at scale: 10,000 lenses never stored leave no empty cell behind', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    for (let i = 0; i < 10_000; i++) {
      const [first] = memo.denormalize([Company], state.result, state.entities, [
        { portfolio: `P${i}` },
      ]).data as Company[];
      expect(first.pct_equity).toBeUndefined();
    }
    memo.dropUnread();
    const cells = (memo as unknown as { nodes: Map<string, Map<string, unknown>> }).nodes.get(
      'Scalar(portfolio)',
    );
    // two companies' cells per copy kept (at most 64 copies each), no more
    expect(cells?.size ?? 0).toBeLessThanOrEqual(2 * MAX_VARIANTS);
  });

  it('a moved position is one node again until it is read with args', () => {
    let state = bothPortfolios();
    const memo = new MemoCache();
    memo.denormalize([Company], state.result, state.entities, A);
    memo.denormalize([Company], state.result, state.entities, B);
    state = normalize([Company], [{ id: '1', name: 'Acme', price: 1 }], A, state);
    memo.denormalize(Company, '2', state.entities, A);
    const node = memo.node('Company', '1');
    expect([node.args, node.variants]).toEqual([undefined, undefined]);
    const [inB] = memo.denormalize([Company], state.result, state.entities, B).data as Company[];
    expect([inB.price, inB.pct_equity]).toEqual([1, 0.3]);
  });
});

describe('Scalar: only what read the args is kept per args', () => {
  class Person extends Entity {
    id = '';
    name = '';
    static override key = 'ScalarPerson';
  }
  const response = { company: Company, person: Person, people: [Person] };
  const data = {
    company: rowsA[0],
    person: { id: 'p1', name: 'Ada' },
    people: [
      { id: 'p2', name: 'Bea' },
      { id: 'p3', name: 'Cy' },
    ],
  };

  it('an entity read after a Scalar in the same walk is one object under every lens', () => {
    const a = normalize(response, data, A);
    const state = normalize(response, { ...data, company: rowsB[0] }, B, a);
    const memo = new MemoCache();
    type Read = { company: Company; person: Person; people: Person[] };
    const inA = memo.denormalize(response, state.result, state.entities, A).data as Read;
    const inB = memo.denormalize(response, state.result, state.entities, B).data as Read;
    expect([inA.company.pct_equity, inB.company.pct_equity]).toEqual([0.5, 0.3]);
    expect(inB.company).not.toBe(inA.company);
    expect(inB.person).toBe(inA.person);
    expect(inB.people[0]).toBe(inA.people[0]);
    expect(inB.people[1]).toBe(inA.people[1]);
    expect(memo.node('ScalarPerson', 'p1').variants).toBeUndefined();
    // nor is the cell (it is chosen by the args, it does not read them)
    expect(memo.node('Scalar(portfolio)', 'Company|1|A').variants).toBeUndefined();
  });

  it('an entity holding one kept per args is kept per args too', () => {
    class Holding extends Entity {
      id = '';
      company?: Company;
      static override key = 'ScalarHolding';
      static override schema = { company: Company };
    }
    const a = normalize(Holding, { id: 'h', company: rowsA[0] }, A);
    const state = normalize(Holding, { id: 'h', company: rowsB[0] }, B, a);
    const memo = new MemoCache();
    const inA = memo.denormalize(Holding, 'h', state.entities, A).data as Holding;
    const inB = memo.denormalize(Holding, 'h', state.entities, B).data as Holding;
    const again = memo.denormalize(Holding, 'h', state.entities, A).data as Holding;
    expect([inA.company?.pct_equity, inB.company?.pct_equity]).toEqual([0.5, 0.3]);
    expect(inB).not.toBe(inA);
    expect(again).toBe(inA);
  });
});

describe('Scalar: freshness reaches the readers of every lens', () => {
  it("an entity's meta change finds the results read under each lens", () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    memo.denormalize([Company], state.result, state.entities, A);
    memo.denormalize([Company], [...state.result], state.entities, B);
    const found = new Set<Reader>();
    memo.metaChanged(new Map([['Company', new Set(['1'])]]), (reader) => found.add(reader));
    expect(found.size).toBe(2);
  });
});

describe('Scalar: args JSON cannot express', () => {
  it('each such read keeps its own copy, whatever Math.random gives', () => {
    const state = bothPortfolios();
    const memo = new MemoCache();
    // a key made from Math.random could be another read's: made the same here
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const read = (portfolio: string, n: bigint) =>
        (
          memo.denormalize([Company], state.result, state.entities, [{ portfolio, n }])
            .data as Company[]
        )[0].pct_equity;
      expect([read('A', 1n), read('B', 2n), read('A', 3n)]).toEqual([0.5, 0.3, 0.5]);
    } finally {
      random.mockRestore();
    }
  });
});

describe('Scalar: types', () => {
  it('types its options, cells and normalized form', () => {
    expectTypeOf(PortfolioScalar.key).toEqualTypeOf<string>();
    type Columns = Denormalize<Values<typeof PortfolioScalar>>;
    expectTypeOf<Columns['x']['pct_equity']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Columns['x']['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Normalize<typeof PortfolioScalar>>().toEqualTypeOf<string>();
    // the entity's field keeps the type its class declares (absent for a lens with no cell)
    expectTypeOf<Denormalize<typeof Company>['pct_equity']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error a Scalar needs the entity whose fields it holds
    new Scalar({ lens: (args) => args[0]?.portfolio, key: 'k' });
    // @ts-expect-error a lens is a string or number
    new Scalar({ lens: () => ({ portfolio: 'A' }), key: 'k', entity: Company });
    // other args: name them
    const byCurrency = new Scalar({
      lens: (args: readonly [{ currency: 'EUR' | 'USD' }]) => args[0].currency,
      key: 'currency',
      entity: Company,
    });
    expectTypeOf(byCurrency.lens)
      .parameter(0)
      .toEqualTypeOf<readonly [{ currency: 'EUR' | 'USD' }]>();
  });
});
