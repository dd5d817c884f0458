import { HttpResponse, http } from 'msw';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { RestEndpoint } from './RestEndpoint';

const API = 'http://search.test';
const server = useMswServer();

const listTodos = new RestEndpoint({
  urlPrefix: API,
  path: '/todos',
  searchParams: {} as { filter?: Record<string, unknown>; since?: Date; q?: string | null },
});

describe('the default searchToString', () => {
  it('rejects a nested object, naming the parameter and the way out', () => {
    const call = () => listTodos.url({ filter: { status: 'open' } });
    expect(call).toThrow(TypeError);
    expect(call).toThrow(/GET \/todos: search parameter "filter" is an object/);
    expect(call).toThrow(/Override searchToString .* qs/);
    expect(() => listTodos.key({ filter: { status: 'open' } })).toThrow(/"filter"/);
    expect(() => listTodos.url({ tags: [['a']] } as never)).toThrow(/"tags" is a nested array/);
  });

  it('never sends a request for it, so no two filters share a cache key', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/todos`, () => {
        requests++;
        return HttpResponse.json([]);
      }),
    );
    const { controller, dispose } = createStore();
    await expect(controller.fetch(listTodos, { filter: { status: 'open' } })).rejects.toThrow(
      TypeError,
    );
    await expect(listTodos({ filter: { status: 'closed' } })).rejects.toThrow(TypeError);
    expect(requests).toBe(0);
    dispose();
  });

  it('leaves out undefined and null alike, also inside arrays', () => {
    expect(listTodos.url({ q: null })).toBe(`${API}/todos`);
    expect(listTodos.url({ q: undefined })).toBe(`${API}/todos`);
    expect(listTodos.key({ q: null })).toBe(listTodos.key({}));
    expect(listTodos.url({ tag: ['a', null, undefined, 'b'] } as never)).toBe(
      `${API}/todos?tag=a&tag=b`,
    );
  });

  it('writes a Date as its ISO string (the same on every machine) and rejects an invalid one', () => {
    const since = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(listTodos.url({ since })).toBe(`${API}/todos?since=2026-01-02T03%3A04%3A05.000Z`);
    expect(() => listTodos.url({ since: new Date('nope') })).toThrow(/"since" is an invalid Date/);
  });

  it('rejects NaN and Infinity, functions and symbols', () => {
    expect(() => listTodos.url({ page: Number.NaN } as never)).toThrow(/"page" is NaN/);
    expect(() => listTodos.url({ page: -Infinity } as never)).toThrow(/"page" is -Infinity/);
    expect(() => listTodos.url({ f: () => 1 } as never)).toThrow(/"f" is a function/);
    expect(() => listTodos.url({ s: Symbol('x') } as never)).toThrow(/"s" is a symbol/);
    expect(listTodos.url({ n: 10n, ok: false } as never)).toBe(`${API}/todos?n=10&ok=false`);
  });
});

describe('a custom searchToString', () => {
  const withQs = listTodos.extend({
    searchToString(searchParams: Record<string, unknown>) {
      return qs.stringify(searchParams, { sort: (a: string, b: string) => a.localeCompare(b) });
    },
  });

  it('drives the request and the cache key: two filters, two keys, two results', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${API}/todos`, ({ request }) => {
        const search = new URL(request.url).search;
        seen.push(search);
        return HttpResponse.json({ search });
      }),
    );
    const open = { filter: { status: 'open' } };
    const closed = { filter: { status: 'closed' } };
    expect(withQs.key(open)).toBe(`GET ${API}/todos?filter%5Bstatus%5D=open`);
    expect(withQs.key(open)).not.toBe(withQs.key(closed));
    const { controller, dispose } = createStore();
    await controller.fetch(withQs, open);
    await controller.fetch(withQs, closed);
    expect(seen).toEqual(['?filter%5Bstatus%5D=open', '?filter%5Bstatus%5D=closed']);
    expect(controller.getResponse(withQs, open).data).toEqual({ search: seen[0] });
    expect(controller.getResponse(withQs, closed).data).toEqual({ search: seen[1] });
    dispose();
  });
});
