import { describe, expect, it } from 'vitest';
import { HttpError, testEndpoint } from '../../test/endpoints';
import { Entity } from '../schema';
import { createStore } from './createStore';
import { createFixtureStore, MissingFixtureError, mockFixtures } from './fixtures';

class Profile extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}

// These endpoints point at a host nothing answers: every test passes only without a network.
const getProfile = testEndpoint({
  path: ({ id }: { id: string }) => `/profiles/${id}`,
  schema: Profile,
});
const searchProfiles = testEndpoint({
  path: ({ q }: { q: string }) => `/search?q=${q}`,
  schema: [Profile],
  testKey: (key) => key.startsWith('GET http://api.test/search'),
});

describe('fixtures (test kit)', () => {
  it('seeds the store with exact fixtures', () => {
    const { controller, dispose } = createFixtureStore([
      { endpoint: getProfile, args: [{ id: '1' }], response: { id: '1', name: 'Ada' } },
      { endpoint: getProfile, args: [{ id: '2' }], response: new HttpError(404), error: true },
    ]);
    expect(controller.getResponse(getProfile, { id: '1' }).data).toMatchObject({ name: 'Ada' });
    expect(controller.getError(getProfile, { id: '2' })).toMatchObject({ status: 404 });
    dispose();
  });

  it('resolves fetches from fixtures and interceptors (matched by testKey) without a network', async () => {
    const { controller, dispose } = createFixtureStore(
      [
        { endpoint: getProfile, args: [{ id: '1' }], response: { id: '1', name: 'Ada' } },
        {
          endpoint: searchProfiles,
          response: ({ q }: { q: string }) => [{ id: q, name: `found ${q}` }],
        },
      ],
      { seed: false },
    );
    expect(controller.getResponse(getProfile, { id: '1' }).data).toBeUndefined();
    await expect(controller.fetch(getProfile, { id: '1' })).resolves.toMatchObject({ name: 'Ada' });
    const found = await controller.fetch(searchProfiles, { q: 'x' });
    expect(found?.[0]).toBeInstanceOf(Profile);
    expect(found?.[0].name).toBe('found x');
    dispose();
  });

  it('rejects unmatched fetches with MissingFixtureError when strict (the default)', async () => {
    const { controller, dispose } = createFixtureStore([]);
    await expect(controller.fetch(getProfile, { id: '9' })).rejects.toBeInstanceOf(
      MissingFixtureError,
    );
    expect(controller.getError(getProfile, { id: '9' })).toBeInstanceOf(MissingFixtureError);
    dispose();
  });

  it('error fixtures fail the fetch; delay waits on the clock', async () => {
    const { controller, dispose } = createFixtureStore(
      [
        {
          endpoint: getProfile,
          args: [{ id: '3' }],
          response: new HttpError(500),
          error: true,
          delay: 1,
        },
      ],
      { seed: false },
    );
    await expect(controller.fetch(getProfile, { id: '3' })).rejects.toMatchObject({ status: 500 });
    dispose();
  });

  it('mockFixtures is a network manager usable in any store', async () => {
    const store = createStore({
      managers: (defaults) => [
        ...defaults.filter((m) => m.constructor.name !== 'NetworkManager'),
        mockFixtures([
          { endpoint: getProfile, args: [{ id: '1' }], response: { id: '1', name: 'Ada' } },
        ]),
      ],
    });
    await expect(store.controller.fetch(getProfile, { id: '1' })).resolves.toMatchObject({
      name: 'Ada',
    });
    store.dispose();
  });
});
