import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, localEndpoint } from '../../test/endpoints';
import { Entity } from '../schema';
import { ExpiryStatus } from '../store';
import { createStore } from './createStore';

class Article extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
}

const START = 1_700_000_000_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function articleEndpoint(extra: Partial<Parameters<typeof localEndpoint>[0]> = {}) {
  let calls = 0;
  let fail: unknown;
  const endpoint = localEndpoint({
    key: ({ id }: { id: string }) => `GET /articles/${id}`,
    schema: Article,
    resolve: ({ id }: { id: string }) => {
      calls++;
      if (fail !== undefined) throw fail;
      return { id, title: `title ${calls}` };
    },
    ...extra,
  });
  return {
    endpoint,
    calls: () => calls,
    failWith(error: unknown) {
      fail = error;
    },
  };
}

describe('expiry', () => {
  it('data lives 60 s and errors 1 s by default', async () => {
    const { controller, dispose } = createStore();
    const { endpoint, failWith } = articleEndpoint();
    await controller.fetch(endpoint, { id: '1' });
    expect(controller.getResponse(endpoint, { id: '1' }).expiresAt).toBe(START + 60_000);
    failWith(new HttpError(500));
    await expect(controller.fetch(endpoint, { id: '2' })).rejects.toBeInstanceOf(HttpError);
    expect(controller.getResponse(endpoint, { id: '2' }).expiresAt).toBe(START + 1_000);
    dispose();
  });

  it('store-wide defaults apply, and an endpoint overrides them', async () => {
    const { controller, dispose } = createStore({
      dataExpiryLength: 5_000,
      errorExpiryLength: 50,
    });
    const plain = articleEndpoint();
    const custom = articleEndpoint({ dataExpiryLength: 10, errorExpiryLength: 20_000 });
    await controller.fetch(plain.endpoint, { id: '1' });
    await controller.fetch(custom.endpoint, { id: '2' });
    expect(controller.getResponse(plain.endpoint, { id: '1' }).expiresAt).toBe(START + 5_000);
    expect(controller.getResponse(custom.endpoint, { id: '2' }).expiresAt).toBe(START + 10);
    plain.failWith(new HttpError(500));
    custom.failWith(new HttpError(500));
    await expect(controller.fetch(plain.endpoint, { id: '3' })).rejects.toThrow();
    await expect(controller.fetch(custom.endpoint, { id: '4' })).rejects.toThrow();
    expect(controller.getResponse(plain.endpoint, { id: '3' }).expiresAt).toBe(START + 50);
    expect(controller.getResponse(custom.endpoint, { id: '4' }).expiresAt).toBe(START + 20_000);
    dispose();
  });

  it('fetchIfStale fetches only when missing, stale or invalid', async () => {
    const { controller, dispose } = createStore();
    const { endpoint, calls } = articleEndpoint();
    const first = await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(1);
    expect(await controller.fetchIfStale(endpoint, { id: '1' })).toBe(first);
    expect(calls()).toBe(1);
    vi.advanceTimersByTime(60_001);
    // Stale but Valid: still readable, and refetched.
    expect(controller.getResponse(endpoint, { id: '1' }).data).toBe(first);
    await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(2);
    await controller.invalidate(endpoint, { id: '1' });
    expect(controller.getResponse(endpoint, { id: '1' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(3);
    // null: "not now", nothing fetched.
    await expect(controller.fetchIfStale(endpoint, null)).resolves.toBeUndefined();
    expect(calls()).toBe(3);
    dispose();
  });

  it('an error is not refetched until it expires', async () => {
    const { controller, dispose } = createStore();
    const { endpoint, calls, failWith } = articleEndpoint();
    failWith(new HttpError(500));
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).rejects.toThrow();
    await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(1);
    vi.advanceTimersByTime(1_001);
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).rejects.toThrow();
    expect(calls()).toBe(2);
    dispose();
  });

  it('invalidIfStale: stale data is not returned from the cache', async () => {
    const { controller, dispose } = createStore();
    const { endpoint } = articleEndpoint({ invalidIfStale: true, dataExpiryLength: 1_000 });
    await controller.fetch(endpoint, { id: '1' });
    expect(controller.getResponse(endpoint, { id: '1' })).toMatchObject({
      data: { id: '1' },
      expiryStatus: ExpiryStatus.InvalidIfStale,
    });
    const emitted: unknown[] = [];
    const sub = controller.select(endpoint, { id: '1' }).subscribe((s) => emitted.push(s.data));
    vi.advanceTimersByTime(1_001);
    expect(controller.getResponse(endpoint, { id: '1' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
    });
    // The selection learns it by the clock alone.
    expect(emitted).toHaveLength(2);
    expect(emitted[1]).toBeUndefined();
    sub.unsubscribe();
    dispose();
  });

  it('errorPolicy soft keeps stale data and hides the error; hard or none surfaces it', async () => {
    const { controller, dispose } = createStore();
    const soft = articleEndpoint({
      errorPolicy: (error: HttpError) => (error.status >= 500 ? 'soft' : undefined),
    });
    const data = await controller.fetch(soft.endpoint, { id: '1' });
    soft.failWith(new HttpError(503));
    await expect(controller.fetch(soft.endpoint, { id: '1' })).rejects.toThrow();
    expect(controller.getResponse(soft.endpoint, { id: '1' }).data).toBe(data);
    expect(controller.getError(soft.endpoint, { id: '1' })).toBeUndefined();

    soft.failWith(new HttpError(404));
    await expect(controller.fetch(soft.endpoint, { id: '1' })).rejects.toThrow();
    expect(controller.getResponse(soft.endpoint, { id: '1' }).data).toBe(data);
    expect(controller.getError(soft.endpoint, { id: '1' })).toMatchObject({ status: 404 });

    const none = articleEndpoint();
    await controller.fetch(none.endpoint, { id: '2' });
    none.failWith(new HttpError(503));
    await expect(controller.fetch(none.endpoint, { id: '2' })).rejects.toThrow();
    expect(controller.getError(none.endpoint, { id: '2' })).toMatchObject({ status: 503 });

    // Soft with no data at all: the error still surfaces.
    soft.failWith(new HttpError(503));
    await expect(controller.fetch(soft.endpoint, { id: '3' })).rejects.toThrow();
    expect(controller.getError(soft.endpoint, { id: '3' })).toMatchObject({ status: 503 });
    dispose();
  });

  it('expireAll makes matching results stale; invalidateAll makes them invalid', async () => {
    const { controller, dispose } = createStore();
    const { endpoint, calls } = articleEndpoint();
    await controller.fetch(endpoint, { id: '1' });
    await controller.fetch(endpoint, { id: '2' });
    await controller.expireAll({ testKey: (key) => key.endsWith('/1') });
    expect(controller.getResponse(endpoint, { id: '1' }).expiresAt).toBeLessThan(Date.now());
    expect(controller.getResponse(endpoint, { id: '1' }).data).toBeDefined();
    expect(controller.getResponse(endpoint, { id: '2' }).expiresAt).toBeGreaterThan(Date.now());
    await controller.fetchIfStale(endpoint, { id: '1' });
    await controller.fetchIfStale(endpoint, { id: '2' });
    expect(calls()).toBe(3);
    await controller.invalidateAll({ testKey: (key) => key.startsWith('GET /articles/') });
    expect(controller.getResponse(endpoint, { id: '1' }).expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(controller.getResponse(endpoint, { id: '2' }).expiryStatus).toBe(ExpiryStatus.Invalid);
    dispose();
  });
});
