import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import { createStore } from './createStore';
import { GCManager } from './GCManager';
import { PollingManager } from './PollingManager';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

function pricesEndpoint(pollFrequency: number | undefined) {
  let calls = 0;
  const endpoint = localEndpoint({
    key: ({ symbol }: { symbol: string }) => `GET /prices/${symbol}`,
    pollFrequency,
    resolve: ({ symbol }: { symbol: string }) => ({ symbol, price: ++calls }),
  });
  return { endpoint, calls: () => calls };
}

/** Lets the network manager's microtasks run after timers fire. */
async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('controller.keepLive (polling holds)', () => {
  it('fetches at once, then every pollFrequency, until released', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = pricesEndpoint(1_000);
    const release = controller.keepLive(endpoint, { symbol: 'A' });
    await flush();
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls()).toBe(5);
    expect(controller.getResponse(endpoint, { symbol: 'A' }).data).toEqual({
      symbol: 'A',
      price: 5,
    });
    release();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls()).toBe(5);
    dispose();
  });

  it('poll, the deprecated name of keepLive, is the same method and works detached', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = pricesEndpoint(1_000);
    expectTypeOf(controller.poll).toEqualTypeOf(controller.keepLive);
    const { poll } = controller;
    const release = poll(endpoint, { symbol: 'A' });
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls()).toBe(2);
    dispose();
  });

  it('is reference counted: one timer per key, stopped when the last holder leaves', async () => {
    const { controller, managers, dispose } = createStore({ managers: [new PollingManager()] });
    const polling = managers.find((m) => m instanceof PollingManager) as PollingManager;
    const { endpoint, calls } = pricesEndpoint(1_000);
    const releaseA = controller.keepLive(endpoint, { symbol: 'A' });
    const releaseB = controller.keepLive(endpoint, { symbol: 'A' });
    await flush();
    expect(polling.keys()).toEqual(['GET /prices/A']);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls()).toBe(3);
    releaseA();
    releaseA(); // releasing twice is harmless
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(4);
    releaseB();
    expect(polling.keys()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls()).toBe(4);
    dispose();
  });

  it('does not refetch at subscribe when data is fresher than one period', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = pricesEndpoint(10_000);
    await controller.fetch(endpoint, { symbol: 'A' });
    const release = controller.keepLive(endpoint, { symbol: 'A' });
    await flush();
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls()).toBe(2);
    release();
    dispose();
  });

  it('without pollFrequency, or with null arguments, nothing polls', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = pricesEndpoint(undefined);
    const release = controller.keepLive(endpoint, { symbol: 'A' });
    const releaseNull = controller.keepLive(pricesEndpoint(1_000).endpoint, null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    release();
    releaseNull();
    dispose();
  });

  it('dispose stops every timer', async () => {
    const { controller, dispose } = createStore({
      managers: [new PollingManager(), new GCManager()],
    });
    controller.keepLive(pricesEndpoint(1_000).endpoint, { symbol: 'A' });
    controller.keepLive(pricesEndpoint(500).endpoint, { symbol: 'B' });
    expect(vi.getTimerCount()).toBe(3); // two polls and the GC sweep
    dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
