// `npm run bench`: every benchmark in one run, figures side by side with the alternatives.
import { arch, cpus, totalmem } from 'node:os';
import { benchNormalize } from './normalize';
import { benchOptimistic } from './optimistic';
import { benchStore } from './store';
import { benchWriteThenRead } from './writeThenRead';

console.log(
  `Tessera benchmarks: node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'} × ${cpus().length}, ${arch()}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
const only = process.argv[2];
const summary: string[] = [];
if (!only || only === 'normalize') summary.push(...(await benchNormalize()).checks);
if (!only || only === 'store') summary.push(...(await benchStore()));
if (!only || only === 'write') summary.push(...(await benchWriteThenRead()));
if (!only || only === 'optimistic') summary.push(...(await benchOptimistic()));
console.log('\nTargets:');
for (const line of summary) console.log(`  ${line}`);
