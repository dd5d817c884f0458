#!/usr/bin/env node
// `npm run demo`: serves the examples with Vite, each on its own port (the next free one), each
// with the example REST API inside its process (the `apiPlugin` in its vite.config.ts mounts it
// under /api). The SvelteKit example is built for production first, then served by its Node
// server (examples/sveltekit/serve.mjs), with the API mounted the same way. The Nuxt example
// is served from its production build by Nitro's node server, whose own middleware mounts the
// API (examples/nuxt/serve.mjs).
//
//   node examples/demo.mjs [--port 5173] [--host 127.0.0.1] [--latency 250] [--example vanilla,vue,svelte,sveltekit,nuxt]
//
// Prints `Tessera <example> example: <url>` once each server listens. Stops on SIGINT/SIGTERM.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5173' },
    host: { type: 'string', default: '127.0.0.1' },
    latency: { type: 'string', default: '250' },
    example: { type: 'string', default: 'vanilla,vue,svelte,sveltekit,nuxt' },
  },
});

// Read by the example's vite.config.ts: a little latency makes loading and optimistic states visible.
process.env.TESSERA_API_LATENCY ??= values.latency;
// The repo imports without file extensions; Vite's default (bundling) config loader handles that,
// so its notice about the future native loader is noise here.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const servers = [];
for (const [index, example] of values.example.split(',').entries()) {
  const root = fileURLToPath(new URL(`./${example}/`, import.meta.url));
  const port = Number(values.port) === 0 ? 0 : Number(values.port) + index;
  if (example === 'sveltekit') {
    const { serveSvelteKit } = await import('./sveltekit/serve.mjs');
    const { url, close } = await serveSvelteKit({
      port,
      host: values.host,
      latency: Number(process.env.TESSERA_API_LATENCY),
    });
    servers.push({ close });
    console.log(`Tessera ${example} example: ${url}`);
    continue;
  }
  if (example === 'nuxt') {
    const { startNuxt } = await import('./nuxt/serve.mjs');
    const nuxt = await startNuxt({ port, host: values.host, latency: values.latency });
    servers.push(nuxt);
    console.log(`Tessera ${example} example: ${nuxt.url}`);
    continue;
  }
  const server = await createServer({
    configFile: `${root}vite.config.ts`,
    root,
    server: { port, host: values.host, strictPort: false },
    clearScreen: false,
  });
  servers.push(server);
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    console.error(`The ${example} dev server did not report a URL`);
    await Promise.all(servers.map((running) => running.close()));
    process.exit(1);
  }
  console.log(`Tessera ${example} example: ${url}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    Promise.all(servers.map((server) => server.close())).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
