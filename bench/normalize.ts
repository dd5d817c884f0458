// Normalizer benchmark: Tessera against classic normalizr 3.6.2, @data-client/normalizr 0.10.0,
// and a plain recursive copy as the floor, on data-client's own benchmark payload.
import { deepStrictEqual } from 'node:assert/strict';
import { classic, dataClient } from './anchors';
import { countEntities, type Payload, plainCopy, scalePayload } from './data';
import { generatePayload } from './generatePayload';
import { type GroupResult, printGroup, ratio, runGroup } from './report';
import { tessera } from './tessera';

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

/** Every contender must produce the same output before any of it is timed. */
function checkCorrectness(payload: Payload) {
  const expected = asJson(payload);
  const t = tessera.normalize(payload);
  const c = classic.normalize(payload);
  const d = dataClient.normalize(payload);
  deepStrictEqual(
    asJson(t.entities),
    asJson(c.entities),
    'tessera and normalizr store the same tables',
  );
  deepStrictEqual(asJson(t.result), asJson(c.result), 'tessera and normalizr give the same result');
  deepStrictEqual(asJson(d.entities), asJson(c.entities), 'data-client and normalizr agree');
  deepStrictEqual(asJson(tessera.denormalize(t)), expected, 'tessera denormalize round-trips');
  deepStrictEqual(
    asJson(tessera.denormalizeCached(t, tessera.createMemo())),
    expected,
    'memoized too',
  );
  deepStrictEqual(
    asJson(classic.denormalize(c.result, c.entities)),
    expected,
    'normalizr round-trips',
  );
  deepStrictEqual(asJson(dataClient.denormalize(d)), expected, 'data-client round-trips');
  deepStrictEqual(asJson(dataClient.denormalizeCached(d, dataClient.createMemo())), expected);
  deepStrictEqual(plainCopy(payload), payload);
}

export interface NormalizeFigures {
  groups: GroupResult[];
  checks: string[];
}

export async function benchNormalize(): Promise<NormalizeFigures> {
  const payload = generatePayload();
  console.log(`payload: ${countEntities(payload).toLocaleString('en-US')} entities`);
  checkCorrectness(payload);
  console.log('correctness: all libraries give the same tables and round-trip the payload');

  const t = tessera.normalize(payload);
  const c = classic.normalize(payload);
  const d = dataClient.normalize(payload);

  const groups: GroupResult[] = [];
  const checks: string[] = [];

  const norm = await runGroup('normalize', [
    { name: 'tessera', fn: () => tessera.normalize(payload) },
    { name: 'normalizr 3.6.2', fn: () => classic.normalize(payload) },
    { name: '@data-client 0.10', fn: () => dataClient.normalize(payload) },
    { name: 'plain copy', fn: () => plainCopy(payload) },
  ]);
  printGroup(norm, 'normalizr 3.6.2');
  groups.push(norm);
  checks.push(target('normalize ≥ 2× normalizr', ratio(norm, 'tessera', 'normalizr 3.6.2'), 2));
  checks.push(
    target('normalize within 2× of plain copy', ratio(norm, 'tessera', 'plain copy'), 0.5),
  );

  const fresh = await runGroup('denormalize, fresh memo', [
    { name: 'tessera', fn: () => tessera.denormalizeCached(t, tessera.createMemo()) },
    { name: 'normalizr 3.6.2', fn: () => classic.denormalize(c.result, c.entities) },
    {
      name: '@data-client 0.10',
      fn: () => dataClient.denormalizeCached(d, dataClient.createMemo()),
    },
  ]);
  printGroup(fresh, 'normalizr 3.6.2');
  groups.push(fresh);
  checks.push(
    target(
      'fresh-memo denormalize ≥ 1.2× normalizr',
      ratio(fresh, 'tessera', 'normalizr 3.6.2'),
      1.2,
    ),
  );

  const noMemo = await runGroup('denormalize, no memo', [
    { name: 'tessera', fn: () => tessera.denormalize(t) },
    { name: 'normalizr 3.6.2', fn: () => classic.denormalize(c.result, c.entities) },
    { name: '@data-client 0.10', fn: () => dataClient.denormalize(d) },
  ]);
  printGroup(noMemo, 'normalizr 3.6.2');
  groups.push(noMemo);

  for (const times of [1, 10, 100]) {
    const scaled = scalePayload(payload, times);
    const ts = tessera.normalize(scaled);
    const ds = dataClient.normalize(scaled);
    const tMemo = tessera.createMemo();
    const dMemo = dataClient.createMemo();
    const first = tessera.denormalizeCached(ts, tMemo);
    if (tessera.denormalizeCached(ts, tMemo) !== first)
      throw new Error('tessera memo is not stable');
    const dFirst = dataClient.denormalizeCached(ds, dMemo);
    if (dataClient.denormalizeCached(ds, dMemo) !== dFirst)
      throw new Error('data-client memo is not stable');
    const memo = await runGroup(
      `memoized denormalize of an unchanged state, ${times}× payload (${countEntities(scaled).toLocaleString('en-US')} entities)`,
      [
        { name: 'tessera', fn: () => tessera.denormalizeCached(ts, tMemo) },
        { name: '@data-client 0.10', fn: () => dataClient.denormalizeCached(ds, dMemo) },
      ],
    );
    printGroup(memo, '@data-client 0.10');
    groups.push(memo);
    checks.push(
      target(
        `memoized read ≥ 3× data-client at ${times}×`,
        ratio(memo, 'tessera', '@data-client 0.10'),
        3,
      ),
    );
  }
  const memoHz = groups.slice(-3).map((g) => g.rows.find((r) => r.name === 'tessera')!.hz);
  const spread = Math.max(...memoHz) / Math.min(...memoHz);
  checks.push(
    `${spread < 3 ? 'met' : 'MISSED'}: memoized read independent of size (fastest/slowest of 1×,10×,100× = ${spread.toFixed(2)})`,
  );
  return { groups, checks };
}

function target(label: string, value: number, atLeast: number): string {
  return `${value >= atLeast ? 'met' : 'MISSED'}: ${label} (measured ${value.toFixed(2)}×)`;
}
