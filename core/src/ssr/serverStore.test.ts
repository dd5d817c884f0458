// A read that fails during the server render: its caller gets the error, the server's store
// records nothing for it, so the page renders it as the browser first will (loading), and the
// browser, started from that state, fetches it.

import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStore,
  dehydrate,
  EndpointObserver,
  Entity,
  hydrate,
  type Manager,
  NetworkError,
  RestEndpoint,
} from '../index';
import { serverStoreOptions } from './serverStore';
import { serverStoreOptions as inBrowser } from './serverStore.browser';

class Note extends Entity {
  id = 0;
  text = '';
  static override get key() {
    return 'Note';
  }
}

const API = 'http://api.test';
const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });
let failing = true;
const requests: string[] = [];
const server = setupServer(
  http.get(`${API}/notes/:id`, ({ request, params }) => {
    requests.push(new URL(request.url).pathname);
    return failing
      ? HttpResponse.json({ message: 'down' }, { status: 503 })
      : HttpResponse.json({ id: Number(params.id), text: 'hello' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('a server render store (serverStoreOptions)', () => {
  it('rejects the read, records no error, and the browser renders then fetches the same', async () => {
    const onServer = createStore(serverStoreOptions({}));
    const failure = await onServer.controller.fetch(getNote, { id: 1 }).catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.status).toBe(503);
    const key = getNote.key({ id: 1 });
    expect(onServer.controller.getState().meta[key]).toBeUndefined();
    const serverView = new EndpointObserver(onServer.controller, getNote, [{ id: 1 }]);
    const rendered = serverView.getSnapshot();
    expect(rendered).toMatchObject({ data: undefined, error: undefined });

    const state = dehydrate(onServer.controller);
    onServer.dispose();
    failing = false;
    const inBrowser = createStore({ start: false, initialState: hydrate(state) });
    const browserView = new EndpointObserver(inBrowser.controller, getNote, [{ id: 1 }]);
    // The browser's first render is the server's.
    expect(browserView.getSnapshot()).toEqual(rendered);
    expect(await browserView.promise()).toMatchObject({ id: 1, text: 'hello' });
    expect(requests).toEqual(['/notes/1', '/notes/1']);
    inBrowser.dispose();
  });

  it('lets a successful read through as it is', async () => {
    failing = false;
    const store = createStore(serverStoreOptions({}));
    expect(await store.controller.fetch(getNote, { id: 2 })).toMatchObject({ text: 'hello' });
    expect(dehydrate(store.controller).endpoints[getNote.key({ id: 2 })]).toBe('2');
    store.dispose();
  });

  it('puts leaveFailuresOut in front of the managers chosen as an array or a function', () => {
    const own: Manager = { middleware: () => (next) => next, cleanup() {} };
    const listed = createStore(serverStoreOptions({ managers: [own] }));
    const picked = createStore(serverStoreOptions({ managers: (defaults) => [...defaults, own] }));
    expect(listed.managers.map(kind)).toEqual(['leaveFailuresOut', 'own', 'NetworkManager']);
    expect(picked.managers.map(kind)).toEqual(['leaveFailuresOut', 'NetworkManager', 'own']);
    listed.dispose();
    picked.dispose();

    function kind(manager: Manager) {
      if (manager === own) return 'own';
      return manager.constructor === Object ? 'leaveFailuresOut' : manager.constructor.name;
    }
  });

  it('records failures once the store starts (an app mounted it: a browser)', async () => {
    failing = true;
    const store = createStore(serverStoreOptions({}));
    store.mount();
    const failure = await store.controller.fetch(getNote, { id: 3 }).catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(store.controller.getError(getNote, { id: 3 })).toBe(failure);
    store.dispose();
  });

  it('is the options as they are in a browser build', () => {
    const options = { managers: [] };
    expect(inBrowser(options)).toBe(options);
  });
});
