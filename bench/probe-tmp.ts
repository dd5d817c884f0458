import { classic } from './anchors';
import { generatePayload } from './generatePayload';
import { tessera } from './tessera';
const who = process.argv[2];
const parsed = process.argv[3] === 'json';
let payload: any = generatePayload();
if (parsed) payload = JSON.parse(JSON.stringify(payload));
const fn = who === 'tessera' ? () => tessera.normalize(payload) : () => classic.normalize(payload);
for (let i = 0; i < 300; i++) fn();
(globalThis as any).gc?.();
let n = 0; const t = performance.now();
while (performance.now() - t < 3000) { fn(); n++; }
console.log(`${who} ${parsed ? 'json' : 'generated'} ${(n / ((performance.now() - t) / 1000)).toFixed(0)} ops/s`);
