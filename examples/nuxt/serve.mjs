// Serves the production build of the Nuxt example (Nitro's node server, .output/) for
// examples/demo.mjs, building it first when there is none (`npm run build -w @tessera/example-nuxt`
// rebuilds it after a change).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const entry = `${root}.output/server/index.mjs`;

// The build and its server run in production whatever NODE_ENV this process has: the demo's
// Vite dev servers of the other examples set it to development.
const production = { ...process.env, NODE_ENV: 'production' };

/** `port`, or the next one that is free (0: any). */
async function freePort(port, host) {
  for (let candidate = port; ; candidate += 1) {
    const found = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(undefined));
      probe.listen(candidate, host, () => {
        const { port: bound } = probe.address();
        probe.close(() => resolve(bound));
      });
    });
    if (found !== undefined) return found;
    if (candidate === 0) throw new Error('no free port');
  }
}

/** Starts the server; resolves with its URL and a `close()` once it listens. */
export async function startNuxt({ port, host, latency }) {
  if (!existsSync(entry)) {
    console.log('Building the Nuxt example (once; nuxt build)…');
    const build = spawnSync('npx', ['nuxt', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: production,
    });
    if (build.status !== 0) throw new Error('nuxt build failed');
  }
  const chosen = await freePort(port, host);
  const child = spawn(process.execPath, [entry], {
    env: {
      ...production,
      PORT: String(chosen),
      HOST: host,
      TESSERA_API_LATENCY: String(latency),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (output.includes('Listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the Nuxt server exited (${code})\n${output}`)));
  });
  const close = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url: `http://${host}:${chosen}/`, close };
}
