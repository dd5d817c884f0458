import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resetEntireStore, setResponse } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi';
import { setupDevtools } from '../test/setup';
import { startSession, TIMELINE_BYTES } from './session';
import { estimateBytes } from './size';

// The real collector: the test observes what V8 frees, not how the session is built.
setFlagsFromString('--expose-gc');
const collect: () => void = runInNewContext('gc');
async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
  }
}

const BUDGET = 300_000;
const ctx = setupDevtools({ timelineBytes: BUDGET });
const TITLE = 100_000;

/** Ten todos of about 100 KB each, as a large API answers. */
function largeRows(): void {
  for (let id = 1; id <= 10; id++) {
    ctx.api.rows.set(id, { id, userId: 1, title: 'x'.repeat(TITLE), completed: false });
  }
}

/** The responses as parsed, held weakly: only what keeps them alive elsewhere counts. */
const parsed: WeakRef<object>[] = [];
const getTodo = TodoResource.get.extend({
  process(value: unknown) {
    parsed.push(new WeakRef(value as object));
    return value;
  },
});

describe('the timeline within its byte budget', () => {
  it('keeps the newest payloads up to timelineBytes; older entries keep key, time and size', async () => {
    largeRows();
    for (let id = 1; id <= 10; id++) await ctx.store.controller.fetch(TodoResource.get, { id });
    const responses = ctx.session.timeline.filter((entry) => entry.what.startsWith('response'));
    expect(responses).toHaveLength(10);
    const kept = responses.filter((entry) => entry.payload !== undefined);
    const held = kept.reduce((sum, entry) => sum + entry.bytes, 0);
    expect(held).toBeLessThanOrEqual(BUDGET);
    // The newest ones are those kept, and each is counted at about its JSON's length.
    expect(kept).toEqual(responses.slice(-kept.length));
    expect(kept.length).toBeGreaterThan(0);
    for (const entry of kept) {
      expect(entry.bytes).toBeGreaterThanOrEqual(TITLE);
      expect(entry.bytes).toBeLessThan(JSON.stringify(entry.payload).length * 1.1);
    }
    const first = responses[0];
    expect(first).toMatchObject({
      what: 'response GET http://api.test/todos/1',
      evicted: true,
      payload: undefined,
    });
    expect(first.bytes).toBeGreaterThanOrEqual(TITLE);
    expect(typeof first.at).toBe('number');
  });

  it('lets the garbage collector take evicted payloads once the store let them go', async () => {
    largeRows();
    parsed.length = 0;
    for (let id = 1; id <= 10; id++) await ctx.store.controller.fetch(getTodo, { id });
    const [oldest, newest] = [parsed[0], parsed[9]];
    await resetEntireStore(ctx.store.controller);
    await collectGarbage();
    expect(oldest.deref()).toBeUndefined();
    // The newest payload is still in the timeline, for the panel to show.
    expect(newest.deref()).toBeDefined();
    ctx.session.clearTimeline();
    await collectGarbage();
    expect(newest.deref()).toBeUndefined();
  });

  it('keeps 5 MB by default: a larger payload is not kept at all', async () => {
    const { controller } = ctx.store;
    const session = startSession(controller);
    const write = (id: number, size: number) =>
      setResponse(controller, TodoResource.get, { id }, { id, title: 'x'.repeat(size) });
    await write(1, TIMELINE_BYTES - 1000);
    await write(2, TIMELINE_BYTES + 1000);
    session.stop();
    const [kept, dropped] = session.timeline;
    expect(kept).toMatchObject({ what: 'response GET http://api.test/todos/1', evicted: false });
    expect(kept.payload).toBeDefined();
    expect(dropped).toMatchObject({ evicted: true, payload: undefined });
    expect(dropped.bytes).toBeGreaterThan(TIMELINE_BYTES);
  });
});

describe('estimateBytes', () => {
  it("is about the length of the value's JSON, and never throws", () => {
    const value = { id: 1, title: 'Todo 1', tags: ['a', 'b'], done: false, owner: null };
    const json = JSON.stringify(value).length;
    expect(estimateBytes(value)).toBeGreaterThanOrEqual(json * 0.8);
    expect(estimateBytes(value)).toBeLessThanOrEqual(json * 1.2);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(estimateBytes(cyclic)).toBeGreaterThan(0);
    expect(estimateBytes(new Uint8Array(1000))).toBe(1000);
    expect(estimateBytes(10n)).toBe(2);
  });
});
