import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { API, testEndpoint, useMswServer } from '../managers/endpoints.test-helpers';
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
    const onServer = createStore({ gc: false });
    await onServer.controller.fetch(getNote, { id: 1 });
    const html = `<script>window.__STATE__=${serializeState(dehydrate(onServer.controller))}</script>`;
    onServer.dispose();
    // The data never closes the script nor opens a comment.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    const json = html.slice('<script>window.__STATE__='.length, -'</script>'.length);
    const onClient = createStore({ gc: false, initialState: hydrate(JSON.parse(json)) });
    const observer = new EndpointObserver(onClient.controller, getNote, [{ id: 1 }]);
    const stop = observer.listen(() => {});
    expect(observer.getSnapshot()).toMatchObject({ loading: false, data: { text: HOSTILE } });
    expect(requests).toBe(1);
    stop();
    onClient.dispose();
  });

  it('leaves out errors and requests in flight', async () => {
    server.use(http.get(`${API}/notes/:id`, () => new HttpResponse(null, { status: 500 })));
    const { controller, dispose } = createStore({ gc: false });
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
