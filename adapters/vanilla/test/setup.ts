// One test file's harness: an msw server over a fresh todo API and a fresh client per test.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { type Client, createClient } from '../src/createClient';
import { manualClock, type TodoApi, todoApi } from './todoApi';

export interface TodoTestContext {
  api: TodoApi;
  /** The store's clock (unused with fake timers, where the store reads the faked Date). */
  clock: ReturnType<typeof manualClock>;
  client: Client;
}

/**
 * Registers the hooks and returns the context they fill before each test. With `fakeTimers`,
 * vitest's fake timers drive the store (polling, GC, Date); otherwise a manual clock does.
 */
export function setupTodoClient(options: { fakeTimers?: boolean } = {}): TodoTestContext {
  const server = setupServer();
  const context = {} as TodoTestContext;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    if (options.fakeTimers) vi.useFakeTimers();
    context.api = todoApi();
    server.use(...context.api.handlers);
    context.clock = manualClock();
    context.client = createClient(options.fakeTimers ? {} : { now: context.clock.now });
  });
  afterEach(() => {
    context.client.dispose();
    server.resetHandlers();
    if (options.fakeTimers) vi.useRealTimers();
  });
  afterAll(() => server.close());
  return context;
}
