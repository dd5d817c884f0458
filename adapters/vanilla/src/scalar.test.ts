// A Scalar (per-portfolio fields of a Company) read by two live readers at once, through msw:
// each shows its own portfolio's values for the same stored Company, and a response of the
// scalar columns only updates the reader of that portfolio and no other.
import { Collection, Entity, RestEndpoint, Scalar, Values } from '@tessera/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTessera, type Tessera } from './tessera';

const API = 'http://portfolio.test';

class Company extends Entity {
  id = '';
  name = '';
  price = 0;
  pct_equity?: number;
  shares?: number;
  static override key = 'ScalarCompany';
}
const PortfolioScalar = new Scalar({
  lens: (args) => args[0]?.portfolio,
  key: 'portfolio',
  entity: Company,
});
Company.schema = { pct_equity: PortfolioScalar, shares: PortfolioScalar };

const getCompanies = new RestEndpoint({
  urlPrefix: API,
  path: '/companies',
  searchParams: {} as { portfolio: string },
  // the portfolio is a lens, not a filter: one list for every portfolio
  schema: new Collection([Company], { argsKey: () => ({}) }),
});
const getPortfolioColumns = new RestEndpoint({
  urlPrefix: API,
  path: '/companies/columns',
  searchParams: {} as { portfolio: string },
  schema: new Values(PortfolioScalar),
});

/** The server's holdings: equity and shares per portfolio and company. */
let holdings: Record<string, Record<string, { pct_equity: number; shares: number }>>;
const requests: string[] = [];
const server = setupServer(
  http.get(`${API}/companies`, ({ request }) => {
    const portfolio = new URL(request.url).searchParams.get('portfolio')!;
    requests.push(`companies ${portfolio}`);
    return HttpResponse.json(
      [
        { id: '1', name: 'Acme', price: 100 },
        { id: '2', name: 'Bolt', price: 200 },
      ].map((row) => ({ ...row, ...holdings[portfolio][row.id] })),
    );
  }),
  http.get(`${API}/companies/columns`, ({ request }) => {
    const portfolio = new URL(request.url).searchParams.get('portfolio')!;
    requests.push(`columns ${portfolio}`);
    return HttpResponse.json(holdings[portfolio]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let tessera: Tessera;
beforeEach(() => {
  requests.length = 0;
  holdings = {
    A: { '1': { pct_equity: 0.5, shares: 32342 }, '2': { pct_equity: 0.2, shares: 1000 } },
    B: { '1': { pct_equity: 0.3, shares: 323 }, '2': { pct_equity: 0.9, shares: 7 } },
  };
  tessera = createTessera();
});
afterEach(() => tessera.dispose());

type Snapshot = { data: Company[] | undefined; loading: boolean };
function record(portfolio: string) {
  const values: Snapshot[] = [];
  const stop = tessera
    .dle(getCompanies, { portfolio })
    .listen((value) => values.push(value as Snapshot));
  return { values, stop, last: () => values[values.length - 1] };
}
const equities = (data: Company[] | undefined) =>
  data?.map((c) => [c.name, c.pct_equity, c.shares]);

describe('Scalar through a store: two portfolios at once', () => {
  it('two readers show the same companies with their own portfolio values', async () => {
    const a = record('A');
    await vi.waitFor(() => expect(a.last().data).toBeDefined());
    const b = record('B');
    await vi.waitFor(() => expect(b.last().data?.[0].pct_equity).toBe(0.3));
    expect(equities(a.last().data)).toEqual([
      ['Acme', 0.5, 32342],
      ['Bolt', 0.2, 1000],
    ]);
    expect(equities(b.last().data)).toEqual([
      ['Acme', 0.3, 323],
      ['Bolt', 0.9, 7],
    ]);
    // one stored row per company, whatever the portfolio
    expect(Object.keys(tessera.controller.getState().entities.ScalarCompany ?? {})).toEqual([
      '1',
      '2',
    ]);
    a.stop();
    b.stop();
  });

  it('a response of the scalar columns only updates that portfolio; the other reader keeps its objects', async () => {
    const a = record('A');
    const b = record('B');
    await vi.waitFor(() => {
      expect(a.last().data?.[0].pct_equity).toBe(0.5);
      expect(b.last().data?.[0].pct_equity).toBe(0.3);
    });
    const before = { a: a.last().data!, b: b.last().data!, bCount: b.values.length };

    holdings.A['1'] = { pct_equity: 0.55, shares: 40000 };
    await tessera.controller.fetch(getPortfolioColumns, { portfolio: 'A' });
    await vi.waitFor(() => expect(a.last().data?.[0].pct_equity).toBe(0.55));
    expect(a.last().data?.[0].shares).toBe(40000);
    // the company's other fields and the other company stay as they were, by identity
    expect(a.last().data?.[0].name).toBe('Acme');
    expect(a.last().data?.[1]).toBe(before.a[1]);
    // portfolio B saw nothing change: no new snapshot, the same objects
    expect(b.values.length).toBe(before.bCount);
    expect(b.last().data).toBe(before.b);
    expect(requests).toContain('columns A');
    a.stop();
    b.stop();
  });

  it('columns fetched for another portfolio show up in the list read under it, without fetching the list', async () => {
    await tessera.controller.fetch(getCompanies, { portfolio: 'A' });
    await tessera.controller.fetch(getPortfolioColumns, { portfolio: 'B' });
    // the one list (its argsKey leaves the portfolio out), read with portfolio B
    const values: (Company[] | undefined)[] = [];
    const stop = tessera
      .query(getCompanies.schema, { portfolio: 'B' })
      .listen((value) => values.push(value as Company[] | undefined));
    expect(equities(values[values.length - 1])).toEqual([
      ['Acme', 0.3, 323],
      ['Bolt', 0.9, 7],
    ]);
    expect(requests).toEqual(['companies A', 'columns B']);
    stop();
  });
});
