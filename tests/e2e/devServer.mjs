// An example's development server (`vite dev`, `nuxt dev`), for what only development builds
// show: the devtools panel. Started in its own process group on a free port, torn down with it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { killGroup } from './harness.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const commands = {
  vite: 'node_modules/vite/bin/vite.js',
  nuxt: 'node_modules/nuxt/bin/nuxt.mjs',
};

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `<tool> dev` in `folder` (relative to the repository) with `env` added to the environment and
 * NODE_ENV left for the tool to choose. Resolves `url` once the server answers its first page.
 */
export function startDevServer(folder, tool, { env = {}, timeoutMs = 300_000 } = {}) {
  let child;
  let output = '';
  const url = (async () => {
    const port = await freePort();
    const { NODE_ENV: _, ...inherited } = process.env;
    child = spawn(
      process.execPath,
      [`${repoRoot}${commands[tool]}`, 'dev', '--port', String(port), '--host', '127.0.0.1'],
      {
        cwd: `${repoRoot}${folder}`,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...inherited, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env },
      },
    );
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    const base = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + timeoutMs;
    // The first page compiles the app: wait until it is served.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${tool} dev exited:\n${output}`);
      const answered = await fetch(base).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return base;
      if (Date.now() > deadline)
        throw new Error(`${tool} dev: no page after ${timeoutMs} ms\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const stop = async () => {
    if (child) await killGroup(child);
  };
  return { url, stop, output: () => output };
}

/**
 * Browser tests run on an example's development server instead of the suite's: one server for
 * them all, started by the first and stopped after the last. Each is named with the tool.
 */
export function onDevServer(folder, tool, env, tests) {
  let dev;
  return tests.map((test, index) => ({
    name: `${test.name} (${tool} dev)`,
    async run({ page }) {
      try {
        if (!dev) {
          dev = startDevServer(folder, tool, { env });
          // The first visit compiles the app (and Vite may reload it once its dependencies are
          // optimized): wait for the app, however long that takes, before the test's own visit.
          // In a page of its own: a module load the reload cut short is no error of the app's.
          const warm = await page.context().newPage();
          try {
            await warm.goto(await dev.url, { timeout: 300_000 });
            await warm.waitForFunction(() => 'tessera' in window, null, { timeout: 300_000 });
          } finally {
            await warm.close();
          }
        }
        await test.run({ page, baseURL: await dev.url });
      } finally {
        if (index === tests.length - 1) await dev?.stop();
      }
    },
  }));
}
