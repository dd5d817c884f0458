// Timeouts must fire whatever the garbage collector does. Node holds an `AbortSignal.timeout()`
// weakly, so one that only an `AbortSignal.any()` refers to used to be collected: the request
// then stayed loading for ever. These tests collect garbage while a server does not answer.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, useMswServer } from '../../test/endpoints';
import { Todo } from '../../test/schemaFixtures';
import { RestEndpoint, TimeoutError } from '../rest';
import { createStore } from './createStore';
import { RetryManager } from './RetryManager';

setFlagsFromString('--expose-gc');
const collect: () => void = runInNewContext('gc');

const API = 'http://gc-timeouts.test';
const server = useMswServer();

let hold = deferred();
afterEach(() => {
  hold.resolve();
  hold = deferred();
});

/** A server that does not answer until the test ends; returns how many requests it got so far. */
function silentServer(): () => number {
  let asked = 0;
  server.use(
    http.get(`${API}/todos/:id`, async () => {
      asked++;
      await hold.promise;
      return HttpResponse.json({ id: 1 });
    }),
  );
  return () => asked;
}

const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });

/** Collects garbage on every turn of the event loop until `promise` settles; returns its outcome. */
async function collectingUntil(promise: Promise<unknown>): Promise<unknown> {
  let settled = false;
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  void outcome.finally(() => {
    settled = true;
  });
  while (!settled) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return outcome;
}

describe('timeouts and garbage collection', () => {
  it("an endpoint's timeout fires though garbage is collected while the server is silent", async () => {
    const asked = silentServer();
    // A signal of the caller's own, so the timeout is combined with another signal.
    const caller = new AbortController();
    const hasty = getTodo.extend({ timeout: 30, signal: caller.signal });
    const error = await collectingUntil(hasty({ id: 1 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ status: 504, message: `GET ${API}/todos/1 timed out` });
    expect(asked()).toBe(1);
  });

  it("RetryManager's timeout fires though garbage is collected, for each attempt", async () => {
    const asked = silentServer();
    const { controller, dispose } = createStore({
      managers: [new RetryManager({ timeout: 30, retry: { attempts: 1, baseDelayMs: 1 } })],
    });
    const error = await collectingUntil(controller.fetch(getTodo, { id: 1 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(controller.getError(getTodo, { id: 1 })).toBe(error);
    expect(asked()).toBe(2);
    dispose();
  });
});
