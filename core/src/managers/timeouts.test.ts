import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, notFetching, useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { RestEndpoint, TimeoutError } from '../rest';
import type { Selection } from '../store';
import { createStore } from './createStore';
import { RetryManager } from './RetryManager';

const API = 'http://timeouts.test';
const server = useMswServer();

/** A server that does not answer until the test ends. */
let hold = deferred();
afterEach(() => {
  hold.resolve();
  hold = deferred();
});
function silentServer() {
  server.use(
    http.get(`${API}/todos/:id`, async () => {
      await hold.promise;
      return HttpResponse.json({ id: 1 });
    }),
  );
}

const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });

describe('request timeouts', () => {
  it('an endpoint timeout fails a direct call with TimeoutError (status 504)', async () => {
    silentServer();
    const error = await getTodo
      .extend({ timeout: 20 })({ id: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', status: 504 });
    expect((error as Error).message).toBe(`GET ${API}/todos/1 timed out`);
  });

  it("an endpoint's own timeout fails controller.fetch with the same TimeoutError, RetryManager or not", async () => {
    silentServer();
    const hasty = getTodo.extend({ timeout: 20 });
    const plain = createStore();
    const retrying = createStore({ managers: [new RetryManager()] });
    const storeWide = createStore({ managers: [new RetryManager({ timeout: 20 })] });
    const failures = await Promise.all([
      plain.controller.fetch(hasty, { id: 1 }).catch((e: unknown) => e),
      retrying.controller.fetch(hasty, { id: 1 }).catch((e: unknown) => e),
      storeWide.controller.fetch(getTodo, { id: 1 }).catch((e: unknown) => e),
    ]);
    for (const error of failures) {
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ status: 504, message: `GET ${API}/todos/1 timed out` });
      expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
    }
    expect(plain.controller.getError(getTodo, { id: 1 })).toBe(failures[0]);
    for (const store of [plain, retrying, storeWide]) store.dispose();
  });

  it('the store-wide timeout is a failure readers see, expiring like any error', async () => {
    silentServer();
    let now = 1_000_000;
    const { controller, dispose } = createStore({
      managers: [new RetryManager({ timeout: 20 })],
      errorExpiryLength: 5_000,
      now: () => now,
    });
    const seen: Selection<unknown>[] = [];
    controller.select(getTodo, { id: 1 }).subscribe((selection) => seen.push(selection));
    await expect(controller.fetch(getTodo, { id: 1 })).rejects.toBeInstanceOf(TimeoutError);
    expect(seen[seen.length - 1]).toMatchObject({ loading: false, data: undefined });
    expect(seen[seen.length - 1].error).toBeInstanceOf(TimeoutError);
    const meta = controller.getState().meta[getTodo.key({ id: 1 })];
    expect(meta.expiresAt - meta.date).toBe(5_000);
    // Once the error expired, the next read fetches again (and the server answers now).
    server.use(http.get(`${API}/todos/1`, () => HttpResponse.json({ id: 1, title: 'back' })));
    now += 5_001;
    const todo = await controller.fetchIfStale(getTodo, { id: 1 });
    expect(todo?.title).toBe('back');
    expect(controller.getError(getTodo, { id: 1 })).toBeUndefined();
    dispose();
  });

  it("an endpoint's timeout overrides the store's, longer or shorter", async () => {
    server.use(
      http.get(`${API}/todos/:id`, async () => {
        await delay(40);
        return HttpResponse.json({ id: 1, title: 'slow' });
      }),
    );
    const short = createStore({ managers: [new RetryManager({ timeout: 5 })] });
    const patient = getTodo.extend({ timeout: 60_000 });
    await expect(short.controller.fetch(patient, { id: 1 })).resolves.toMatchObject({
      title: 'slow',
    });
    short.dispose();
    const long = createStore({ managers: [new RetryManager({ timeout: 60_000 })] });
    const hasty = getTodo.extend({ timeout: 5 });
    await expect(long.controller.fetch(hasty, { id: 1 })).rejects.toBeInstanceOf(TimeoutError);
    long.dispose();
  });

  it("a caller's own AbortSignal.timeout is recorded as a failure, not a silent cancel", async () => {
    silentServer();
    const { controller, dispose } = createStore({ managers: [new RetryManager()] });
    const timed = getTodo.extend({ signal: AbortSignal.timeout(20) });
    await expect(controller.fetch(timed, { id: 1 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await notFetching(controller, getTodo.key({ id: 1 }));
    expect(controller.getError(getTodo, { id: 1 })).toBeInstanceOf(TimeoutError);
    dispose();
  });

  it('rejects a timeout that is not a positive number of ms', () => {
    expect(() => getTodo.extend({ timeout: 0 })).toThrow(/timeout must be a positive number/);
    expect(() => getTodo.extend({ timeout: Number.NaN })).toThrow(/timeout/);
  });
});
