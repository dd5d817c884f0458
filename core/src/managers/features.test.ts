// The opt-in features (polling, retries and timeouts, garbage collection): a store has them only
// when handed their manager, and says so in development when an endpoint asks for a missing one.

import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { deferred, localEndpoint, useMswServer } from '../../test/endpoints';
import { RestEndpoint, TimeoutError } from '../rest';
import type { EndpointInterface } from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';
import { PollingManager } from './PollingManager';
import { RetryManager } from './RetryManager';

const API = 'http://features.test';
const server = useMswServer();

let warn: MockInstance<Console['warn']>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.useRealTimers();
});

const warnings = () => warn.mock.calls.map((call) => String(call[0]));

/** An endpoint failing with a 503 `failures` times, then answering; counts its calls. */
function flaky(options: { retry?: number; timeout?: number; failures?: number }) {
  let calls = 0;
  const endpoint: EndpointInterface<() => Promise<string>> = Object.assign(
    async () => {
      calls++;
      if (calls <= (options.failures ?? 0)) {
        throw Object.assign(new Error('down'), { status: 503 });
      }
      return 'answer';
    },
    {
      key: () => `GET /flaky/${JSON.stringify(options)}`,
      sideEffect: false as const,
      retry: options.retry === undefined ? undefined : { attempts: options.retry, baseDelayMs: 1 },
      timeout: options.timeout,
    },
  );
  return { endpoint, calls: () => calls };
}

describe('retries and timeouts', () => {
  it("need the RetryManager: without it an endpoint's retry is not applied, and a warning says so once", async () => {
    const { endpoint, calls } = flaky({ retry: 2, failures: 1 });
    const bare = createStore();
    await expect(bare.controller.fetch(endpoint)).rejects.toMatchObject({ status: 503 });
    expect(calls()).toBe(1);
    await bare.controller.fetch(endpoint);
    expect(calls()).toBe(2);
    expect(warnings()).toEqual([
      expect.stringContaining('sets `retry`, but this store has no RetryManager'),
    ]);
    expect(warnings()[0]).toContain("import { RetryManager } from '@tessera/core'");
    bare.dispose();
  });

  it('with the RetryManager, the same endpoint is retried and nothing is warned', async () => {
    const { endpoint, calls } = flaky({ retry: 2, failures: 1 });
    const store = createStore({ managers: [new RetryManager()] });
    await expect(store.controller.fetch(endpoint)).resolves.toBe('answer');
    expect(calls()).toBe(2);
    expect(warnings()).toEqual([]);
    store.dispose();
  });

  it("an endpoint's timeout without the RetryManager is named in the warning", async () => {
    const slow = deferred<string>();
    const endpoint: EndpointInterface<() => Promise<string>> = Object.assign(() => slow.promise, {
      key: () => 'GET /slow-without-retries',
      sideEffect: false as const,
      timeout: 5,
    });
    const bare = createStore();
    const pending = bare.controller.fetch(endpoint);
    await Promise.resolve();
    expect(warnings()).toEqual([
      expect.stringContaining('sets `timeout`, but this store has no RetryManager'),
    ]);
    slow.resolve('late');
    await expect(pending).resolves.toBe('late');
    bare.dispose();
  });

  it("a RestEndpoint's own timeout needs no RetryManager: it still times out, unwarned", async () => {
    server.use(http.get(`${API}/slow`, () => new Promise<Response>(() => {})));
    const slow = new RestEndpoint({ urlPrefix: API, path: '/slow', timeout: 5 });
    const bare = createStore();
    await expect(bare.controller.fetch(slow)).rejects.toBeInstanceOf(TimeoutError);
    expect(warnings()).toEqual([]);
    bare.dispose();
  });

  it('the removed store options warn with the manager that replaces them', () => {
    const store = createStore({ timeout: 10, gc: true } as never);
    expect(warnings()).toEqual([
      expect.stringContaining('new RetryManager({ timeout })'),
      expect.stringContaining('new GCManager()'),
    ]);
    store.dispose();
  });

  it('warns nothing in production builds', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const { endpoint } = flaky({ retry: 2 });
      const store = createStore({ retry: 2 } as never);
      await store.controller.fetch(endpoint);
      store.controller.keepLive(
        localEndpoint({ key: () => 'GET /p', pollFrequency: 10, resolve: () => 1 }),
      );
      expect(warnings()).toEqual([]);
      store.dispose();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('polling', () => {
  function prices() {
    let calls = 0;
    const endpoint = localEndpoint({
      key: () => 'GET /prices',
      pollFrequency: 1_000,
      resolve: () => ++calls,
    });
    return { endpoint, calls: () => calls };
  }

  it('needs the PollingManager: without it a poll fetches nothing more, and a warning says so once', async () => {
    vi.useFakeTimers();
    const { endpoint, calls } = prices();
    const bare = createStore();
    const release = bare.controller.keepLive(endpoint);
    bare.controller.keepLive(endpoint)();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls()).toBe(0);
    expect(warnings()).toEqual([
      expect.stringContaining(
        '"GET /prices" sets `pollFrequency`, but this store has no PollingManager',
      ),
    ]);
    release();
    bare.dispose();
  });

  it('with the PollingManager, the same endpoint is polled and nothing is warned', async () => {
    vi.useFakeTimers();
    const { endpoint, calls } = prices();
    const store = createStore({ managers: [new PollingManager()] });
    const release = store.controller.keepLive(endpoint);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls()).toBe(4);
    expect(warnings()).toEqual([]);
    release();
    store.dispose();
  });
});

describe('garbage collection', () => {
  it('is opt in: only a store given a GCManager evicts expired, unread data', async () => {
    vi.useFakeTimers();
    const endpoint = localEndpoint({ key: () => 'GET /once', resolve: () => 'value' });
    const bare = createStore({ dataExpiryLength: 1_000 });
    const collected = createStore({
      dataExpiryLength: 1_000,
      managers: [new GCManager({ intervalMs: 5_000 })],
    });
    for (const store of [bare, collected]) await store.controller.fetch(endpoint);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bare.controller.getResponse(endpoint).data).toBe('value');
    expect(collected.controller.getResponse(endpoint).data).toBeUndefined();
    expect(warnings()).toEqual([]);
    bare.dispose();
    collected.dispose();
  });
});
