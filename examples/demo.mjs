#!/usr/bin/env node
// `npm run demo`: serves the vanilla example with Vite; the example REST API runs inside the same
// process (the `apiPlugin` in examples/vanilla/vite.config.ts mounts it under /api).
//
//   node examples/demo.mjs [--port 5173] [--host 127.0.0.1] [--latency 250] [--example vanilla]
//
// Prints `Tessera <example> example: <url>` once the server listens. Stops on SIGINT/SIGTERM.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5173' },
    host: { type: 'string', default: '127.0.0.1' },
    latency: { type: 'string', default: '250' },
    example: { type: 'string', default: 'vanilla' },
  },
});

// Read by the example's vite.config.ts: a little latency makes loading and optimistic states visible.
process.env.TESSERA_API_LATENCY ??= values.latency;
// The repo imports without file extensions; Vite's default (bundling) config loader handles that,
// so its notice about the future native loader is noise here.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const root = fileURLToPath(new URL(`./${values.example}/`, import.meta.url));
const server = await createServer({
  configFile: `${root}vite.config.ts`,
  root,
  server: { port: Number(values.port), host: values.host, strictPort: false },
  clearScreen: false,
});
await server.listen();

const url = server.resolvedUrls?.local[0];
if (!url) {
  console.error('The dev server did not report a URL');
  await server.close();
  process.exit(1);
}
console.log(`Tessera ${values.example} example: ${url}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
