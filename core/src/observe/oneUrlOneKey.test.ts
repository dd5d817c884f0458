// One URL is one key: endpoints of different schemas on one URL share a stored result. A reader
// whose schema cannot read what another stored fetches its own, or, when that would undo the
// other's (both shown at once), says so: it never settles blank (no data, not loading, no error).
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { RestEndpoint, resource } from '../rest';
import { Entity, SchemaError } from '../schema';
import { type DLE, EndpointObserver } from './EndpointObserver';

class Todo extends Entity {
  id = 0;
  title = '';
}

const API = 'http://one.test';
const KEY = `GET ${API}/todos`;
const server = useMswServer();
const TodoResource = resource({ urlPrefix: API, path: '/todos/:id', schema: Todo });
/** The resource's list (a Collection), pointed at the URL the others use. */
const list = TodoResource.getList.extend({ path: '/todos' });
const raw = new RestEndpoint({ urlPrefix: API, path: '/todos' });
const plainList = new RestEndpoint({ urlPrefix: API, path: '/todos', schema: [Todo] });

function serve() {
  const requests: string[] = [];
  server.use(
    http.get(`${API}/todos`, ({ request }) => {
      requests.push(request.url);
      return HttpResponse.json([{ id: 1, title: 'one' }]);
    }),
  );
  return requests;
}

function watch(observer: EndpointObserver<never>) {
  const seen: DLE<unknown>[] = [];
  observer.listen((snapshot) => seen.push(snapshot));
  return { seen, last: () => seen[seen.length - 1] };
}

const settled = (snapshot: DLE<unknown>) =>
  !snapshot.loading && (snapshot.data !== undefined || snapshot.error !== undefined);

describe('one URL, two schemas', () => {
  it('a list reader after a schema-less fetch of its URL fetches its own result and shows it', async () => {
    const requests = serve();
    const { controller, dispose } = createStore();
    expect(list.key()).toBe(KEY);
    expect(raw.key()).toBe(KEY);
    await controller.fetch(raw);
    const reader = watch(new EndpointObserver(controller, list as never, [] as never));
    await vi.waitFor(() => expect(settled(reader.last())).toBe(true));
    expect(reader.last().error).toBeUndefined();
    expect(reader.last().data).toEqual([expect.objectContaining({ id: 1, title: 'one' })]);
    expect(requests).toHaveLength(2);
    dispose();
  });

  it('a [Todo] reader after the Collection list stored its URL reads todos, not the stored key', async () => {
    serve();
    const { controller, dispose } = createStore();
    await controller.fetch(list);
    const reader = watch(new EndpointObserver(controller, plainList as never, [] as never));
    await vi.waitFor(() => expect(settled(reader.last())).toBe(true));
    expect(reader.last().data).toEqual([expect.objectContaining({ id: 1, title: 'one' })]);
    dispose();
  });

  for (const [name, first, second] of [
    ['a schema-less reader and the list', raw, list],
    ['the list and a [Todo] reader', list, plainList],
  ] as const) {
    it(`${name} shown at once: the one that cannot read the result says why, naming the key`, async () => {
      const requests = serve();
      const { controller, dispose } = createStore();
      const reading = watch(new EndpointObserver(controller, first as never, [] as never));
      const unfit = watch(new EndpointObserver(controller, second as never, [] as never));
      await vi.waitFor(() => expect(settled(unfit.last())).toBe(true));
      expect(reading.last().data).toBeDefined();
      const { error, data } = unfit.last();
      expect(data).toBeUndefined();
      expect(error).toBeInstanceOf(SchemaError);
      expect(error?.message).toContain(KEY);
      expect(error?.message).toMatch(/one URL is one key/);
      // Reported, not fetched again: the other reader's result would be overwritten in turn.
      expect(requests).toHaveLength(1);
      dispose();
    });
  }
});
