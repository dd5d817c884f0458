// Writes while an optimistic update is pending (issue 19): a store holding the payload at 1× and
// 10×, one mutation of a project pending with its optimistic response shown, then (a) another
// project set (a commit beneath the pending update) and the list read back, and (b) a second
// optimistic mutation started and answered, then the list read back. What a pending update costs
// should follow what it changed, not the size of the tables it touched.
import { deepStrictEqual } from 'node:assert/strict';
import { Endpoint as DcEndpoint } from '@data-client/endpoint';
import { Controller, RestEndpoint, setResponse } from '@tessera/core';
import { countEntities, type Project, scalePayload } from './data';
import { dataClientStore, noFetch } from './dataClientStore';
import { generatePayload } from './generatePayload';
import { type GroupResult, printGroup, ratio, runGroup } from './report';
import { asJson, DcProject, dcList, dcOne, TsProject, tsList } from './writeThenRead';

const tsRename = new RestEndpoint({
  urlPrefix: 'http://bench.test',
  path: '/projects/:id',
  method: 'PUT',
  schema: TsProject,
  getOptimisticResponse: (_snap: unknown, _params: { id: string }, body: Project) => body,
});
const dcRename = new DcEndpoint(
  (_params: { id: string }, _body: Project): Promise<Project> => noFetch(),
  {
    schema: DcProject,
    sideEffect: true,
    key: ({ id }: { id: string }) => `PUT /projects/${id}`,
    getOptimisticResponse: (_snap: unknown, _params: { id: string }, body: Project) => body,
  },
);

export const OPTIMISTIC_SIZES = [1, 10];

async function benchSize(times: number) {
  const payload = scalePayload(generatePayload(), times);
  const projects = payload.project;
  const pending = projects[0];
  const writable = projects.slice(1, Math.floor(projects.length / 2));
  let n = 0;
  const nextWrite = (): Project => {
    n += 1;
    const p = writable[n % writable.length];
    return { ...p, name: `${p.name} v${n}` };
  };
  const renamed = { ...pending, name: `${pending.name} (saving)` };

  // No managers: a fetch reaches the reducer (its optimistic response is shown) and stays pending.
  const controller = new Controller();
  await setResponse(controller, tsList, payload);
  void controller.fetch(tsRename, { id: pending.id }, renamed);
  const dc = dataClientStore();
  await dc.controller.setResponse(dcList, payload);
  void dc.controller.fetch(dcRename, { id: pending.id }, renamed);
  // data-client's reducer queues optimistic updates; its provider shows them reduced over the state.
  const dcVisible = () =>
    dc.getState().optimistic.reduce((state, action) => dc.reducer(state, action), dc.getState());
  const tsReadList = () => controller.getResponse(tsList).data;
  const dcReadList = () => dc.controller.getResponse(dcList, dcVisible()).data;
  const tsSet = (p: Project) => controller.set(TsProject, { id: p.id }, p);
  const dcSet = (p: Project) => dc.controller.setResponse(dcOne, { id: p.id }, p);
  /** Starts an optimistic rename and answers it. */
  const tsMutate = (p: Project) => {
    void controller.fetch(tsRename, { id: p.id }, p);
    const { fetchedAt } = controller.getState().optimistic.at(-1)!;
    void controller.resolve(tsRename, { args: [{ id: p.id }, p], fetchedAt, response: p });
  };
  const dcMutate = (p: Project) => {
    void dc.controller.fetch(dcRename, { id: p.id }, p);
    const { fetchedAt } = dc.getState().optimistic.at(-1)!.meta;
    void dc.controller.resolve(dcRename, { args: [{ id: p.id }, p], fetchedAt, response: p });
  };

  // Correctness first: both show the pending rename and the write beneath it, and answer a mutation.
  {
    const p = nextWrite();
    void tsSet(p);
    void dcSet(p);
    const index = projects.findIndex((q) => q.id === p.id);
    for (const [name, list] of [
      ['tessera', tsReadList()],
      ['data-client', dcReadList()],
    ] as const) {
      const read = list as typeof payload;
      deepStrictEqual(asJson(read.project[0]), asJson(renamed), `${name}: pending rename`);
      deepStrictEqual(asJson(read.project[index]), asJson(p), `${name}: write beneath it`);
    }
    const q = nextWrite();
    tsMutate(q);
    dcMutate(q);
    const at = projects.findIndex((r) => r.id === q.id);
    deepStrictEqual(asJson((tsReadList() as typeof payload).project[at]), asJson(q), 'tessera');
    deepStrictEqual(asJson((dcReadList() as typeof payload).project[at]), asJson(q), 'dc');
    deepStrictEqual(controller.getState().optimistic.length, 1, 'tessera: one pending');
    deepStrictEqual(dc.getState().optimistic.length, 1, 'data-client: one pending');
  }

  const label = `${times}× payload (${countEntities(payload).toLocaleString('en-US')} entities)`;
  const commit = await runGroup(
    `(a) one project set while another's optimistic update is pending, then the list read back, ${label}`,
    [
      {
        name: 'tessera',
        fn: () => {
          void tsSet(nextWrite());
          return tsReadList();
        },
      },
      {
        name: '@data-client 0.10',
        fn: () => {
          void dcSet(nextWrite());
          return dcReadList();
        },
      },
    ],
  );
  printGroup(commit, '@data-client 0.10');
  const mutate = await runGroup(
    `(b) an optimistic update started and answered while another is pending, then the list read back, ${label}`,
    [
      {
        name: 'tessera',
        fn: () => {
          tsMutate(nextWrite());
          return tsReadList();
        },
      },
      {
        name: '@data-client 0.10',
        fn: () => {
          dcMutate(nextWrite());
          return dcReadList();
        },
      },
    ],
  );
  printGroup(mutate, '@data-client 0.10');
  return { times, commit, mutate };
}

export async function benchOptimistic(sizes = OPTIMISTIC_SIZES): Promise<string[]> {
  const figures: { times: number; commit: GroupResult; mutate: GroupResult }[] = [];
  for (const times of sizes) figures.push(await benchSize(times));
  const ts = 'tessera';
  const dc = '@data-client 0.10';
  const checks: string[] = [];
  for (const f of figures) {
    checks.push(
      `info: optimistic pending, (a) set + list read ${ratio(f.commit, ts, dc).toFixed(2)}× data-client, (b) mutation + list read ${ratio(f.mutate, ts, dc).toFixed(2)}× data-client, at ${f.times}×`,
    );
  }
  return checks;
}
