// Installing as a user installs. The seven packages are published to a registry of our own
// (verdaccio, on this machine), then a fresh Vite + Vue app and a fresh SvelteKit app take
// Tessera from it with the plain `npm install @tessera/core @tessera/vue` (or `@tessera/svelte`)
// that docs/guide/installation.md shows, are built for production and render their todos in
// Chromium. The guide's fallback, packing tarballs from a clone, runs too.
// Only @tessera/* comes from the local registry (the apps' `.npmrc` names it for that scope, as a
// company registry would be set up); everything else comes from the npm registry configured on
// this machine, mostly out of npm's cache (`--prefer-offline`).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'tessera-registry-'));
const installed = (name: string) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * The environment of a user's shell: none of the `npm_*` variables `npm test` sets, nor vitest's
 * (its NODE_ENV=test would make Vite build the apps for development, not production).
 */
const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(npm_|vitest)/i.test(name) && name !== 'NODE_ENV' && name !== 'TEST',
  ),
);

/** Runs a command in `cwd` as the user would; the error names the command and what it printed. */
async function sh(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    return await run(command, args, {
      cwd,
      env: { ...userEnv, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

/** A port nobody listens on now (verdaccio and SvelteKit's server take a port, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a long-running process in its own group (so that all of it can be killed). */
function start(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...userEnv, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Polls `url` until it answers 200 (the process printing its output on failure). */
async function waitFor(url: string, what: { output: () => string; child: ChildProcess }) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (what.child.exitCode !== null)
      throw new Error(`exited before ${url} answered\n${what.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer\n${what.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Writes `files` (path relative to `dir` → text) into `dir`. */
function writeApp(dir: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** The shell lines of the ```sh blocks in a section of the installation guide. */
function guideCommands(heading: string): string[] {
  const guide = readFileSync(join(root, 'docs', 'guide', 'installation.md'), 'utf8');
  const section = guide.split(/^(?=## )/m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    block[1].split('\n').filter(Boolean),
  );
}

/** The guide's `npm install` line for an adapter, as words. */
function guideInstall(adapter: string): string[] {
  const line = guideCommands('## From a registry').find(
    (command) => command.startsWith('npm install ') && command.split(' ').includes(adapter),
  );
  if (!line) throw new Error(`installation.md shows no \`npm install ... ${adapter}\``);
  return line.split(' ').slice(1);
}

const TITLE = 'Installed from a registry';
const todos = [
  { id: 1, userId: 1, title: TITLE, completed: false },
  { id: 2, userId: 1, title: 'Built for production', completed: true },
];

/** What the apps' `api.js` holds: the todo entity and its endpoints, as the guide writes them. */
const apiModule = `import { Entity, resource } from '@tessera/core';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static key = 'Todo';
}

export const TodoResource = resource({ path: '/api/todos/:id', schema: Todo });
`;

let registry: ReturnType<typeof start> | undefined;
let registryUrl = '';
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;

/** The seven packages, packed from the build `npm test` made and published to the registry. */
async function publishAll() {
  const port = await freePort();
  registryUrl = `http://127.0.0.1:${port}/`;
  const storage = join(work, 'registry');
  mkdirSync(storage);
  writeFileSync(
    join(storage, 'config.yaml'),
    [
      `storage: ${join(storage, 'packages')}`,
      `auth: { htpasswd: { file: ${join(storage, 'htpasswd')}, max_users: 1 } }`,
      // No uplinks: the registry holds @tessera/* and nothing else.
      'uplinks: {}',
      'packages:',
      "  '@tessera/*': { access: $all, publish: $authenticated }",
      "  '**': { access: $all, publish: $authenticated }",
      'log: { type: stdout, format: pretty, level: error }',
      '',
    ].join('\n'),
  );
  registry = start(
    process.execPath,
    [
      join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
      '--config',
      join(storage, 'config.yaml'),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { cwd: storage },
  );

  // Packed while the registry starts.
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packing = sh(root, 'npm', [
    'pack',
    '--json',
    '--ignore-scripts',
    '--pack-destination',
    tarballs,
    '--workspace',
    'core',
    '--workspace',
    'adapters',
    '--workspace',
    'tools',
  ]);
  await waitFor(`${registryUrl}-/ping`, registry);

  // A publisher's account (the first one adds itself), its token in a config of its own.
  const account = await fetch(`${registryUrl}-/user/org.couchdb.user:publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }),
  });
  const { token } = (await account.json()) as { token: string };
  const publisherConfig = join(storage, 'publisher.npmrc');
  writeFileSync(publisherConfig, `//127.0.0.1:${port}/:_authToken=${token}\n`);

  const packed = JSON.parse((await packing).stdout) as {
    name: string;
    filename: string;
    integrity: string;
  }[];
  await Promise.all([
    // npm's cache is keyed by URL: a run before ours on the same port may have left other bytes.
    sh(work, 'npm', [
      'cache',
      'clean',
      ...packed.map(
        (p) => `make-fetch-happen:request-cache:${registryUrl}${p.name.replace('/', '%2f')}`,
      ),
    ]),
    ...packed.map((p) =>
      sh(work, 'npm', [
        'publish',
        join(tarballs, p.filename),
        '--registry',
        registryUrl,
        '--userconfig',
        publisherConfig,
        '--ignore-scripts',
      ]),
    ),
  ]);
  return new Map(packed.map((p) => [p.name, p.integrity]));
}

/** A new app folder whose `.npmrc` takes @tessera/* from the local registry. */
function newApp(name: string, files: Record<string, string>) {
  const dir = join(work, name);
  writeApp(dir, { ...files, '.npmrc': `@tessera:registry=${registryUrl}\n` });
  return dir;
}

/** The installation guide's `npm install` of core and `adapter` in the app, and what it printed. */
const install = (dir: string, adapter: string) =>
  sh(dir, 'npm', [...guideInstall(adapter), '--prefer-offline', '--no-audit', '--no-fund']);

/** Serves a Vite build (`dist/`) and the todo API on one origin, as a static host would. */
function serveStatic(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/api/todos') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(todos));
      return;
    }
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Opens `url` in Chromium, waits for the todos, and returns what the page logged as an error. */
async function renderedTodos(url: string, ready: string) {
  chromium ??= await launchChromium();
  const page = await chromium.context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url);
    await page.waitForSelector(ready);
    const items = await page.locator('li').allTextContents();
    return { items: items.map((text) => text.trim()), errors };
  } finally {
    await page.close();
  }
}

/** The @tessera/* packages the app's lockfile holds with the integrity of what was published. */
function fromRegistry(dir: string, integrity: Map<string, string>) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  return Object.entries<{ integrity?: string }>(lock.packages)
    .filter(([path]) => path.startsWith('node_modules/@tessera/'))
    .map(([path, entry]) => [path.slice('node_modules/'.length), entry.integrity] as const)
    .filter(([name, sum]) => sum !== undefined && sum === integrity.get(name))
    .map(([name]) => name)
    .sort();
}

let published: Promise<Map<string, string>>;
let vueApp: Promise<{ dir: string; stdout: string; stderr: string }>;
let kitApp: Promise<{ dir: string; stdout: string; stderr: string }>;

beforeAll(() => {
  published = publishAll();
  // The two apps install at once: most of the time is npm resolving and linking.
  vueApp = published.then(async () => {
    const dir = newApp('vue-app', {
      'package.json': JSON.stringify(
        {
          name: 'vue-app',
          private: true,
          type: 'module',
          scripts: { build: 'vite build' },
          dependencies: { vue: `^${installed('vue')}` },
          devDependencies: {
            '@vitejs/plugin-vue': `^${installed('@vitejs/plugin-vue')}`,
            vite: `~${installed('vite')}`,
          },
        },
        null,
        2,
      ),
      'vite.config.js': `import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [vue()] });
`,
      'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Todos</title></head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
`,
      'src/api.js': apiModule,
      'src/main.js': `import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).use(createTessera()).mount('#app');
`,
      'src/App.vue': `<script setup>
import TodoList from './TodoList.vue';
</script>

<template>
  <main>
    <h1>Todos</h1>
    <Suspense>
      <TodoList />
      <template #fallback><p role="status">Loading…</p></template>
    </Suspense>
  </main>
</template>
`,
      'src/TodoList.vue': `<script setup>
import { useSuspense } from '@tessera/vue';
import { TodoResource } from './api.js';

const todos = await useSuspense(TodoResource.getList);
</script>

<template>
  <ul data-ready>
    <li v-for="todo in todos" :key="todo.id">{{ todo.title }}</li>
  </ul>
</template>
`,
    });
    return { dir, ...(await install(dir, '@tessera/vue')) };
  });
  kitApp = published.then(async () => {
    const dir = newApp('kit-app', {
      'package.json': JSON.stringify(
        {
          name: 'kit-app',
          private: true,
          type: 'module',
          scripts: { build: 'vite build' },
          devDependencies: {
            '@sveltejs/adapter-node': `^${installed('@sveltejs/adapter-node')}`,
            '@sveltejs/kit': `~${installed('@sveltejs/kit')}`,
            '@sveltejs/vite-plugin-svelte': `^${installed('@sveltejs/vite-plugin-svelte')}`,
            svelte: `^${installed('svelte')}`,
            vite: `~${installed('vite')}`,
          },
        },
        null,
        2,
      ),
      'svelte.config.js': `import adapter from '@sveltejs/adapter-node';

export default { kit: { adapter: adapter() } };
`,
      'vite.config.js': `import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()] });
`,
      'src/app.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" />%sveltekit.head%</head>
  <body><div style="display: contents">%sveltekit.body%</div></body>
</html>
`,
      'src/lib/api.js': apiModule,
      'src/routes/api/todos/+server.js': `import { json } from '@sveltejs/kit';

export const GET = () => json(${JSON.stringify(todos)});
`,
      'src/routes/+layout.svelte': `<script>
  import { page } from '$app/state';
  import { setTessera } from '@tessera/svelte';
  import { startTessera } from '@tessera/svelte/kit';

  let { children } = $props();
  setTessera(startTessera(page.data));
</script>

{@render children()}
`,
      'src/routes/+page.server.js': `import { preload } from '@tessera/svelte/kit';
import { TodoResource } from '$lib/api.js';

export const load = (event) => preload(event, [[TodoResource.getList]]);
`,
      'src/routes/+page.svelte': `<script>
  import { useDLE } from '@tessera/svelte';
  import { onMount } from 'svelte';
  import { TodoResource } from '$lib/api.js';

  const todos = useDLE(() => [TodoResource.getList]);
  let hydrated = $state(false);
  onMount(() => (hydrated = true));
</script>

<h1>Todos</h1>
<ul data-hydrated={hydrated}>
  {#each todos.data ?? [] as todo (todo.id)}
    <li>{todo.title}</li>
  {/each}
</ul>
`,
    });
    return { dir, ...(await install(dir, '@tessera/svelte')) };
  });
  // Settled here, failed in the tests that need them.
  for (const promise of [published, vueApp, kitApp]) promise.catch(() => {});
});

afterAll(async () => {
  await chromium?.close();
  stop(registry?.child);
  rmSync(work, { recursive: true, force: true });
  // Closing Chromium and removing two apps' node_modules take a while on a busy machine.
}, 120_000);

describe('installing from a registry', () => {
  it('publishes the seven packages', async () => {
    expect([...(await published).keys()].sort()).toEqual([
      '@tessera/core',
      '@tessera/devtools',
      '@tessera/nuxt',
      '@tessera/openapi',
      '@tessera/svelte',
      '@tessera/vanilla',
      '@tessera/vue',
    ]);
  }, 300_000);

  it("a fresh Vite + Vue app: the guide's `npm install @tessera/core @tessera/vue`, a production build, the todos in Chromium", async () => {
    const { dir, stderr } = await vueApp;
    // Core and the adapter, the bytes published.
    expect(fromRegistry(dir, await published)).toEqual(['@tessera/core', '@tessera/vue']);
    expect(stderr.split('\n').filter((line) => /warn|err/i.test(line))).toEqual([]);

    await sh(dir, 'npm', ['run', 'build']);
    const server = await serveStatic(join(dir, 'dist'));
    try {
      const { port } = server.address() as AddressInfo;
      const { items, errors } = await renderedTodos(`http://127.0.0.1:${port}/`, 'ul[data-ready]');
      expect(items).toEqual(todos.map((t) => t.title));
      expect(errors).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 300_000);

  it("a fresh SvelteKit app: the guide's `npm install @tessera/core @tessera/svelte`, an adapter-node build, rendered on the server and hydrated in Chromium", async () => {
    const { dir, stderr } = await kitApp;
    expect(fromRegistry(dir, await published)).toEqual(['@tessera/core', '@tessera/svelte']);
    expect(stderr.split('\n').filter((line) => /warn|err/i.test(line))).toEqual([]);

    await sh(dir, 'npm', ['run', 'build']);
    const port = await freePort();
    const server = start(process.execPath, ['build'], {
      cwd: dir,
      env: { PORT: String(port), HOST: '127.0.0.1', ORIGIN: `http://127.0.0.1:${port}` },
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitFor(url, server);
      // The server's HTML already holds the todos (preload fetched them into its store).
      const html = await (await fetch(url)).text();
      expect(html).toContain(TITLE);
      const { items, errors } = await renderedTodos(url, 'ul[data-hydrated="true"]');
      expect(items).toEqual(todos.map((t) => t.title));
      expect(errors).toEqual([]);
    } finally {
      stop(server.child);
    }
  }, 300_000);

  it("packs the tarballs the guide's fallback installs, into a folder that did not exist", async () => {
    // The clone and its `npm install` are this repository; the rest of the recipe runs as
    // written, in a scratch folder instead of the clone's parent.
    const scratch = join(work, 'recipe');
    mkdirSync(scratch);
    const recipe = guideCommands('## As tarballs, in your own app');
    const install = recipe.find((line) => line.startsWith('npm install ../')) ?? '';
    const script = recipe
      .filter((line) => !/^(git clone|cd |npm install)/.test(line))
      .join('\n')
      .replaceAll('../tarballs', join(scratch, 'tarballs'));
    await sh(root, 'sh', ['-ec', script]);
    const wanted = [...install.matchAll(/\.\.\/tarballs\/(\S+\.tgz)/g)].map((m) => m[1]);
    expect(wanted.length).toBeGreaterThan(0);
    expect(readdirSync(join(scratch, 'tarballs')).sort()).toEqual(wanted.sort());
  }, 300_000);
});
