import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import vue from '@vitejs/plugin-vue';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { distBuild } from './tests/support/distBuild.ts';

// Inside the repo every package resolves to its TypeScript source (the `source` export
// condition), so tests never run against a stale build.
const conditions = ['source', 'module', 'node', 'import', 'default'];

const coreProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'core',
    root: fileURLToPath(new URL('./core', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    typecheck: { enabled: false },
  },
};

const vanillaProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'vanilla',
    root: fileURLToPath(new URL('./adapters/vanilla', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
};

const vueProject: TestProjectInlineConfiguration = {
  extends: true,
  plugins: [vue()],
  test: {
    name: 'vue',
    root: fileURLToPath(new URL('./adapters/vue', import.meta.url)),
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
};

const svelteProject: TestProjectInlineConfiguration = {
  extends: true,
  // svelteTesting() resolves `svelte` to its browser build (else `mount` is the server one)
  // and cleans up after each test.
  plugins: [
    svelte({
      configFile: false,
      // Svelte's `await` in markup is experimental: on only for the components that use it.
      dynamicCompileOptions: ({ filename }) =>
        filename.endsWith('.async.svelte') ? { experimental: { async: true } } : undefined,
    }),
    svelteTesting(),
  ],
  test: {
    name: 'svelte',
    root: fileURLToPath(new URL('./adapters/svelte', import.meta.url)),
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
};

/**
 * A project's tests run again on the published build (dist/, as scripts/mangle.mjs leaves it,
 * private members renamed), less the files that reach into what the build renames or drops.
 */
function onDist(
  project: TestProjectInlineConfiguration,
  { name, exclude }: { name: string; exclude: string[] },
): TestProjectInlineConfiguration {
  return {
    ...project,
    plugins: [distBuild(), ...(project.plugins ?? [])],
    test: { ...project.test, name, exclude: [...configDefaults.exclude, ...exclude] },
  };
}

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    // A hang guard, not a speed limit: the 100,000-entity cases take a few seconds on a quiet
    // machine and several times that on a shared one (vitest's default is 5 s).
    testTimeout: 30_000,
    // A test during which Vue warns fails (every project inherits this through `extends: true`).
    setupFiles: [fileURLToPath(new URL('./tests/support/failOnVueWarnings.ts', import.meta.url))],
    projects: [
      coreProject,
      vanillaProject,
      vueProject,
      svelteProject,
      {
        extends: true,
        plugins: [vue(), svelte({ configFile: false }), svelteTesting()],
        test: {
          name: 'devtools',
          root: fileURLToPath(new URL('./adapters/devtools', import.meta.url)),
          environment: 'happy-dom',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'nuxt',
          root: fileURLToPath(new URL('./adapters/nuxt', import.meta.url)),
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Starting the example's server, or a Nuxt, takes seconds on a busy machine.
          hookTimeout: 120_000,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The guide's Vue page is mounted in a test.
        plugins: [vue()],
        test: {
          name: 'openapi',
          root: fileURLToPath(new URL('./tools/openapi', import.meta.url)),
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/generated/**', '**/node_modules/**'],
          // Generating, type-checking and linting GitHub's document takes a while on a busy machine.
          hookTimeout: 300_000,
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'examples',
          root: fileURLToPath(new URL('./examples', import.meta.url)),
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          root: fileURLToPath(new URL('./bench', import.meta.url)),
          environment: 'node',
          include: ['**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root: fileURLToPath(new URL('./tests', import.meta.url)),
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['e2e/**', '**/node_modules/**'],
        },
      },
      // The tests of core and the adapters once more, on the built packages (`npm test` builds
      // them first). Excluded: files that import what the build does not export as the source
      // does (module-internal constants it drops, the `schema` namespace it re-shapes).
      onDist(coreProject, {
        name: 'core-dist',
        exclude: [
          'src/managers/retries.test.ts', // retryDelay
          'src/normalize/longChains.test.ts', // FILL_LATER_DEPTH
          'src/rest/errorBodies.test.ts', // MAX_ERROR_BODY_BYTES
          'src/schema/schemas.test.ts', // schema.Array... through the source barrel
          'src/managers/scale.test.ts', // counts the memo's nodes (a private field, renamed in dist)
          'src/schema/fromDataClient.test.ts', // the Union search at scale counts the memo's nodes
        ],
      }),
      onDist(vanillaProject, {
        name: 'vanilla-dist',
        exclude: [],
      }),
      onDist(vueProject, {
        name: 'vue-dist',
        exclude: [
          'src/outsideSetup.test.ts', // counts the hub's query watches (private, renamed in dist)
        ],
      }),
      onDist(svelteProject, {
        name: 'svelte-dist',
        exclude: [],
      }),
    ],
  },
});
