import { tessera } from './tessera';
import { generatePayload } from './generatePayload';
const t = tessera.normalize(generatePayload());
let n = 0;
const start = performance.now();
while (performance.now() - start < 8000) { tessera.denormalizeCached(t, tessera.createMemo()); n++; }
console.log('fresh ops/s', (n / 8).toFixed(0));
