import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, testEndpoint, useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { EndpointObserver } from '../observe';
import { Entity } from '../schema';
import { dehydrate, hydrate } from './dehydrate';
import { serializeState } from './serializeState';

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return this.id;
  }
}
const getNote = testEndpoint({ path: ({ id }: { id: number }) => `/notes/${id}`, schema: Note });
const listNotes = testEndpoint({ path: () => '/notes', schema: [Note] });
const server = useMswServer();
const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & "quotes" \\';

describe('dehydrate / serializeState / hydrate', () => {
  it('carries the data to a new store, which reads it without a request', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/notes/:id`, ({ params }) => {
        requests += 1;
        return HttpResponse.json({ id: Number(params.id), text: HOSTILE });
      }),
    );
    const onServer = createStore();
    await onServer.controller.fetch(getNote, { id: 1 });
    const html = `<script>window.__STATE__=${serializeState(dehydrate(onServer.controller))}</script>`;
    onServer.dispose();
    // The data never closes the script nor opens a comment.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    const json = html.slice('<script>window.__STATE__='.length, -'</script>'.length);
    const onClient = createStore({ initialState: hydrate(JSON.parse(json)) });
    const observer = new EndpointObserver(onClient.controller, getNote, [{ id: 1 }]);
    const stop = observer.listen(() => {});
    expect(observer.getSnapshot()).toMatchObject({ loading: false, data: { text: HOSTILE } });
    expect(requests).toBe(1);
    stop();
    onClient.dispose();
  });

  it('leaves out errors and requests in flight', async () => {
    server.use(http.get(`${API}/notes/:id`, () => new HttpResponse(null, { status: 500 })));
    const { controller, dispose } = createStore();
    await controller.fetch(getNote, { id: 2 }).catch(() => {});
    const dehydrated = dehydrate(controller);
    expect(Object.keys(dehydrated.meta)).toEqual([]);
    expect(JSON.stringify(dehydrated)).not.toContain('500');
    expect(hydrate(JSON.parse(JSON.stringify(dehydrated))).fetching).toEqual({});
    dispose();
  });

  it('hydrate refuses what is not a dehydrated state', () => {
    expect(() => hydrate(null)).toThrow(TypeError);
    expect(() => hydrate({ entities: {} })).toThrow(/dehydrate/);
  });
});

describe('hydrate with a page state whose inside is wrong', () => {
  /** A server whose notes read `server <id>`; counts requests per path. */
  function notesApi() {
    const requests: string[] = [];
    server.use(
      http.get(`${API}/notes/:id`, ({ params }) => {
        requests.push(`/notes/${params.id}`);
        return HttpResponse.json({ id: Number(params.id), text: `server ${params.id}` });
      }),
      http.get(`${API}/notes`, () => {
        requests.push('/notes');
        return HttpResponse.json([
          { id: 1, text: 'server 1' },
          { id: 2, text: 'server 2' },
        ]);
      }),
    );
    return requests;
  }

  /** What a server rendered: note 1 by itself, and the list of notes 1 and 2, all fresh. */
  async function pageState(): Promise<Record<string, any>> {
    const requests = notesApi();
    const { controller, dispose } = createStore();
    await controller.fetch(getNote, { id: 1 });
    await controller.fetch(listNotes, undefined);
    const json = JSON.parse(serializeState(dehydrate(controller)));
    dispose();
    requests.length = 0;
    return json;
  }

  /** Reads note 1 and the list on a store hydrated from `state` until both settle. */
  async function readOnClient(state: unknown) {
    const { controller, dispose } = createStore({ initialState: hydrate(state) });
    const observers = [
      new EndpointObserver(controller, getNote, [{ id: 1 }]),
      new EndpointObserver(controller, listNotes, [undefined]),
    ];
    const stops = observers.map((observer) => observer.listen(() => {}));
    await vi.waitFor(() => {
      for (const observer of observers) expect(observer.getSnapshot().loading).toBe(false);
    });
    const [note, list] = observers.map((observer) => observer.getSnapshot());
    for (const stop of stops) stop();
    return { note, list, controller, dispose };
  }

  const forged: [string, (state: Record<string, any>) => void][] = [
    ['an entity table that is a string', (state) => (state.entities.Note = 'oops')],
    ['an entity that is a number', (state) => (state.entities.Note['1'] = 5)],
    [
      'a fresh result pointing at an entity that is not there',
      (state) => delete state.entities.Note['1'],
    ],
  ];

  it.each(forged)('%s: readers fetch what cannot be read', async (_label, forge) => {
    const state = await pageState();
    forge(state);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const requests = notesApi();
    const { note, list, controller, dispose } = await readOnClient(state);
    warn.mockRestore();
    expect(note).toMatchObject({ data: { id: 1, text: 'server 1' }, error: undefined });
    expect(requests).toContain('/notes/1');
    expect(list.error).toBeUndefined();
    expect((list.data as Note[]).map((item) => item.id)).toEqual([1, 2]);
    // The store holds no entry of the wrong kind.
    for (const table of Object.values(controller.getState().entities)) {
      expect(typeof table).toBe('object');
      for (const entity of Object.values(table!)) expect(typeof entity).toBe('object');
    }
    dispose();
  });

  it('keeps every part it can read: a good page reads without a request', async () => {
    const state = await pageState();
    const requests = notesApi();
    const { note, list, dispose } = await readOnClient(state);
    expect(note.data).toMatchObject({ id: 1 });
    expect(list.data).toHaveLength(2);
    expect(requests).toEqual([]);
    dispose();
  });

  it('reads an endless expiry, which JSON writes as null, back as endless', async () => {
    const requests = notesApi();
    const forever = getNote.extend({ dataExpiryLength: Number.POSITIVE_INFINITY });
    const onServer = createStore();
    await onServer.controller.fetch(forever, { id: 3 });
    const json = serializeState(dehydrate(onServer.controller));
    onServer.dispose();
    const onClient = createStore({ initialState: hydrate(JSON.parse(json)) });
    const observer = new EndpointObserver(onClient.controller, forever, [{ id: 3 }]);
    const stop = observer.listen(() => {});
    expect(observer.getSnapshot()).toMatchObject({ loading: false, data: { id: 3 } });
    expect(requests).toEqual(['/notes/3']);
    stop();
    onClient.dispose();
  });

  it('leaves out metadata of the wrong kind, keeping the data it describes', async () => {
    const state = await pageState();
    const key = Object.keys(state.meta).find((k) => k.endsWith('/notes/1'))!;
    state.meta[key] = 'fresh forever';
    state.entitiesMeta.Note['2'] = null;
    state.indexes = { Note: 'oops' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hydrated = hydrate(state);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/hydrate\(\).*meta/));
    warn.mockRestore();
    expect(hydrated.meta[key]).toBeUndefined();
    expect(hydrated.endpoints[key]).toBe('1');
    expect(hydrated.entitiesMeta.Note!['2']).toBeUndefined();
    expect(hydrated.entities.Note!['2']).toMatchObject({ id: 2 });
    expect(hydrated.indexes).toEqual({});
  });
});
