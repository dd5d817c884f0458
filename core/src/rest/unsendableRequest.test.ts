// A request fetch refuses to build, against a real server (no msw between: msw's fetch takes a
// body on a GET that the platform's fetch refuses). Before any network, so never a lost
// connection and never retried (docs/reference/errors.md#error-classes).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { RetryManager } from '../managers/RetryManager';
import { NetworkError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';

let server: Server;
let origin = '';
let served = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    served++;
    response.setHeader('Content-Type', 'application/json');
    response.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('a GET given a body is fetch’s TypeError, tried once', async () => {
  let built = 0;
  const getAccounts = new RestEndpoint({
    urlPrefix: `${origin}/v1`,
    path: '/accounts',
    searchParams: {} as { limit?: number },
    body: new URLSearchParams(),
    getHeaders(headers: Record<string, string>) {
      built++;
      return headers;
    },
  });
  const retry = { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 };
  const { controller, dispose } = createStore({ managers: [new RetryManager({ retry })] });
  const args = [{ limit: 3 }, new URLSearchParams()] as [{ limit: number }, URLSearchParams];
  const error = await controller.fetch(getAccounts, ...args).catch((e: unknown) => e);
  // It was a ConnectionError, sent four times.
  expect([error instanceof TypeError, error instanceof NetworkError, built]).toEqual([
    true,
    false,
    1,
  ]);
  expect(controller.getError(getAccounts, ...args)).toBe(error);
  // The server is there: the same call without a body reaches it.
  const plain = new RestEndpoint({
    urlPrefix: `${origin}/v1`,
    path: '/accounts',
    searchParams: {} as { limit?: number },
  });
  expect(await controller.fetch(plain, { limit: 3 })).toEqual([]);
  expect(served).toBe(1);
  dispose();
});
