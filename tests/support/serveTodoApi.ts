// The msw side of every adapter test file: one server per file, a fresh todo API per test.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { type TodoApi, todoApi } from './todoApi';

export interface TodoServer {
  /** This test's API (a new one before each test). */
  api: TodoApi;
}

export interface TodoServerOptions {
  /** How many todo rows the API starts with (3). */
  rows?: number;
  /** Runs each test under vitest's fake timers (polling, GC and Date follow them). */
  fakeTimers?: boolean;
}

/**
 * Registers the hooks and returns the object they fill before each test. Call it before an
 * adapter's own hooks: those then run after the API is up, and their teardown before it goes
 * (vitest runs `afterEach` hooks in reverse).
 */
export function serveTodoApi(options: TodoServerOptions = {}): TodoServer {
  const server = setupServer();
  const context = {} as TodoServer;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    if (options.fakeTimers) vi.useFakeTimers();
    context.api = todoApi(options.rows);
    server.use(...context.api.handlers);
  });
  afterEach(() => {
    server.resetHandlers();
    if (options.fakeTimers) vi.useRealTimers();
  });
  afterAll(() => server.close());
  return context;
}
