// Readers at the scale a long-lived app reaches: mounts, unmounts and argument bursts leave no
// timer, listener or request behind.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { GCManager } from '../managers/GCManager';
import { PollingManager } from '../managers/PollingManager';
import { RetryManager } from '../managers/RetryManager';
import { RestEndpoint } from '../rest';
import { Entity } from '../schema';
import { EndpointObserver } from './EndpointObserver';

const API = 'http://reader-scale.test';
const server = useMswServer();

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return this.id;
  }
}

/** Every timer set while `count` is installed, and whether it is still pending. */
function countTimers() {
  const real = { setTimeout, clearTimeout, setInterval, clearInterval };
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const id = real.setTimeout(
      (...a: unknown[]) => {
        pending.delete(id);
        fn(...a);
      },
      ms,
      ...rest,
    );
    pending.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const id = real.setInterval(fn, ms, ...rest);
    pending.add(id);
    return id;
  }) as typeof setInterval;
  globalThis.clearTimeout = ((id: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(id);
    real.clearTimeout(id);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((id: Parameters<typeof clearInterval>[0]) => {
    pending.delete(id);
    real.clearInterval(id);
  }) as typeof clearInterval;
  return {
    pending,
    restore: () => Object.assign(globalThis, real),
  };
}

let restore = () => {};
afterEach(() => restore());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readers at scale', () => {
  it('10,000 mounts and unmounts over 200 keys with requests in flight leave no timer after dispose', async () => {
    const gate = deferred();
    let asked = 0;
    server.use(
      http.get(`${API}/todos/:id`, async ({ params }) => {
        asked++;
        // a third fail first (a retry waits), the rest wait for the gate (a timeout is running)
        if (Number(params.id) % 3 === 0 && asked % 2 === 0)
          return new HttpResponse(null, { status: 503 });
        await gate.promise;
        return HttpResponse.json({ id: Number(params.id), title: `todo ${params.id}` });
      }),
    );
    const getTodo = new RestEndpoint({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      timeout: 60_000,
      pollFrequency: 30_000,
    });
    const timers = countTimers();
    restore = timers.restore;
    const store = createStore({
      managers: [
        new RetryManager({ timeout: 60_000, retry: { attempts: 2, baseDelayMs: 10_000 } }),
        new PollingManager(),
        new GCManager({ intervalMs: 20 }),
      ],
    });
    const mountOf = (id: number, mode: 'fetch' | 'live') => {
      const observer = new EndpointObserver(store.controller, getTodo, [{ id }], { mode });
      const stop = observer.listen(() => {});
      return () => {
        stop();
        observer.dispose();
      };
    };
    // Keys 0-189 keep a reader (their requests stay in flight); keys 190-199 have none, so each
    // unmount aborts their request and the next mount starts another.
    const held = Array.from({ length: 190 }, (_, id) => mountOf(id, 'live'));
    for (let mount = 0; mount < 10_000; mount++) {
      const unmount = mountOf(mount % 200, mount % 2 === 0 ? 'fetch' : 'live');
      if (mount % 100 === 99) await tick();
      unmount();
    }
    for (const unmount of held.slice(0, 95)) unmount();
    expect(asked).toBeGreaterThan(0);
    store.dispose();
    await tick();
    expect(timers.pending.size).toBe(0);
    gate.resolve();
  }, 120_000);

  it('a reader whose arguments change 10,000 times in a few tasks sends one request per task, the superseded ones aborted', async () => {
    const gate = deferred();
    const sent: number[] = [];
    const aborted: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    server.use(
      http.get(`${API}/search/:q`, async ({ params, request }) => {
        const q = Number(params.q);
        sent.push(q);
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        request.signal.addEventListener('abort', () => {
          aborted.push(q);
          inFlight--;
        });
        await gate.promise;
        if (!request.signal.aborted) inFlight--;
        return HttpResponse.json({ id: q, title: `result ${q}` });
      }),
    );
    const search = new RestEndpoint({ urlPrefix: API, path: '/search/:q', schema: Todo });
    const store = createStore();
    const observer = new EndpointObserver(store.controller, search, [{ q: 0 }]);
    const stop = observer.listen(() => {});
    expect(sent).toEqual([]); // the first request starts in this task...
    await tick();
    expect(sent).toEqual([0]); // ...and is on its way
    const tasks = 10;
    let q = 0;
    for (let task = 0; task < tasks; task++) {
      for (let change = 0; change < 1_000; change++) observer.setArgs([{ q: ++q }]);
      await tick();
    }
    // one request per task, for the last arguments of the task; each superseded one aborted
    expect(sent).toEqual([
      0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000,
    ]);
    expect(aborted.sort((a, b) => a - b)).toEqual(sent.slice(0, -1));
    expect(mostInFlight).toBeLessThanOrEqual(2);
    gate.resolve();
    await expect.poll(() => observer.getSnapshot().data).toMatchObject({ id: 10_000 });
    stop();
    observer.dispose();
    store.dispose();
  });
});
