// Store benchmark: Tessera's Controller against @data-client/core 0.10's Controller + reducer.
import { deepStrictEqual } from 'node:assert/strict';
import { Endpoint as DcEndpoint, Entity as DcEntity } from '@data-client/endpoint';
import { createStore, Entity, GCManager, RestEndpoint, setResponse } from '@tessera/core';
import { dcPayloadSchema } from './anchors';
import { countEntities } from './data';
import { dataClientStore, noFetch } from './dataClientStore';
import { generatePayload } from './generatePayload';
import { printGroup, ratio, runGroup } from './report';
import { payloadSchema } from './tessera';

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

const dcProjects = new DcEndpoint(noFetch, { schema: dcPayloadSchema, key: () => 'GET /projects' });
const tsProjects = new RestEndpoint({
  urlPrefix: 'http://bench.test',
  path: '/projects',
  schema: payloadSchema,
});

async function roundTrip() {
  const payload = generatePayload();
  const expected = asJson(payload);
  {
    const { controller } = createStore();
    await setResponse(controller, tsProjects, payload);
    deepStrictEqual(
      asJson(controller.getResponse(tsProjects).data),
      expected,
      'tessera round trip',
    );
    const dc = dataClientStore();
    await dc.controller.setResponse(dcProjects, payload);
    deepStrictEqual(asJson(dc.controller.getResponse(dcProjects, dc.getState()).data), expected);
    // The timed runs do not await: both stores must apply setResponse synchronously.
    const sync = createStore().controller;
    void setResponse(sync, tsProjects, payload);
    if (sync.getResponse(tsProjects).data === undefined)
      throw new Error('setResponse is not synchronous');
  }
  const group = await runGroup(
    `round trip: setResponse of ${countEntities(payload).toLocaleString('en-US')} entities into an empty store, then getResponse`,
    [
      {
        name: 'tessera',
        fn: () => {
          const { controller } = createStore();
          void setResponse(controller, tsProjects, payload);
          return controller.getResponse(tsProjects).data;
        },
      },
      {
        name: '@data-client 0.10',
        fn: () => {
          const dc = dataClientStore();
          void dc.controller.setResponse(dcProjects, payload);
          return dc.controller.getResponse(dcProjects, dc.getState()).data;
        },
      },
    ],
  );
  printGroup(group, '@data-client 0.10');
  return target('round trip ≥ 4× data-client', ratio(group, 'tessera', '@data-client 0.10'), 4);
}

class Item extends Entity {
  id = '';
  title = '';
  done = false;
  pk() {
    return this.id;
  }
  static override key = 'Item';
}
class DcItem extends DcEntity {
  id = '';
  title = '';
  done = false;
  pk() {
    return this.id;
  }
  static override key = 'Item';
}

const ENTITIES = 10_000;
const SELECTIONS = 1_000;
const items = Array.from({ length: ENTITIES }, (_, i) => ({
  id: String(i),
  title: `item ${i}`,
  done: false,
}));

/** One entity changed in a store of 10,000 entities read by 1,000 live selections. */
async function oneEntityChange() {
  const tsList = new RestEndpoint({
    urlPrefix: 'http://bench.test',
    path: '/items',
    schema: [Item],
  });
  const tsItem = new RestEndpoint({
    urlPrefix: 'http://bench.test',
    path: '/items/:id',
    schema: Item,
  });
  const dcList = new DcEndpoint(noFetch, { schema: [DcItem], key: () => 'GET /items' });
  const dcItem = new DcEndpoint((_: { id: string }) => noFetch(), {
    schema: DcItem,
    key: ({ id }: { id: string }) => `GET /items/${id}`,
  });

  // Tessera: 1,000 live `select()` subscriptions, counting emissions.
  const { controller } = createStore();
  await setResponse(controller, tsList, items);
  for (let i = 0; i < SELECTIONS; i++)
    await setResponse(controller, tsItem, { id: String(i) }, items[i]);
  let tsEmissions = 0;
  const subscriptions = Array.from({ length: SELECTIONS }, (_, i) =>
    controller.select(tsItem, { id: String(i) }).subscribe(() => {
      tsEmissions += 1;
    }),
  );
  tsEmissions = 0;

  // data-client: every live reader re-reads its result on each state change (as its hooks do)
  // and counts a change when the data's identity changed.
  const dc = dataClientStore();
  await dc.controller.setResponse(dcList, items);
  for (let i = 0; i < SELECTIONS; i++)
    await dc.controller.setResponse(dcItem, { id: String(i) }, items[i]);
  const dcLast: unknown[] = [];
  let dcEmissions = 0;
  const dcReadAll = () => {
    const state = dc.getState();
    for (let i = 0; i < SELECTIONS; i++) {
      const data = dc.controller.getResponse(dcItem, { id: String(i) }, state).data;
      if (data !== dcLast[i]) {
        dcLast[i] = data;
        dcEmissions += 1;
      }
    }
  };
  dcReadAll();
  dcEmissions = 0;

  let n = 0;
  const change = () => {
    n += 1;
    const id = String(n % SELECTIONS);
    return { id, value: { id, title: `item ${id} v${n}`, done: n % 2 === 0 } };
  };
  // Correctness first: one change wakes exactly the one selection that reads the entity.
  {
    const { id, value } = change();
    await controller.set(Item, { id }, value);
    dc.controller.setResponse(dcList, [value]);
    dcReadAll();
    if (tsEmissions !== 1) throw new Error(`tessera woke ${tsEmissions} selections for one change`);
    if (dcEmissions !== 1) throw new Error(`data-client saw ${dcEmissions} changes for one change`);
    deepStrictEqual(asJson(controller.getResponse(tsItem, { id }).data), value);
  }
  tsEmissions = 0;
  dcEmissions = 0;
  let tsChanges = 0;
  let dcChanges = 0;
  const group = await runGroup(
    `one entity changed in a store of ${ENTITIES.toLocaleString('en-US')} entities with ${SELECTIONS.toLocaleString('en-US')} live selections`,
    [
      {
        name: 'tessera',
        fn: () => {
          const { id, value } = change();
          tsChanges += 1;
          // The store applies the change synchronously; the promise only reports completion.
          void controller.set(Item, { id }, value);
        },
      },
      {
        name: '@data-client 0.10',
        fn: () => {
          const { value } = change();
          dcChanges += 1;
          dc.controller.setResponse(dcList, [value]);
          dcReadAll();
        },
      },
    ],
  );
  printGroup(group, '@data-client 0.10');
  console.log(
    `  emissions per change: tessera ${(tsEmissions / tsChanges).toFixed(2)}, data-client ${(dcEmissions / dcChanges).toFixed(2)} (readers whose data changed)`,
  );
  for (const s of subscriptions) s.unsubscribe();
  return [
    target('one change ≥ 10× data-client', ratio(group, 'tessera', '@data-client 0.10'), 10),
    `${tsEmissions === tsChanges ? 'met' : 'MISSED'}: exactly one emission per change (${tsEmissions} emissions for ${tsChanges} changes)`,
  ];
}

/** Heap after 10,000 fetch/unsubscribe cycles, once GC has swept what expired. */
async function heapCycles() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return 'skipped: heap figure needs node --expose-gc';
  let clock = Date.now();
  const store = createStore({
    now: () => clock,
    dataExpiryLength: 1_000,
    managers: [new GCManager()],
  });
  const { controller } = store;
  // Answers from memory: the benchmark measures the store, not a network stack.
  const getItem = new RestEndpoint({
    urlPrefix: 'http://bench.test',
    path: '/items/:id',
    schema: Item,
    fetchResponse: (input: RequestInfo | URL) =>
      Promise.resolve(
        new Response(
          JSON.stringify({ id: String(input).split('/').pop(), title: 'fetched', done: false }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      ),
  });
  const mb = () => process.memoryUsage().heapUsed / 2 ** 20;
  const cycle = async (i: number) => {
    const subscription = controller.select(getItem, { id: String(i) }).subscribe(() => {});
    await controller.fetch(getItem, { id: String(i) });
    subscription.unsubscribe();
  };
  for (let i = 0; i < 200; i++) await cycle(i); // warm up the code paths
  clock += 10_000;
  const sweeper = store.managers.find((m): m is GCManager => m instanceof GCManager)!;
  await sweeper.sweep();
  gc();
  const start = mb();
  for (let i = 0; i < 10_000; i++) await cycle(i);
  gc();
  const beforeSweep = mb();
  const held = Object.keys(controller.getState().meta).length;
  clock += 10_000;
  await sweeper.sweep();
  gc();
  const end = mb();
  const left = Object.keys(controller.getState().meta).length;
  store.dispose();
  console.log(
    `\nheap over 10,000 fetch/unsubscribe cycles: start ${start.toFixed(1)} MB, after cycles ${beforeSweep.toFixed(1)} MB (${held} results held until they expire), after GC ${end.toFixed(1)} MB (${left} results left)`,
  );
  return `${end - start < 1 && left === 0 ? 'met' : 'MISSED'}: heap returns to its start after 10,000 cycles (${(end - start).toFixed(2)} MB difference)`;
}

export async function benchStore(): Promise<string[]> {
  return [await roundTrip(), ...(await oneEntityChange()), await heapCycles()];
}

function target(label: string, value: number, atLeast: number): string {
  return `${value >= atLeast ? 'met' : 'MISSED'}: ${label} (measured ${value.toFixed(2)}×)`;
}
