// Schemas as data-client documents them, for a user who migrates (docs/guide/from-data-client.md,
// issue 45 items 6 and 7). Each case is written from data-client's stated behaviour (its docs,
// changelog and tests), not from Tessera's: a Union read by arguments without its discriminator,
// `process()` returning undefined, `false` among a list's members, a `pk()` of "undefined".
// Data comes through msw and a store; the differences kept are documented in the guide's table.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { useMswServer } from '../managers/endpoints.test-helpers';
import { RestEndpoint } from '../rest/RestEndpoint';
import type { Store } from '../store';
import { Entity } from './Entity';
import { Union } from './Union';

const API = 'http://schemas-migrating.test';
const server = useMswServer();

let stores: Store[] = [];
function newStore(): Store {
  const store = createStore();
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
});

/** Answers GET `${API}${path}` with `body`. */
function serve(path: string, body: unknown): void {
  server.use(http.get(`${API}${path}`, () => HttpResponse.json(body)));
}

describe('a Union read by arguments without its discriminator', () => {
  class NewsEvent extends Entity {
    id = '';
    type = 'news';
    headline = '';
    static override key = 'MigratingNewsEvent';
  }
  class SportsEvent extends Entity {
    id = '';
    type = 'sports';
    score = '';
    static override key = 'MigratingSportsEvent';
  }
  const EventUnion = new Union({ news: NewsEvent, sports: SportsEvent }, 'type');
  const getEvents = new RestEndpoint({ urlPrefix: API, path: '/events', schema: [EventUnion] });

  async function loaded(): Promise<Store> {
    serve('/events', [
      { id: 'n1', type: 'news', headline: 'Rain' },
      { id: 's1', type: 'sports', score: '2-1' },
    ]);
    const store = newStore();
    await store.controller.fetch(getEvents);
    return store;
  }

  it('`{ id }` finds the record in whichever member holds it (data-client 0.15: "found")', async () => {
    const { controller } = await loaded();
    const news = controller.get(EventUnion, { id: 'n1' });
    expect(news).toBeInstanceOf(NewsEvent);
    expect(news).toMatchObject({ id: 'n1', headline: 'Rain' });
    const sports = controller.get(EventUnion, { id: 's1' });
    expect(sports).toBeInstanceOf(SportsEvent);
    expect(sports).toMatchObject({ id: 's1', score: '2-1' });
  });

  it('with the discriminator, only that member is searched', async () => {
    const { controller } = await loaded();
    expect(controller.get(EventUnion, { id: 'n1', type: 'news' })).toBeInstanceOf(NewsEvent);
    expect(controller.get(EventUnion, { id: 'n1', type: 'sports' })).toBeUndefined();
    // A type the Union does not know is no discriminator: every member is searched.
    expect(controller.get(EventUnion, { id: 's1', type: 'video' })).toBeInstanceOf(SportsEvent);
  });

  it('a record no member holds reads undefined, and one stored later is then found', async () => {
    const store = await loaded();
    expect(store.controller.get(EventUnion, { id: 's2' })).toBeUndefined();
    serve('/events', [{ id: 's2', type: 'sports', score: '0-0' }]);
    await store.controller.fetch(getEvents);
    expect(store.controller.get(EventUnion, { id: 's2' })).toMatchObject({ score: '0-0' });
  });

  it('a Union whose schemaAttribute is a function is searched member by member', async () => {
    const byShape = new Union({ news: NewsEvent, sports: SportsEvent }, (value: object) =>
      'score' in value ? 'sports' : 'news',
    );
    const { controller } = await loaded();
    expect(controller.get(byShape, { id: 's1' })).toBeInstanceOf(SportsEvent);
  });
});
