import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const src = process.argv[2] === 'vue' ? `export { Entity, resource } from '@tessera/core';
     export { createTessera, useSuspense, useDLE, useLive, useController, useMutation, TesseraErrorBoundary } from '@tessera/vue';` :
 `export { RestEndpoint, Entity, resource, createStore } from '@tessera/core'; export { createTessera } from '@tessera/vanilla';`;
const r = await build({ stdin: { contents: src, resolveDir: process.cwd(), loader: 'js' }, bundle: true, write: false, minify: true, format: 'esm', platform: 'browser', metafile: true, define: { 'process.env.NODE_ENV': '"production"' }, external: ['vue', 'svelte'] });
const out = r.outputFiles[0].contents;
console.log('total min', out.length, 'gz', gzipSync(out).length);
const inputs = Object.values(r.metafile.outputs)[0].inputs;
const rows = Object.entries(inputs).map(([f, v]) => [v.bytesInOutput, f.replace(/.*node_modules\//, 'nm/').replace(/.*?\/(core|adapters)\//, '$1/')]).sort((a, b) => b[0] - a[0]);
let groups = {};
for (const [b, f] of rows) { const g = f.split('/').slice(0, f.startsWith('nm/') ? 2 : 3).join('/'); groups[g] = (groups[g] ?? 0) + b; }
console.log(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([g, b]) => `${b}\t${g}`).join('\n'));
console.log(rows.slice(0, 45).map(r => r.join('\t')).join('\n'));
