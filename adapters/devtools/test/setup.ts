// One test file's harness: the shared msw todo API (tests/support), a store on a manual clock and
// a devtools session on it, torn down after each test.
import { createStore, type Store } from '@tessera/core';
import { afterEach, beforeEach } from 'vitest';
import { serveTodoApi, type TodoServer } from '../../../tests/support/serveTodoApi';
import { manualClock } from '../../../tests/support/todoApi';
import { type Session, type SessionOptions, startSession } from '../src/session';

export interface DevtoolsTestContext extends TodoServer {
  clock: ReturnType<typeof manualClock>;
  store: Store;
  session: Session;
}

export function setupDevtools(options?: SessionOptions): DevtoolsTestContext {
  const context = serveTodoApi() as DevtoolsTestContext;
  beforeEach(() => {
    context.clock = manualClock();
    context.store = createStore({ now: context.clock.now });
    context.session = startSession(context.store.controller, options);
  });
  afterEach(() => {
    context.session.stop();
    context.store.dispose();
  });
  return context;
}
