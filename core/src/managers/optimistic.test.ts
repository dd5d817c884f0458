import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deferred, HttpError, localEndpoint } from '../../test/endpoints';
import { Entity } from '../schema';
import {
  Controller,
  type EndpointInterface,
  type SnapshotInterface,
  type StoreChange,
  selectQuery,
} from '../store';
import { createStore } from './createStore';
import { olderBy } from './olderBy';

class Counter extends Entity {
  id = '';
  count = 0;
  pk() {
    return this.id;
  }
}

type Op = { kind: 'inc' } | { kind: 'set'; value: number };

/** A server that applies requests in the order they arrive and answers when told to. */
function counterServer(initial: number) {
  let count = initial;
  const pending: { respond: () => void }[] = [];
  function request(apply: (count: number) => number, fail: boolean) {
    const gate = deferred<void>();
    const result = fail ? undefined : apply(count);
    if (result !== undefined) count = result;
    pending.push({ respond: () => gate.resolve() });
    return gate.promise.then(() => {
      if (result === undefined) throw new HttpError(500);
      return { id: 'c', count: result };
    });
  }
  return { request, pending, count: () => count };
}

function counterEndpoints(server: ReturnType<typeof counterServer>, failures: boolean[]) {
  let issued = 0;
  const current = (snap: SnapshotInterface) =>
    (snap.get(Counter, { id: 'c' }) as Counter | undefined)?.count ?? 0;
  const increment = localEndpoint({
    key: () => 'POST /counter/c/increment',
    schema: Counter,
    sideEffect: true,
    getOptimisticResponse: (snap) => ({ id: 'c', count: current(snap) + 1 }),
    resolve: () => server.request((count) => count + 1, failures[issued++] ?? false),
  });
  const setTo = localEndpoint({
    key: () => 'PUT /counter/c',
    schema: Counter,
    sideEffect: true,
    getOptimisticResponse: (_snap, value: number) => ({ id: 'c', count: value }),
    resolve: (value: number) => server.request(() => value, failures[issued++] ?? false),
  });
  return { increment, setTo };
}

describe('optimistic updates (docs/reference/rest-endpoint.md#optimistic-responses)', () => {
  it('shows the expected response at once, then the real outcome', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    const server = counterServer(10);
    const { increment } = counterEndpoints(server, []);
    const done = controller.fetch(increment);
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(2);
    expect(controller.getState().optimistic).toHaveLength(1);
    await Promise.resolve();
    await Promise.resolve();
    server.pending[0].respond();
    await done;
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(11);
    expect(controller.getState().optimistic).toHaveLength(0);
    expect(controller.getState().committed).toBeNull();
    dispose();
  });

  it('an updater reads the committed value beneath pending updates, as of each write', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    const server = counterServer(10);
    const { increment } = counterEndpoints(server, []);
    const done = controller.fetch(increment);
    const seen: number[] = [];
    const double = (current: Counter | undefined) => {
      seen.push(current?.count ?? -1);
      return { id: 'c', count: (current?.count ?? 0) * 2 };
    };
    await controller.set(Counter, { id: 'c' }, double);
    await controller.set(Counter, { id: 'c' }, double);
    // Each updater saw the committed count as the write before it left it, not the optimistic
    // one above it, and never a value read before the tables beneath changed in place.
    expect(seen).toEqual([1, 2]);
    // The pending increment is shown over both writes until its answer: 4, plus one.
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(5);
    server.pending[0].respond();
    await done;
    dispose();
  });

  it('rolls back on failure', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    const server = counterServer(1);
    const { increment } = counterEndpoints(server, [true]);
    const done = controller.fetch(increment);
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(2);
    await Promise.resolve();
    await Promise.resolve();
    server.pending[0].respond();
    await expect(done).rejects.toBeInstanceOf(HttpError);
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(1);
    expect(controller.getState().optimistic).toHaveLength(0);
    dispose();
  });

  it('snap.abort cancels the optimistic update only', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    const endpoint = localEndpoint({
      key: () => 'POST /counter/c/noop',
      schema: Counter,
      sideEffect: true,
      getOptimisticResponse: (snap) => {
        throw snap.abort;
      },
      resolve: async () => ({ id: 'c', count: 5 }),
    });
    const done = controller.fetch(endpoint);
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(1);
    await done;
    expect(controller.get(Counter, { id: 'c' })?.count).toBe(5);
    dispose();
  });

  it('a set whose updater throws beneath a pending update leaves every read as it was', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    await controller.set(Counter, { id: 'd', count: 1 });
    const server = counterServer(1);
    const { increment } = counterEndpoints(server, []);
    void controller.fetch(increment).catch(() => undefined);
    const shown = [controller.get(Counter, { id: 'c' }), controller.get(Counter, { id: 'd' })];
    expect(shown[0]?.count).toBe(2);
    let given: number | undefined;
    const failing = controller.set(Counter, { id: 'c' }, (current: Counter | undefined) => {
      given = current?.count;
      throw new Error('updater failed');
    });
    await expect(failing).rejects.toThrow('updater failed');
    // The updater is given the committed counter, beneath the update.
    expect(given).toBe(1);
    expect(controller.get(Counter, { id: 'c' })).toBe(shown[0]);
    expect(controller.get(Counter, { id: 'd' })).toBe(shown[1]);
    dispose();
  });

  it('a fetch started while an update is pending: its rollback still reaches select', async () => {
    const { controller, dispose } = createStore();
    await controller.set(Counter, { id: 'c', count: 1 });
    const server = counterServer(1);
    const { increment } = counterEndpoints(server, [true]);
    const getCounter = localEndpoint({
      key: ({ id }: { id: string }) => `GET /counter/${id}`,
      schema: Counter,
      resolve: (_: { id: string }) => deferred<unknown>().promise,
    });
    const done = controller.fetch(increment);
    const seen: (number | undefined)[] = [];
    const subscription = controller
      .select(getCounter, { id: 'c' })
      .subscribe(({ data }) => seen.push(data?.count));
    expect(seen).toEqual([2]);
    void controller.fetch(getCounter, { id: 'c' }).catch(() => undefined);
    await Promise.resolve();
    await Promise.resolve();
    server.pending[0].respond();
    await expect(done).rejects.toBeInstanceOf(HttpError);
    expect(seen.at(-1)).toBe(1);
    subscription.unsubscribe();
    dispose();
  });

  it.each([
    ['by when it was written', false],
    ["by olderBy('version')", true],
  ])(
    'data pushed while a save is in flight (entity ordered %s) stays beneath the optimistic edit until the answer',
    async (_, versioned) => {
      class Note extends Entity {
        id = 1;
        title = '';
        version = 0;
        pk() {
          return String(this.id);
        }
      }
      class VersionedNote extends Note {
        static override shouldReorder = olderBy('version');
      }
      const schema = versioned ? VersionedNote : Note;
      const { controller, dispose } = createStore();
      await controller.set(schema, { id: 1, title: 'first', version: 1 });
      const answer = deferred<unknown>();
      const save = Object.assign(async () => answer.promise, {
        key: () => 'PUT /notes/1',
        schema,
        sideEffect: true as const,
        getOptimisticResponse: () => ({ id: 1, title: 'mine', version: 1 }),
      }) satisfies EndpointInterface;
      const saved = controller.fetch(save);
      expect(controller.get(schema, { id: 1 })?.title).toBe('mine');
      // a push from the server (what LiveManager writes for `{ updated }`), newer than the save
      await new Promise((resolve) => setTimeout(resolve, 2));
      await controller.set(schema, { id: 1, title: 'theirs', version: 2 });
      expect(controller.get(schema, { id: 1 })?.title).toBe('mine');
      // the save's answer: the server applied it after the push (version 3)
      answer.resolve({ id: 1, title: 'mine', version: 3 });
      await saved;
      expect(controller.getState().optimistic).toEqual([]);
      if (versioned)
        expect(controller.get(schema, { id: 1 })).toMatchObject({ title: 'mine', version: 3 });
      dispose();
    },
  );

  it('interleaved mutations end right in any response order (property, against a serial model)', async () => {
    const scenario = fc
      .array(
        fc.record({
          op: fc.oneof(
            fc.constant<Op>({ kind: 'inc' }),
            fc.integer({ min: 0, max: 100 }).map<Op>((value) => ({ kind: 'set', value })),
          ),
          fail: fc.boolean(),
        }),
        { minLength: 1, maxLength: 7 },
      )
      .chain((ops) =>
        fc.tuple(fc.constant(ops), fc.shuffledSubarray([...ops.keys()], { minLength: ops.length })),
      );

    await fc.assert(
      fc.asyncProperty(scenario, async ([ops, order]) => {
        const { controller, dispose } = createStore();
        await controller.set(Counter, { id: 'c', count: 0 });
        const server = counterServer(0);
        const { increment, setTo } = counterEndpoints(
          server,
          ops.map((o) => o.fail),
        );
        const apply = (count: number, op: Op) => (op.kind === 'inc' ? count + 1 : op.value);
        // What the server holds after each request (in issue order), or undefined if it failed.
        const serverAfter: (number | undefined)[] = [];
        let serverCount = 0;
        for (const { op, fail } of ops) {
          if (!fail) serverCount = apply(serverCount, op);
          serverAfter.push(fail ? undefined : serverCount);
        }
        const fetches = ops.map(({ op }) =>
          (op.kind === 'inc'
            ? controller.fetch(increment)
            : controller.fetch(setTo, op.value)
          ).catch(() => undefined),
        );
        // Let every request reach the server (in issue order).
        while (server.pending.length < ops.length) await Promise.resolve();

        const answered = new Set<number>();
        const expected = () => {
          // Committed: the newest answered success (entities never go back in time).
          let base = 0;
          let baseIndex = -1;
          for (const i of answered) {
            if (serverAfter[i] !== undefined && i > baseIndex) {
              baseIndex = i;
              base = serverAfter[i]!;
            }
          }
          // Then every unanswered mutation issued after it, replayed in order.
          let visible = base;
          ops.forEach(({ op }, i) => {
            if (i > baseIndex && !answered.has(i)) visible = apply(visible, op);
          });
          return visible;
        };

        expect(controller.get(Counter, { id: 'c' })?.count).toBe(expected());
        for (const index of order) {
          server.pending[index].respond();
          await fetches[index];
          answered.add(index);
          expect(controller.get(Counter, { id: 'c' })?.count).toBe(expected());
        }
        expect(controller.get(Counter, { id: 'c' })?.count).toBe(server.count());
        expect(controller.getState().optimistic).toHaveLength(0);
        expect(controller.getState().committed).toBeNull();
        dispose();
      }),
      { numRuns: 200 },
    );
  });
});

describe('optimistic layers (core/docs/how-the-store-works.md)', () => {
  const rename = Object.assign(async (_: { id: string }, _body: { count: number }) => ({}), {
    key: ({ id }: { id: string }) => `PUT /counters/${id}`,
    schema: Counter,
    sideEffect: true as const,
    getOptimisticResponse: (
      _snap: SnapshotInterface,
      { id }: { id: string },
      body: { count: number },
    ) => ({
      id,
      count: body.count,
    }),
  }) satisfies EndpointInterface;

  /** A store of three counters with a rename of c1 pending (no managers: it stays pending). */
  async function pendingStore() {
    const controller = new Controller();
    for (const id of ['c1', 'c2', 'c3']) await controller.set(Counter, { id, count: 1 });
    const committedTable = controller.getState().entities.Counter as Record<string, unknown>;
    void controller.fetch(rename, { id: 'c1' }, { count: 100 });
    const changes: StoreChange[] = [];
    controller.changes$.subscribe((change) => changes.push(change));
    return { controller, committedTable, changes };
  }

  it('a commit beneath a pending update copies no table: the visible one reads through to it', async () => {
    const { controller, committedTable, changes } = await pendingStore();
    const c3 = controller.get(Counter, { id: 'c3' });
    await controller.set(Counter, { id: 'c2', count: 2 });
    const state = controller.getState();
    // The committed table is written in place, and the visible one is a layer over it.
    expect(state.committed?.entities.Counter).toBe(committedTable);
    const visible = state.entities.Counter as Record<string, unknown>;
    expect(visible).not.toBe(committedTable);
    committedTable.marker = committedTable.c3;
    expect(visible.marker).toBe(committedTable.c3);
    delete committedTable.marker;
    expect(Object.keys(visible)).toEqual(['c1', 'c2', 'c3']);
    expect(controller.get(Counter, { id: 'c1' })?.count).toBe(100);
    expect(controller.get(Counter, { id: 'c2' })?.count).toBe(2);
    expect(controller.get(Counter, { id: 'c3' })).toBe(c3);
    // Logged: the key written, and the key the layer holds (written again over the new tables).
    expect(changes).toHaveLength(1);
    expect(changes[0].changes.entities.get('Counter')).toEqual(new Set(['c2', 'c1']));
  });

  it('a state kept while an update is pending stays as it is through later commits', async () => {
    const { controller } = await pendingStore();
    const kept = controller.keepState();
    const before = JSON.stringify(kept);
    await controller.set(Counter, { id: 'c2', count: 5 });
    await controller.set(Counter, { id: 'c4', count: 4 });
    const [{ fetchedAt }] = controller.getState().optimistic;
    await controller.resolve(rename, {
      args: [{ id: 'c1' }, { count: 100 }],
      fetchedAt,
      response: { id: 'c1', count: 7 },
    });
    expect(JSON.stringify(kept)).toBe(before);
    expect(controller.get(Counter, { id: 'c1' }, kept)?.count).toBe(100);
    expect(controller.get(Counter, { id: 'c1' })?.count).toBe(7);
    expect(controller.get(Counter, { id: 'c4' }, kept)).toBeUndefined();
    expect(controller.get(Counter, { id: 'c2' }, kept)?.count).toBe(1);
  });

  it('a server answer equal to the optimistic one keeps the value readers have', async () => {
    const { controller } = await pendingStore();
    const shown = controller.get(Counter, { id: 'c1' });
    const [{ fetchedAt }] = controller.getState().optimistic;
    await controller.resolve(rename, {
      args: [{ id: 'c1' }, { count: 100 }],
      fetchedAt,
      response: { id: 'c1', count: 100 },
    });
    expect(controller.getState().optimistic).toEqual([]);
    // Equal data, written as another object: the value built from the optimistic one stands.
    expect(controller.get(Counter, { id: 'c1' })).toBe(shown);
  });

  it.each([
    ['answers without reading', false],
    ['reads the entity from its snapshot', true],
  ])(
    'an equal confirmation beneath a second pending update that %s: same object, one emission',
    async (_, reads) => {
      const { controller, dispose } = createStore();
      await controller.set(Counter, { id: 'c1', count: 1 });
      const first = deferred<unknown>();
      const second = deferred<unknown>();
      const setTo = Object.assign(async () => first.promise, {
        key: () => 'PUT /counters/c1',
        schema: Counter,
        sideEffect: true as const,
        getOptimisticResponse: () => ({ id: 'c1', count: 100 }),
      }) satisfies EndpointInterface;
      const increment = Object.assign(async () => second.promise, {
        key: () => 'POST /counters/c1/increment',
        schema: Counter,
        sideEffect: true as const,
        getOptimisticResponse: (snap: SnapshotInterface) => ({
          id: 'c1',
          count: reads ? (snap.get(Counter, { id: 'c1' })?.count ?? 0) + 1 : 101,
        }),
      }) satisfies EndpointInterface;
      const confirmed = controller.fetch(setTo);
      void controller.fetch(increment).catch(() => {});
      const seen: unknown[] = [];
      const sub = selectQuery(controller, Counter, { id: 'c1' }).subscribe((c) => seen.push(c));
      const shown = controller.get(Counter, { id: 'c1' });
      expect(shown?.count).toBe(101);
      first.resolve({ id: 'c1', count: 100 }); // the server confirms the first as predicted
      await confirmed;
      expect(controller.get(Counter, { id: 'c1' })).toBe(shown);
      expect(seen).toEqual([shown]);
      sub.unsubscribe();
      second.resolve({ id: 'c1', count: 101 });
      dispose();
    },
  );

  it('a server answer equal to the optimistic one is logged: the committed entity changed', async () => {
    const { controller, changes } = await pendingStore();
    const [{ fetchedAt }] = controller.getState().optimistic;
    await controller.resolve(rename, {
      args: [{ id: 'c1' }, { count: 100 }],
      fetchedAt,
      response: { id: 'c1', count: 100 },
    });
    // What follows the log for the committed tables (persistence, other tabs) must hear of it.
    expect(controller.getState().entities.Counter?.c1).toMatchObject({ count: 100 });
    expect(changes[0].changes.entities.get('Counter')).toEqual(new Set(['c1']));
  });

  it('removing a layer logs the keys it held and shows the committed tables again', async () => {
    const { controller, committedTable, changes } = await pendingStore();
    const [{ fetchedAt }] = controller.getState().optimistic;
    await controller.resolve(rename, {
      args: [{ id: 'c1' }, { count: 100 }],
      fetchedAt,
      response: new Error('refused'),
      error: true,
    });
    const state = controller.getState();
    expect(state.optimistic).toEqual([]);
    expect(state.entities.Counter).toBe(committedTable);
    expect(controller.get(Counter, { id: 'c1' })?.count).toBe(1);
    expect(changes[0].changes.entities.get('Counter')).toEqual(new Set(['c1']));
    expect(changes[0].changes.results).toEqual(new Set(['PUT /counters/c1']));
  });
});
