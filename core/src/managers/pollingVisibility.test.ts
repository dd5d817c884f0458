// @vitest-environment happy-dom
// Polling and the page's visibility: a hidden page (another tab, a minimized window) polls nothing.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import { createStore } from './createStore';
import type { PollingOptions } from './index';
import { PollingManager } from './PollingManager';

let visibility: DocumentVisibilityState = 'visible';
/** What the browser does when the tab is hidden or shown again. */
function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

function counter() {
  let calls = 0;
  const endpoint = localEndpoint({
    key: () => 'GET /api/counter',
    pollFrequency: 1_000,
    resolve: () => ({ value: ++calls }),
  });
  return { endpoint, calls: () => calls };
}

describe('polling while the page is hidden', () => {
  it('pauses while hidden; shown again, fetches at once what is stale and polls on', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = counter();
    const release = controller.keepLive(endpoint);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls()).toBe(3);
    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(3);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(5);
    release();
    dispose();
  });

  it('shown again within one period, waits for the next tick instead of fetching', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = counter();
    const release = controller.keepLive(endpoint);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(400);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(2);
    release();
    dispose();
  });

  it('a poll that starts on a hidden page waits until the page shows', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = counter();
    setVisibility('hidden');
    const release = controller.keepLive(endpoint);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls()).toBe(2);
    release();
    dispose();
  });

  it('pauseWhenHidden: false polls whatever the visibility', async () => {
    expectTypeOf<PollingOptions>().toEqualTypeOf<{ pauseWhenHidden?: boolean }>();
    // @ts-expect-error a boolean, not a string
    new PollingManager({ pauseWhenHidden: 'no' });
    const { controller, dispose } = createStore({
      managers: [new PollingManager({ pauseWhenHidden: false })],
    });
    const { endpoint, calls } = counter();
    const release = controller.keepLive(endpoint);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls()).toBe(4);
    release();
    dispose();
  });

  it('a disposed store stops listening to the page', async () => {
    const { controller, dispose } = createStore({ managers: [new PollingManager()] });
    const { endpoint, calls } = counter();
    controller.keepLive(endpoint);
    await vi.advanceTimersByTimeAsync(0);
    setVisibility('hidden');
    dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls()).toBe(1);
  });
});
