// One test file's harness: the shared msw todo API (tests/support) and a fresh Tessera per test.

import { GCManager, PollingManager } from '@tessera/core';
import { afterEach, beforeEach } from 'vitest';
import { serveTodoApi, type TodoServer } from '../../../tests/support/serveTodoApi';
import { manualClock } from '../../../tests/support/todoApi';
import { createTessera, type Tessera } from '../src/tessera';

export interface TodoTestContext extends TodoServer {
  /** The store's clock (unused with fake timers, where the store reads the faked Date). */
  clock: ReturnType<typeof manualClock>;
  tessera: Tessera;
}

/**
 * Registers the hooks and returns the context they fill before each test. With `fakeTimers`,
 * vitest's fake timers drive the store (polling, GC, Date); otherwise a manual clock does.
 */
export function setupTodoTessera(
  options: { fakeTimers?: boolean; rows?: number } = {},
): TodoTestContext {
  const context = serveTodoApi(options) as TodoTestContext;
  beforeEach(() => {
    context.clock = manualClock();
    // An app that polls and collects garbage opts in to both (they are not in a store by default).
    const managers = [new PollingManager(), new GCManager()];
    context.tessera = createTessera(
      options.fakeTimers ? { managers } : { managers, now: context.clock.now },
    );
  });
  afterEach(() => context.tessera.dispose());
  return context;
}

/** Records what a listener receives; `stop` unsubscribes. */
export function record<T>(source: { listen(listener: (value: T) => void): () => void }) {
  const values: T[] = [];
  const stop = source.listen((value) => values.push(value));
  return { values, stop, last: () => values[values.length - 1] };
}
