import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { StoreDisposedError } from '../store';
import { createStore } from './createStore';
import { API, deferred, testEndpoint, useMswServer } from './endpoints.test-helpers';
import { NetworkManager } from './NetworkManager';
import { PollingManager } from './PollingManager';

const server = useMswServer();

/**
 * A Node process that starts every timer a store owns (garbage collection, a poll, a staleness
 * check, a retry backoff) and then has nothing left to do: it must end on its own.
 */
const script = `
const { createStore } = await import(${JSON.stringify(fileURLToPath(new URL('./createStore.ts', import.meta.url)))});
const endpoint = (key, resolve) =>
  Object.assign(resolve, { key: () => key, sideEffect: false, pollFrequency: 600000, invalidIfStale: true });
let calls = 0;
const down = endpoint('GET /down', async () => {
  calls++;
  throw Object.assign(new Error('down'), { status: 503 });
});
const news = endpoint('GET /news', async () => 'news');
const store = createStore({ retry: { baseDelayMs: 600000 } });
await store.controller.setResponse(news, 'fresh');
store.controller.select(news).subscribe(() => {});
store.controller.poll(news);
store.controller.fetch(down).catch(() => {});
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(calls === 1 ? 'in backoff' : 'calls: ' + calls);
`;

function runNode(code: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', code],
      // A process kept alive is ended here (and the test fails on its exit code).
      { timeout: 20_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('lifetimes', () => {
  it('no timer the store owns keeps a Node process alive', async () => {
    const { code, stdout, stderr } = await runNode(script);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('in backoff');
    expect(code).toBe(0);
  }, 30_000);

  it('controller.dispose() stops what store.dispose() stops: polls, requests, timers', async () => {
    const gate = deferred();
    server.use(
      http.get(`${API}/slow`, async () => {
        await gate.promise;
        return HttpResponse.json(1);
      }),
    );
    const slow = testEndpoint({ path: () => '/slow', pollFrequency: 60_000 });
    for (const stop of ['controller', 'store'] as const) {
      const store = createStore();
      const network = store.managers.find((m) => m instanceof NetworkManager) as NetworkManager;
      const polling = store.managers.find((m) => m instanceof PollingManager) as PollingManager;
      const inFlight = store.controller.fetch(slow, undefined);
      store.controller.poll(slow, undefined);
      expect(polling.keys()).toHaveLength(1);
      expect(network.size).toBe(1);
      if (stop === 'controller') store.controller.dispose();
      else store.dispose();
      await expect(inFlight).rejects.toBeInstanceOf(StoreDisposedError);
      expect(polling.keys()).toEqual([]);
      expect(network.size).toBe(0);
      await expect(store.controller.fetch(slow, undefined)).rejects.toBeInstanceOf(
        StoreDisposedError,
      );
    }
    gate.resolve();
  });
});
