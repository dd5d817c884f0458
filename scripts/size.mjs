#!/usr/bin/env node
// `npm run size` (also part of `npm run bench`): min+gzip size of what an application imports,
// bundled from the published builds (dist/) as a user's bundler would: esbuild, browser,
// production, minified, tree-shaken. Figures beside the libraries users would pick instead.
// Needs `npm run build` first (npm install runs it).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules', '.cache', 'tessera-size');
const require = createRequire(join(root, 'package.json'));

/** [label, source of the entry module, packages it needs (skipped when not installed)] */
export const scenarios = [
  [
    'typical: RestEndpoint, Entity, resource, createStore + @tessera/vanilla createClient',
    `export { RestEndpoint, Entity, resource, createStore } from '@tessera/core';
     export { createClient } from '@tessera/vanilla';`,
    ['@tessera/core', '@tessera/vanilla'],
  ],
  ['normalize alone', `export { normalize } from '@tessera/core';`, ['@tessera/core']],
  [
    'denormalize + MemoCache',
    `export { denormalize, MemoCache } from '@tessera/core';`,
    ['@tessera/core'],
  ],
  ['all of @tessera/core', `export * from '@tessera/core';`, ['@tessera/core']],
  [
    'all of @tessera/vanilla (with core)',
    `export * from '@tessera/vanilla';`,
    ['@tessera/vanilla'],
  ],
  [
    'typical Vue app: Entity, resource + @tessera/vue createTessera, useSuspense, useDLE, useLive, useController, useLoading, TesseraErrorBoundary',
    `export { Entity, resource } from '@tessera/core';
     export { createTessera, useSuspense, useDLE, useLive, useController, useLoading, TesseraErrorBoundary } from '@tessera/vue';`,
    ['@tessera/core', '@tessera/vue'],
  ],
  [
    'anchor: @tanstack/vue-query 5.104 (VueQueryPlugin, QueryClient, useQuery, useMutation, useQueryClient)',
    `export { VueQueryPlugin, QueryClient, useQuery, useMutation, useQueryClient } from '@tanstack/vue-query';`,
    ['@tanstack/vue-query'],
  ],
  [
    'anchor: @pinia/colada 1.4.6 + pinia (createPinia, PiniaColada, useQuery, useMutation, useQueryCache)',
    `export { createPinia } from 'pinia';
     export { PiniaColada, useQuery, useMutation, useQueryCache } from '@pinia/colada';`,
    ['@pinia/colada', 'pinia'],
  ],
  [
    'typical Svelte app: Entity, resource + @tessera/svelte createTessera, setTessera, endpointStore, useDLE, useSuspense, useLive, useMutation',
    `export { Entity, resource } from '@tessera/core';
     export { createTessera, setTessera, endpointStore, useDLE, useSuspense, useLive, useMutation } from '@tessera/svelte';`,
    ['@tessera/core', '@tessera/svelte'],
  ],
  [
    'anchor: @tanstack/svelte-query 6.3 (QueryClient, QueryClientProvider, createQuery, createMutation, useQueryClient)',
    `export { QueryClient, QueryClientProvider, createQuery, createMutation, useQueryClient } from '@tanstack/svelte-query';`,
    ['@tanstack/svelte-query'],
  ],
  [
    'anchor: @data-client/endpoint + core (RestEndpoint-like Endpoint, Entity, Controller)',
    `export { Endpoint, Entity, schema } from '@data-client/endpoint';
     export { Controller, NetworkManager } from '@data-client/core';`,
    ['@data-client/endpoint', '@data-client/core'],
  ],
];

/**
 * Svelte libraries ship `.svelte` components and `.svelte.js` rune modules for the app's Svelte
 * compiler (the `svelte` export condition): compile them as a Svelte bundler plugin would.
 */
const svelteModules = {
  name: 'svelte-modules',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.svelte(\.js)?$/ }, async ({ path }) => {
      const { compile, compileModule } = await import('svelte/compiler');
      const source = readFileSync(path, 'utf8');
      const options = { filename: path, generate: 'client', dev: false };
      const { js } = path.endsWith('.js')
        ? compileModule(source, options)
        : compile(source, { ...options, css: 'injected' });
      return { contents: js.code, loader: 'js' };
    });
  },
};

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return existsSync(join(root, 'node_modules', name));
  }
}

async function bundle(source, name) {
  const entry = join(work, `${name}.js`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env.DEV': 'false',
      // What @vitejs/plugin-vue defines in a production build (Vue and Pinia read them).
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    // The framework is the application's, whichever data layer it picks: not counted.
    external: ['vue', 'svelte', 'svelte/*'],
    plugins: [svelteModules],
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, meta: result.metafile };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export async function measureSizes() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const rows = [];
  let index = 0;
  for (const [label, source, packages] of scenarios) {
    const missing = packages.filter((name) => !installed(name));
    if (missing.length > 0) {
      rows.push({ label, skipped: `not installed: ${missing.join(', ')}` });
      continue;
    }
    const { min, gzip } = await bundle(source, `entry${index++}`);
    rows.push({ label, min, gzip });
  }
  // Where the bytes of all of core come from, by folder (minified, before gzip).
  const { meta } = await bundle(`export * from '@tessera/core';`, 'folders');
  const folders = new Map();
  for (const output of Object.values(meta.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match =
        /core\/dist\/([^/]+)\//.exec(file) ?? /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const folder = match ? match[1] : 'other';
      folders.set(folder, (folders.get(folder) ?? 0) + bytesInOutput);
    }
  }
  rmSync(work, { recursive: true, force: true });
  return { rows, folders: [...folders].sort((a, b) => b[1] - a[1]) };
}

export function printSizes({ rows, folders }) {
  console.log('\nBundle size (esbuild, browser, production, minified; from dist/)');
  for (const row of rows) {
    if (row.skipped) console.log(`  ${row.label}: ${row.skipped}`);
    else
      console.log(
        `  ${kb(row.gzip).padStart(8)} min+gzip  ${kb(row.min).padStart(8)} min  ${row.label}`,
      );
  }
  console.log('\nAll of @tessera/core by folder (minified bytes in the bundle, before gzip)');
  for (const [folder, bytes] of folders) console.log(`  ${kb(bytes).padStart(8)}  ${folder}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSizes(await measureSizes());
}
