import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, deferred, testEndpoint, useMswServer } from '../../test/endpoints';
import { type Manager, StoreDisposedError } from '../store';
import { createStore } from './createStore';
import { NetworkManager } from './NetworkManager';
import { PollingManager } from './PollingManager';

const server = useMswServer();

/**
 * A Node process that starts every background timer a store owns (garbage collection, a poll,
 * a staleness check) and then has nothing left to do: it must end on its own.
 */
const script = `
const { createStore, GCManager, PollingManager } = await import(${JSON.stringify(fileURLToPath(new URL('./index.ts', import.meta.url)))});
const { setResponse } = await import(${JSON.stringify(fileURLToPath(new URL('../store/setResponse.ts', import.meta.url)))});
const news = Object.assign(async () => 'news', {
  key: () => 'GET /news', sideEffect: false, pollFrequency: 600000, invalidIfStale: true,
});
const store = createStore({ managers: [new PollingManager(), new GCManager()] });
await setResponse(store.controller, news, 'fresh');
store.controller.select(news).subscribe(() => {});
store.controller.keepLive(news);
console.log('timers started');
`;

/** A script awaiting a fetch whose first attempt fails: the retry's wait must not end it. */
const awaitingScript = `
const { createStore, RetryManager } = await import(${JSON.stringify(fileURLToPath(new URL('./index.ts', import.meta.url)))});
let calls = 0;
const flaky = Object.assign(
  async () => {
    calls++;
    if (calls === 1) throw Object.assign(new Error('down'), { status: 503 });
    return 'answer';
  },
  { key: () => 'GET /flaky', sideEffect: false },
);
const store = createStore({ managers: [new RetryManager({ retry: { baseDelayMs: 200 } })] });
console.log(await store.controller.fetch(flaky), calls);
store.dispose();
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
  it.each([
    ['no background timer the store owns keeps a Node process alive', script, 'timers started'],
    [
      'a retry waiting to run keeps an awaited fetch going, like the request it stands for',
      awaitingScript,
      'answer 2',
    ],
  ])(
    '%s',
    async (_name, code, printed) => {
      const ran = await runNode(code);
      expect(ran.stderr).toBe('');
      expect(ran.stdout.trim()).toBe(printed);
      expect(ran.code).toBe(0);
    },
    30_000,
  );

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
      const store = createStore({ managers: [new PollingManager()] });
      const network = store.managers.find((m) => m instanceof NetworkManager) as NetworkManager;
      const polling = store.managers.find((m) => m instanceof PollingManager) as PollingManager;
      const inFlight = store.controller.fetch(slow, undefined);
      store.controller.keepLive(slow, undefined);
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

  it('a store whose controller was disposed never starts its managers', () => {
    const init = vi.fn();
    const cleanup = vi.fn();
    const watcher: Manager = { middleware: () => (next) => next, init, cleanup };
    const store = createStore({ start: false, managers: [watcher] });
    store.controller.dispose();
    expect(cleanup).toHaveBeenCalledTimes(1);
    store.start();
    expect(init).not.toHaveBeenCalled();
    store.dispose();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});
