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
// One folder per process: a test may measure while `npm run size` runs.
const work = join(root, 'node_modules', '.cache', `tessera-size-${process.pid}`);
const require = createRequire(join(root, 'package.json'));

/** What a typical app of each kind imports (the budgets and the feature costs build on these). */
const typical = {
  vanilla: `export { RestEndpoint, Entity, resource, createStore } from '@tessera/core';
     export { createTessera } from '@tessera/vanilla';`,
  vue: `export { Entity, resource } from '@tessera/core';
     export { createTessera, useSuspense, useDLE, useLive, useController, useMutation, TesseraErrorBoundary } from '@tessera/vue';`,
  svelte: `export { Entity, resource } from '@tessera/core';
     export { createTessera, setTessera, dleStore, useDLE, useSuspense, useLive, useMutation } from '@tessera/svelte';`,
};

/**
 * What an application imports: `id` names it in `size-budgets.json`, `packages` are what it
 * needs (skipped when not installed). A scenario that adds something to another names it in
 * `over`: its row shows the difference too.
 */
export const scenarios = [
  {
    id: 'typical-vanilla',
    label: 'typical: RestEndpoint, Entity, resource, createStore + @tessera/vanilla createTessera',
    source: typical.vanilla,
    packages: ['@tessera/core', '@tessera/vanilla'],
  },
  {
    id: 'typical-vanilla-devtools',
    label: 'typical + @tessera/devtools (mountDevtools, reduxDevtools): nothing in production',
    source: `${typical.vanilla}
     export { mountDevtools, reduxDevtools } from '@tessera/devtools';`,
    packages: ['@tessera/core', '@tessera/vanilla', '@tessera/devtools'],
    over: 'typical-vanilla',
  },
  {
    id: 'typical-vanilla-http',
    label:
      'typical + @tessera/core/http HttpSemanticsManager (ETag and Last-Modified, Cache-Control, Retry-After)',
    source: `${typical.vanilla}
     export { HttpSemanticsManager } from '@tessera/core/http';`,
    packages: ['@tessera/core', '@tessera/vanilla'],
    over: 'typical-vanilla',
  },
  {
    id: 'rest-endpoint',
    label: 'RestEndpoint alone',
    source: `export { RestEndpoint } from '@tessera/core';`,
    packages: ['@tessera/core'],
  },
  {
    id: 'create-store',
    label: 'createStore alone',
    source: `export { createStore } from '@tessera/core';`,
    packages: ['@tessera/core'],
  },
  {
    id: 'normalize',
    label: 'normalize alone',
    source: `export { normalize } from '@tessera/core';`,
    packages: ['@tessera/core'],
  },
  {
    id: 'denormalize-memo',
    label: 'denormalize + MemoCache',
    source: `export { denormalize, MemoCache } from '@tessera/core';`,
    packages: ['@tessera/core'],
  },
  {
    id: 'core-all',
    label: 'all of @tessera/core',
    source: `export * from '@tessera/core';`,
    packages: ['@tessera/core'],
  },
  {
    id: 'vanilla-all',
    label: 'all of @tessera/vanilla (with core)',
    source: `export * from '@tessera/vanilla';`,
    packages: ['@tessera/vanilla'],
  },
  {
    id: 'typical-vue',
    label:
      'typical Vue app: Entity, resource + @tessera/vue createTessera, useSuspense, useDLE, useLive, useController, useMutation, TesseraErrorBoundary',
    source: typical.vue,
    packages: ['@tessera/core', '@tessera/vue'],
  },
  {
    id: 'typical-nuxt',
    label:
      'typical Nuxt app: the typical Vue app + the browser plugin of @tessera/nuxt (what Nuxt bundles of it)',
    source: `${typical.vue}
     export { default as tesseraPlugin } from '${join(root, 'adapters/nuxt/dist/runtime/plugin.client.js')}';`,
    packages: ['@tessera/core', '@tessera/vue', '@tessera/nuxt'],
  },
  {
    id: 'typical-vue-devtools',
    label: 'typical Vue app + @tessera/devtools/vue TesseraDevtools: nothing in production',
    source: `${typical.vue}
     export { TesseraDevtools } from '@tessera/devtools/vue';`,
    packages: ['@tessera/core', '@tessera/vue', '@tessera/devtools'],
    over: 'typical-vue',
  },
  {
    id: 'anchor-vue-query',
    label:
      'anchor: @tanstack/vue-query 5.104 (VueQueryPlugin, QueryClient, useQuery, useMutation, useQueryClient)',
    source: `export { VueQueryPlugin, QueryClient, useQuery, useMutation, useQueryClient } from '@tanstack/vue-query';`,
    packages: ['@tanstack/vue-query'],
  },
  {
    id: 'anchor-pinia-colada',
    label:
      'anchor: @pinia/colada 1.4.6 + pinia (createPinia, PiniaColada, useQuery, useMutation, useQueryCache)',
    source: `export { createPinia } from 'pinia';
     export { PiniaColada, useQuery, useMutation, useQueryCache } from '@pinia/colada';`,
    packages: ['@pinia/colada', 'pinia'],
  },
  {
    id: 'typical-svelte',
    label:
      'typical Svelte app: Entity, resource + @tessera/svelte createTessera, setTessera, dleStore, useDLE, useSuspense, useLive, useMutation',
    source: typical.svelte,
    packages: ['@tessera/core', '@tessera/svelte'],
  },
  {
    id: 'typical-svelte-devtools',
    label: 'typical Svelte app + @tessera/devtools/svelte TesseraDevtools: nothing in production',
    source: `${typical.svelte}
     export { TesseraDevtools } from '@tessera/devtools/svelte';`,
    packages: ['@tessera/core', '@tessera/svelte', '@tessera/devtools'],
    over: 'typical-svelte',
  },
  {
    id: 'typical-sveltekit',
    label:
      'typical SvelteKit app: the typical Svelte app + @tessera/svelte/kit startTessera (preload runs on the server)',
    source: `${typical.svelte}
     export { startTessera } from '@tessera/svelte/kit';`,
    packages: ['@tessera/core', '@tessera/svelte'],
  },
  {
    id: 'anchor-svelte-query',
    label:
      'anchor: @tanstack/svelte-query 6.3 (QueryClient, QueryClientProvider, createQuery, createMutation, useQueryClient)',
    source: `export { QueryClient, QueryClientProvider, createQuery, createMutation, useQueryClient } from '@tanstack/svelte-query';`,
    packages: ['@tanstack/svelte-query'],
  },
  {
    id: 'anchor-data-client',
    label: 'anchor: @data-client/endpoint + core (RestEndpoint-like Endpoint, Entity, Controller)',
    source: `export { Endpoint, Entity, schema } from '@data-client/endpoint';
     export { Controller, NetworkManager } from '@data-client/core';`,
    packages: ['@data-client/endpoint', '@data-client/core'],
  },
];

/**
 * Optional features. `source` is what an app adds to the typical vanilla app to use one (its
 * import cost); `files` are the modules that implement it, whose bytes a typical app (the most
 * of the vanilla, Vue and Svelte ones) pays whether it uses the feature or not (the goal is 0
 * there). A feature with an `id` has a `carriedKB` budget in size-budgets.json.
 */
export const features = [
  {
    name: 'collections and pagination',
    source: `export { Collection } from '@tessera/core';`,
    files: /\/(Collection|CollectionUpdate|collectionEndpoints|collectionKey|findCollection)\.js$/,
  },
  {
    id: 'unions-values',
    name: 'Union and Values schemas',
    source: `export { Union, Values } from '@tessera/core';`,
    files: /\/(Union|ValuesSchema)\.js$/,
  },
  // Opt in: the app hands the manager to its store (`managers: [new PollingManager()]`).
  {
    id: 'polling',
    name: 'polling (PollingManager)',
    source: `export { PollingManager } from '@tessera/core';`,
    files: /\/PollingManager\.js$/,
  },
  {
    id: 'page',
    name: 'refetch on focus and reconnect, wait while offline (PageManager)',
    source: `export { PageManager } from '@tessera/core';`,
    files: /\/PageManager\.js$/,
  },
  {
    id: 'persistence',
    name: 'persistence (PersistManager, indexedDBStorage)',
    source: `export { PersistManager, indexedDBStorage } from '@tessera/core/persist';`,
    files: /\/persist\//,
  },
  {
    id: 'tab-sync',
    name: 'tabs in sync (TabSyncManager)',
    source: `export { TabSyncManager } from '@tessera/core/persist';`,
    files: /\/(TabSyncManager|storeEntries)\.js$/,
  },
  {
    id: 'mutation-queue',
    name: 'a durable mutation queue (MutationQueue, indexedDBStorage)',
    source: `export { MutationQueue, indexedDBStorage } from '@tessera/core/persist';`,
    files: /\/MutationQueue\.js$/,
  },
  {
    id: 'retries-timeouts',
    name: 'retries and timeouts (RetryManager)',
    source: `export { RetryManager } from '@tessera/core';`,
    files: /\/(RetryManager|requestPolicy|sleep)\.js$/,
  },
  {
    id: 'http-semantics',
    name: 'HTTP semantics (HttpSemanticsManager: conditional requests, Cache-Control, Retry-After)',
    source: `export { HttpSemanticsManager } from '@tessera/core/http';`,
    files: /\/(HttpSemanticsManager|httpHeaders|RetryAfterError)\.js$/,
  },
  {
    id: 'gc',
    name: 'garbage collection (GCManager)',
    source: `export { GCManager } from '@tessera/core';`,
    files: /\/GCManager\.js$/,
  },
  {
    id: 'infinite-lists',
    name: 'infinite lists (InfiniteObserver; Vue and Svelte useInfinite, infiniteStore, vanilla infinite)',
    source: `export { infinite } from '@tessera/vanilla';`,
    files: /\/(InfiniteObserver|infinite(\.svelte)?|useInfinite)\.js$/,
  },
  {
    id: 'live-sse',
    name: 'live data over Server-Sent Events (LiveManager, sseTransport)',
    source: `export { LiveManager, sseTransport } from '@tessera/core/live';`,
    files: /\/(LiveManager|liveTransport|sseTransport)\.js$/,
  },
  {
    id: 'live-websocket',
    name: 'live data over WebSocket (LiveManager, webSocketTransport)',
    source: `export { LiveManager, webSocketTransport } from '@tessera/core/live';`,
    files: /\/(LiveManager|liveTransport|webSocketTransport)\.js$/,
  },
  {
    id: 'live-versions',
    name: 'ordering by a version field (olderBy)',
    source: `export { olderBy } from '@tessera/core/live';`,
    files: /\/olderBy\.js$/,
  },
  {
    id: 'validation',
    name: 'response validation (validateResponse with a Standard Schema validator)',
    source: `export { validateResponse } from '@tessera/core';`,
    files: /\/(validateResponse|standardSchema)\.js$/,
  },
  {
    name: 'optimistic updates (the Snapshot its updaters read)',
    source: '',
    files: /\/Snapshot\.js$/,
  },
  {
    name: 'SSR (dehydrate, hydrate, serializeState, renderStateScript, readStateScript)',
    source: `export { dehydrate, hydrate, serializeState, renderStateScript, readStateScript } from '@tessera/core';`,
    files: /\/ssr\//,
  },
  {
    name: 'fixtures (createFixtureStore, mockFixtures from @tessera/core/testing)',
    source: `export { createFixtureStore, mockFixtures } from '@tessera/core/testing';`,
    files: /\/fixtures\.js$/,
  },
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
    external: ['vue', 'svelte', 'svelte/*', 'nuxt/app'],
    plugins: [svelteModules],
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, meta: result.metafile };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const signed = (bytes) => (bytes < 0 ? `${bytes}` : `+${bytes}`);

export async function measureSizes() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const rows = [];
  /** The bundles of the typical apps, whose modules tell what each feature costs the non-user. */
  const typicalMetas = [];
  /** The typical Vue app's bundle, whose parts `npm run size` lists. */
  let typicalVueMeta;
  let index = 0;
  for (const { id, label, source, packages, over } of scenarios) {
    const missing = packages.filter((name) => !installed(name));
    if (missing.length > 0) {
      rows.push({ id, label, skipped: `not installed: ${missing.join(', ')}` });
      continue;
    }
    const { min, gzip, meta } = await bundle(source, `entry${index++}`);
    if (/^typical-(vanilla|vue|svelte)$/.test(id)) typicalMetas.push(meta);
    if (id === 'typical-vue') typicalVueMeta = meta;
    const base = over && rows.find((row) => row.id === over);
    const added = base && { over: { min: min - base.min, gzip: gzip - base.gzip } };
    rows.push({ id, label, min, gzip, ...added });
  }
  // Each feature: what using it adds to the typical app, and what the typical apps pay for it
  // without using it (its modules' minified bytes in their bundles, the most of them).
  const base = await bundle(typical.vanilla, 'feature-base');
  const featureRows = [];
  for (const { id, name, source, files } of features) {
    const added = source
      ? (await bundle(`${typical.vanilla}\n${source}`, `feature${index++}`)).gzip
      : base.gzip;
    let unused = 0;
    for (const meta of typicalMetas.length > 0 ? typicalMetas : [base.meta]) {
      let carried = 0;
      for (const output of Object.values(meta.outputs)) {
        for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
          if (files.test(file)) carried += bytesInOutput;
        }
      }
      unused = Math.max(unused, carried);
    }
    featureRows.push({ id, name, added: added - base.gzip, unused });
  }
  // Where the bytes of all of core come from, by folder (minified, before gzip).
  const { meta } = await bundle(`export * from '@tessera/core';`, 'folders');
  rmSync(work, { recursive: true, force: true });
  return {
    rows,
    features: featureRows,
    folders: byFolder(meta),
    typicalVue: typicalVueMeta && byFolder(typicalVueMeta),
  };
}

/** A bundle's minified bytes by where they come from: core's folders, an adapter, a dependency. */
function byFolder(meta) {
  const folders = new Map();
  for (const output of Object.values(meta.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match =
        /core\/dist\/([^/]+)\//.exec(file) ??
        /(adapters\/[^/]+)\/dist\//.exec(file) ??
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const folder = match ? match[1] : 'other';
      // node_modules/.cache holds the entry this script wrote, not a part of the app.
      if (folder !== '.cache') folders.set(folder, (folders.get(folder) ?? 0) + bytesInOutput);
    }
  }
  return [...folders].sort((a, b) => b[1] - a[1]);
}

export function printSizes({ rows, features, folders, typicalVue }) {
  console.log('\nBundle size (esbuild, browser, production, minified; from dist/)');
  for (const row of rows) {
    if (row.skipped) console.log(`  ${row.label}: ${row.skipped}`);
    else {
      const added = row.over
        ? ` (${signed(row.over.gzip)} B min+gzip, ${signed(row.over.min)} B min over ${scenarios.find((s) => s.id === row.id).over})`
        : '';
      console.log(
        `  ${kb(row.gzip).padStart(8)} min+gzip  ${kb(row.min).padStart(8)} min  ${row.label}${added}`,
      );
    }
  }
  console.log(
    '\nOptional features: min+gzip an app adds to use one (over the typical vanilla app), and the\n' +
      'minified bytes of its modules that the typical app carries whether it uses it or not (goal: 0)',
  );
  for (const { name, added, unused } of features) {
    console.log(`  ${kb(added).padStart(8)} to use  ${kb(unused).padStart(8)} carried  ${name}`);
  }
  if (typicalVue) {
    console.log('\nThe typical Vue app by part (minified bytes in its bundle, before gzip)');
    for (const [folder, bytes] of typicalVue) console.log(`  ${kb(bytes).padStart(8)}  ${folder}`);
  }
  console.log('\nAll of @tessera/core by folder (minified bytes in the bundle, before gzip)');
  for (const [folder, bytes] of folders) console.log(`  ${kb(bytes).padStart(8)}  ${folder}`);
}

/**
 * The budgets of `size-budgets.json`: a scenario over its budget fails `npm test` (`--check`).
 * A budget is lowered whenever a change makes the bundle smaller, so size cannot creep back.
 */
export function checkBudgets(rows, features = []) {
  const budgets = JSON.parse(readFileSync(join(root, 'scripts', 'size-budgets.json'), 'utf8'));
  const failures = [];
  // Pay for what you use: what a typical app that does not use a feature carries of it.
  for (const [id, { carriedKB }] of Object.entries(budgets.features ?? {})) {
    const row = features.find((feature) => feature.id === id);
    if (!row) {
      failures.push(`feature ${id}: no such feature measured`);
      continue;
    }
    const carried = row.unused / 1024;
    const over = carried > carriedKB;
    console.log(
      `  ${over ? '✗ over budget' : '✓'} feature ${id}: ${carried.toFixed(2)} KB min carried by a typical app not using it, budget ${carriedKB} KB`,
    );
    if (over)
      failures.push(`feature ${id}: ${carried.toFixed(2)} KB carried > budget ${carriedKB} KB`);
  }
  for (const [id, { budgetKB, targetKB }] of Object.entries(budgets.scenarios)) {
    const row = rows.find((r) => r.id === id);
    if (!row || row.skipped) {
      failures.push(`${id}: no such scenario measured`);
      continue;
    }
    const size = row.gzip / 1024;
    const mark = size > budgetKB ? '✗ over budget' : '✓';
    const target =
      targetKB === undefined
        ? ''
        : `, target ${targetKB} KB${size > targetKB ? ' (not reached)' : ' (reached)'}`;
    console.log(`  ${mark} ${id}: ${size.toFixed(2)} KB min+gzip, budget ${budgetKB} KB${target}`);
    if (size > budgetKB) failures.push(`${id}: ${size.toFixed(2)} KB > budget ${budgetKB} KB`);
  }
  return failures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = await measureSizes();
  if (process.argv.includes('--check')) {
    console.log(
      'Size budgets (scripts/size-budgets.json; min+gzip, esbuild production build of dist/)',
    );
    const failures = checkBudgets(sizes.rows, sizes.features);
    if (failures.length > 0) {
      console.error(`\n${failures.length} over budget:\n  ${failures.join('\n  ')}`);
      console.error(
        'Make the change smaller, or raise the budget in scripts/size-budgets.json and say why.',
      );
      process.exit(1);
    }
  } else {
    printSizes(sizes);
  }
}
