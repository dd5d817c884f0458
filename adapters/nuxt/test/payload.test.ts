// What Nuxt's payload does to the store's state: devalue writes it into the page and the browser
// reads it back (as `useNuxtApp().payload.tessera`). Dates survive; errors never get there.
import {
  createStore,
  dehydrate,
  EndpointObserver,
  Entity,
  hydrate,
  RestEndpoint,
} from '@tessera/core';
import { parse, stringify } from 'devalue';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

class Note extends Entity {
  id = 0;
  createdAt = new Date(0);
  static override schema = { createdAt: Date };
  static override get key() {
    return 'Note';
  }
}

const API = 'http://api.test';
const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });
const server = setupServer(
  http.get(`${API}/notes/1`, () =>
    HttpResponse.json({ id: 1, createdAt: '2026-05-04T03:02:01.000Z' }),
  ),
  http.get(`${API}/notes/2`, () => HttpResponse.json({ message: 'down' }, { status: 503 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe("the store's state in Nuxt's payload (devalue)", () => {
  it('carries a date: the browser reads the same Date without a request', async () => {
    const onServer = createStore({ start: false });
    await onServer.controller.fetch(getNote, { id: 1 });
    const page = stringify({ tessera: dehydrate(onServer.controller) });
    onServer.dispose();

    const { tessera } = parse(page);
    const inBrowser = createStore({ start: false, initialState: hydrate(tessera) });
    const observer = new EndpointObserver(inBrowser.controller, getNote, [{ id: 1 }]);
    const { data, loading } = observer.getSnapshot();
    expect(loading).toBe(false);
    expect(data?.createdAt).toBeInstanceOf(Date);
    expect(data?.createdAt.toISOString()).toBe('2026-05-04T03:02:01.000Z');
    inBrowser.dispose();
  });

  it('holds no error (devalue would refuse one): the browser fetches a failed read again', async () => {
    const { controller, dispose } = createStore({ start: false });
    await controller.fetch(getNote, { id: 2 }).catch(() => {});
    // The store's own state has the NetworkError, which is no plain object.
    expect(() => stringify(controller.getState().meta)).toThrow(/non-POJO/);
    const { tessera } = parse(stringify({ tessera: dehydrate(controller) }));
    dispose();
    const inBrowser = createStore({ start: false, initialState: hydrate(tessera) });
    const observer = new EndpointObserver(inBrowser.controller, getNote, [{ id: 2 }]);
    expect(observer.getSnapshot()).toMatchObject({ data: undefined, error: undefined });
    inBrowser.dispose();
  });
});
