// One entity written, then read back, at growing store sizes (issue 13): (a) the list holding it
// and (b) an unrelated single-entity endpoint. What one websocket push or mutation costs should
// follow what changed, not how much the store holds.
import { deepStrictEqual } from 'node:assert/strict';
import { Endpoint as DcEndpoint } from '@data-client/endpoint';
import { createStore, RestEndpoint, setResponse } from '@tessera/core';
import { dcPayloadSchema } from './anchors';
import { countEntities, type Project, scalePayload } from './data';
import { dataClientStore, noFetch } from './dataClientStore';
import { generatePayload } from './generatePayload';
import { type GroupResult, printGroup, ratio, runGroup } from './report';
import { payloadSchema } from './tessera';

export const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

export const TsProject = payloadSchema.project[0];
export const DcProject = dcPayloadSchema.project[0];

/** The project list and one project, in each library (shared with `optimistic.ts`). */
export const tsList = new RestEndpoint({
  urlPrefix: 'http://bench.test',
  path: '/projects',
  schema: payloadSchema,
});
const tsOne = new RestEndpoint({
  urlPrefix: 'http://bench.test',
  path: '/projects/:id',
  schema: TsProject,
});
export const dcList = new DcEndpoint(noFetch, {
  schema: dcPayloadSchema,
  key: () => 'GET /projects',
});
export const dcOne = new DcEndpoint((_: { id: string }) => noFetch(), {
  schema: DcProject,
  key: ({ id }: { id: string }) => `GET /projects/${id}`,
});

/** Sizes of the store, in payloads (distinct ids). */
export const WRITE_READ_SIZES = [1, 10, 100];

interface SizeFigures {
  times: number;
  entities: number;
  list: GroupResult;
  single: GroupResult;
}

async function benchSize(times: number): Promise<SizeFigures> {
  const payload = scalePayload(generatePayload(), times);
  const projects = payload.project;
  // Written projects cycle through the first half; the single-entity endpoint reads the last one.
  const writable = projects.slice(0, Math.floor(projects.length / 2));
  const unrelated = projects[projects.length - 1];
  let n = 0;
  const nextWrite = (): Project => {
    n += 1;
    const p = writable[n % writable.length];
    return { ...p, name: `${p.name} v${n}` };
  };

  const store = createStore();
  const { controller } = store;
  await setResponse(controller, tsList, payload);
  await setResponse(controller, tsOne, { id: unrelated.id }, unrelated);
  const dc = dataClientStore();
  await dc.controller.setResponse(dcList, payload);
  await dc.controller.setResponse(dcOne, { id: unrelated.id }, unrelated);
  // data-client 0.10 has no `controller.set`: its write is the response of a one-entity endpoint.
  const dcWrite = (p: Project) => dc.controller.setResponse(dcOne, { id: p.id }, p);
  const tsWrite = (p: Project) => controller.set(TsProject, { id: p.id }, p);
  const tsReadList = () => controller.getResponse(tsList).data;
  const dcReadList = () => dc.controller.getResponse(dcList, dc.getState()).data;
  const tsReadOne = () => controller.getResponse(tsOne, { id: unrelated.id }).data;
  const dcReadOne = () =>
    dc.controller.getResponse(dcOne, { id: unrelated.id }, dc.getState()).data;

  // Correctness first: both read back the written entity in the list, and the unrelated one.
  {
    const p = nextWrite();
    void tsWrite(p);
    void dcWrite(p);
    const index = projects.findIndex((q) => q.id === p.id);
    const expected = asJson(p);
    deepStrictEqual(asJson(tsReadList()?.project?.[index]), expected, 'tessera list');
    deepStrictEqual(asJson((dcReadList() as typeof payload).project[index]), expected, 'dc list');
    deepStrictEqual(asJson(tsReadOne()), asJson(unrelated), 'tessera single');
    deepStrictEqual(asJson(dcReadOne()), asJson(unrelated), 'data-client single');
  }

  const entities = countEntities(payload);
  const label = `${times}× payload (${entities.toLocaleString('en-US')} entities)`;
  /** Each contender writes one project, then reads. */
  const writeThen = (tsRead: () => unknown, dcRead: () => unknown) => [
    {
      name: 'tessera',
      fn: () => {
        void tsWrite(nextWrite());
        return tsRead();
      },
    },
    {
      name: '@data-client 0.10',
      fn: () => {
        void dcWrite(nextWrite());
        return dcRead();
      },
    },
  ];
  const list = await runGroup(
    `(a) one project set, then the list read back, ${label}`,
    writeThen(tsReadList, dcReadList),
  );
  printGroup(list, '@data-client 0.10');
  const single = await runGroup(
    `(b) one project set, then an unrelated single-project endpoint read back, ${label}`,
    writeThen(tsReadOne, dcReadOne),
  );
  printGroup(single, '@data-client 0.10');
  store.dispose();
  return { times, entities, list, single };
}

const hzOf = (group: GroupResult, name: string) =>
  group.rows.find((r) => r.name === name)?.hz ?? Number.NaN;

/** Time growth per 10× of data between two sizes (1.0: size-independent, 10: linear). */
function growthPer10x(
  small: SizeFigures,
  large: SizeFigures,
  group: 'list' | 'single',
  name: string,
) {
  const slowdown = hzOf(small[group], name) / hzOf(large[group], name);
  return slowdown ** (1 / Math.log10(large.times / small.times));
}

export async function benchWriteThenRead(sizes = WRITE_READ_SIZES): Promise<string[]> {
  const figures: SizeFigures[] = [];
  for (const times of sizes) figures.push(await benchSize(times));
  const ts = 'tessera';
  const dc = '@data-client 0.10';
  console.log('\none entity written, then read back: summary');
  console.log(
    '  size        entities   (a) tessera     data-client  ratio    (b) tessera   data-client  ratio',
  );
  for (const f of figures) {
    console.log(
      `  ${`${f.times}×`.padEnd(6)} ${f.entities.toLocaleString('en-US').padStart(13)}  ${fmt(hzOf(f.list, ts))} ${fmt(hzOf(f.list, dc))}  ${ratio(f.list, ts, dc).toFixed(2).padStart(6)}×  ${fmt(hzOf(f.single, ts))} ${fmt(hzOf(f.single, dc))}  ${ratio(f.single, ts, dc).toFixed(2).padStart(6)}×`,
    );
  }
  const checks: string[] = [];
  for (const f of figures) {
    const r = ratio(f.list, ts, dc);
    checks.push(
      `${r >= 10 ? 'met' : 'MISSED'}: (a) list re-read ≥ 10× data-client at ${f.times}× (measured ${r.toFixed(2)}×)`,
    );
  }
  for (let i = 1; i < figures.length; i++) {
    const [a, b] = [figures[i - 1], figures[i]];
    const g = growthPer10x(a, b, 'list', ts);
    const gdc = growthPer10x(a, b, 'list', dc);
    console.log(
      `  growth per 10× of data, ${a.times}× → ${b.times}×: (a) tessera ${g.toFixed(2)}×, data-client ${gdc.toFixed(2)}×; (b) tessera ${growthPer10x(a, b, 'single', ts).toFixed(2)}×, data-client ${growthPer10x(a, b, 'single', dc).toFixed(2)}×`,
    );
    checks.push(
      `${g <= 10 ? 'met' : 'MISSED'}: (a) time grows ≤ 10× per 10× of data, ${a.times}× → ${b.times}× (measured ${g.toFixed(2)}×)`,
    );
  }
  const singles = figures.map((f) => hzOf(f.single, ts));
  const spread = Math.max(...singles) / Math.min(...singles);
  checks.push(
    `${spread <= 1.5 ? 'met' : 'MISSED'}: (b) unrelated read the same at every size, within 50 % (spread ${spread.toFixed(2)}×)`,
  );
  return checks;
}

function fmt(hz: number): string {
  const text = hz >= 100 ? Math.round(hz).toLocaleString('en-US') : hz.toFixed(2);
  return `${text} ops/s`.padStart(14);
}
