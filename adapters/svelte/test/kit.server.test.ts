// @vitest-environment node
// @tessera/svelte/kit on the server: `preload` in server load functions (a store per request,
// its state in the page data as SvelteKit serializes it), `startTessera` rendering from it.
import { type DehydratedState, Entity, hydrate, RestEndpoint } from '@tessera/core';
import * as devalue from 'devalue';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { API, TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera, tesseraContext } from '../src/index.js';
import { type PreloadEvent, preload, startTessera } from '../src/kit/index.js';
import RuneTodo from './components/RuneTodo.svelte';

const t = serveTodoApi();

/** A server load event of one request; `fetch` records what went through it. */
function loadEvent(
  request = new Request(`${API}/page`),
  parent: () => Promise<unknown> = async () => ({}),
) {
  const fetched: string[] = [];
  const event: PreloadEvent = {
    request,
    isDataRequest: false,
    parent,
    // Like SvelteKit's: relative URLs are resolved against the page's URL.
    fetch: (input, init) => {
      const url = new URL(String(input), request.url).href;
      fetched.push(url);
      return fetch(url, init);
    },
  };
  return { event, fetched };
}

const keyOf = (id: number) => TodoResource.get.key({ id });

describe('preload', () => {
  it('fetches into a store for the request and returns its state for the page data', async () => {
    const { event, fetched } = loadEvent();
    const data = await preload(event, [[TodoResource.get, { id: 1 }], [TodoResource.getList]]);
    expect(t.api.requests.toSorted()).toEqual(['GET /todos', 'GET /todos/1']);
    expect(fetched).toHaveLength(2);
    expect(Object.keys(data.tessera!.endpoints).sort()).toEqual(
      [TodoResource.getList.key(), keyOf(1)].sort(),
    );
    // A store started from it reads both without a request.
    const tessera = createTessera({ initialState: hydrate(data.tessera) });
    expect(await tessera.controller.fetchIfStale(TodoResource.get, { id: 1 })).toMatchObject({
      title: 'Todo 1',
    });
    expect(await tessera.controller.fetchIfStale(TodoResource.getList)).toHaveLength(3);
    expect(t.api.requests).toHaveLength(2);
  });

  it("sends every request through the event's fetch (relative URLs, cookies, handleFetch)", async () => {
    const relative = new RestEndpoint({ path: '/todos/:id' });
    const { event, fetched } = loadEvent();
    const data = await preload(event, [[relative, { id: 2 }]]);
    expect(fetched).toEqual([`${API}/todos/2`]);
    // Keyed as the browser keys it: the URL the endpoint builds, not the resolved one.
    expect(data.tessera!.endpoints[relative.key({ id: 2 })]).toMatchObject({ title: 'Todo 2' });
  });

  it("shares a store between one request's loads, never between requests", async () => {
    const request = new Request(`${API}/page`);
    const layout = preload(loadEvent(request).event, [[TodoResource.get, { id: 1 }]]);
    const { event: page } = loadEvent(request, () => layout);
    const pageData = await preload(page, [
      [TodoResource.get, { id: 1 }],
      [TodoResource.get, { id: 2 }],
    ]);
    // The page's state holds the layout's data too (it waits for the layout's load), and the
    // request's store fetched todo 1 once.
    expect(Object.keys(pageData.tessera!.endpoints).sort()).toEqual([keyOf(1), keyOf(2)]);
    const other = await preload(loadEvent().event, [[TodoResource.get, { id: 2 }]]);
    expect(Object.keys(other.tessera!.endpoints)).toEqual([keyOf(2)]);
    expect(t.api.requests).toEqual(['GET /todos/1', 'GET /todos/2', 'GET /todos/2']);
  });

  it('leaves a failed fetch out: the page renders it loading, the browser fetches it', async () => {
    t.api.failNext(503);
    const data = await preload(loadEvent().event, [
      [TodoResource.get, { id: 1 }],
      [TodoResource.get, { id: 2 }],
    ]);
    expect(Object.keys(data.tessera!.endpoints)).toEqual([keyOf(2)]);
    // Nothing of the failure travels: no entry under its key (result, meta, error). (Not a
    // search for "503": the state's timestamps may contain those digits.)
    expect(JSON.stringify(data)).not.toContain(keyOf(1));
    const page = (id: number) =>
      render(RuneTodo, { props: { id }, context: tesseraContext(startTessera(data)) }).body;
    expect(page(1)).toContain('loading');
    expect(page(2)).toContain('Todo 2');
    const browser = createTessera({ initialState: hydrate(data.tessera) });
    await browser.controller.fetchIfStale(TodoResource.get, { id: 1 });
    expect(t.api.requests.toSorted()).toEqual(['GET /todos/1', 'GET /todos/1', 'GET /todos/2']);
    browser.dispose();
  });

  it('fetches nothing on a client-side navigation: the browser store does', async () => {
    const { event } = loadEvent();
    const data = await preload({ ...event, isDataRequest: true }, [[TodoResource.get, { id: 1 }]]);
    expect(data).toEqual({});
    expect(t.api.requests).toEqual([]);
  });

  it('skips a call whose arguments are null', async () => {
    const data = await preload(loadEvent().event, [[TodoResource.get, null]]);
    expect(data.tessera!.endpoints).toEqual({});
    expect(t.api.requests).toEqual([]);
  });
});

class Event extends Entity {
  id = 0;
  at = new Date(0);
  static override schema = { at: Date };
  pk() {
    return this.id;
  }
}

describe('the page data, serialized as SvelteKit does (devalue)', () => {
  const getEvent = new RestEndpoint({ urlPrefix: API, path: '/events/:id', schema: Event });
  const getClock = new RestEndpoint({
    urlPrefix: API,
    path: '/clock',
    process: (value: { now: string }) => ({ now: new Date(value.now) }),
  });

  /** The server's answers come from this load event's fetch (no network). */
  function pageData() {
    const answers: Record<string, unknown> = {
      [`${API}/events/1`]: { id: 1, at: '2026-11-24T20:00:00.000Z' },
      [`${API}/clock`]: { now: '2026-11-24T21:00:00.000Z' },
    };
    const { event } = loadEvent();
    const answering = {
      ...event,
      fetch: async (input: RequestInfo | URL) => Response.json(answers[String(input)]),
    };
    return preload(answering, [[getEvent, { id: 1 }], [getClock]]);
  }

  /** What the browser gets: `uneval` in the HTML, `stringify` in `__data.json`. */
  const transports: [string, (data: unknown) => { tessera?: DehydratedState }][] = [
    ['uneval (the HTML)', (data) => new Function(`return ${devalue.uneval(data)}`)()],
    ['stringify (__data.json)', (data) => devalue.parse(devalue.stringify(data))],
  ];

  for (const [name, carry] of transports) {
    it(`keeps dates through ${name}`, async () => {
      const carried = carry(await pageData());
      const tessera = startTessera(carried);
      const { controller } = tessera;
      const event = await controller.fetchIfStale(getEvent, { id: 1 });
      expect(event?.at).toEqual(new Date('2026-11-24T20:00:00.000Z'));
      const clock = await controller.fetchIfStale(getClock);
      expect(clock?.now).toBeInstanceOf(Date);
      expect(clock?.now.toISOString()).toBe('2026-11-24T21:00:00.000Z');
      tessera.dispose();
    });
  }
});

describe('startTessera on the server', () => {
  it('makes a store per call from the page data, with no manager started', async () => {
    const data = await preload(loadEvent().event, [[TodoResource.get, { id: 1 }]]);
    const first = startTessera(data);
    const second = startTessera(data);
    expect(first).not.toBe(second);
    const html = render(RuneTodo, { props: { id: 1 }, context: tesseraContext(first) }).body;
    expect(html).toContain('Todo 1');
    expect(startTessera(undefined).store.getState().endpoints).toEqual({});
  });
});
