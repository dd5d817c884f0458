// The SvelteKit example as it runs in production: built with adapter-node (`build/`), its
// `handler.js` served by node:http, with the example REST API in the same process under /api
// (like the other examples). Used by `npm run demo` (examples/demo.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** `vite build` in the app's folder (SvelteKit reads svelte.config.js from the working directory). */
async function buildApp() {
  const vite = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A production build whatever NODE_ENV this process has: the demo's Vite dev servers of the
    // other examples set it to development, and SvelteKit built with that keeps its development
    // code, whose check of history.pushState warns on every first visit.
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`The SvelteKit example's build failed (exit code ${code})`);
}

/**
 * Builds the app, then listens on `port` (the next free one when taken; 0: any). Resolves to
 * `{ url, close() }`. `latency` (ms) delays every API answer.
 */
export async function serveSvelteKit({ port, host, latency = 0 }) {
  await buildApp();
  const serverSource = fileURLToPath(new URL('../server/src/index.ts', import.meta.url));
  const { module: apiModule } = await runnerImport(serverSource);
  const api = apiModule.createApi({ latency });
  let kit;
  const server = createServer((req, res) => {
    const fail = (error) => {
      res.statusCode = error ? 500 : 404;
      res.end();
    };
    // The API answers /api/*; everything else is the app.
    api.handle(req, res, () => kit(req, res, fail));
  });
  for (let attempt = 0; ; attempt += 1) {
    const listening = await new Promise((resolve, reject) => {
      server.once('error', (error) =>
        error.code === 'EADDRINUSE' && port !== 0 && attempt < 20 ? resolve(false) : reject(error),
      );
      server.listen(port + (port === 0 ? 0 : attempt), host, () => resolve(true));
    });
    if (listening) break;
  }
  const origin = `http://${host}:${server.address().port}`;
  // adapter-node reads ORIGIN when its handler loads: the URL the app sees (event.url).
  process.env.ORIGIN = origin;
  ({ handler: kit } = await import(pathToFileURL(`${root}build/handler.js`).href));
  return {
    url: `${origin}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
