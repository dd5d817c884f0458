// Production builds of every app with Vite's JS API, into bench/browser/dist/<id>/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { build, defaultClientConditions } from 'vite';

export const benchDir = fileURLToPath(new URL('.', import.meta.url));
export const distDir = join(benchDir, 'dist');

const plugins = { vue: () => [vue()], svelte: () => [svelte({ configFile: false })] };

/** Builds one app; resolves to its JavaScript size in bytes, minified and gzipped. */
export async function buildApp(contender) {
  const outDir = join(distDir, contender.id);
  await build({
    configFile: false,
    root: join(benchDir, contender.framework, contender.library),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    // Workspace packages from their TypeScript source (always current), compiled and minified
    // like any dependency; `process.env.NODE_ENV` is production, so development code drops out.
    resolve: {
      conditions: ['source', ...defaultClientConditions],
      // `source` comes before `browser` in core's exports: without this, the server's variant of
      // `@tessera/core/server` (server-render guards, a middleware) would be bundled, which no
      // user's browser build carries.
      alias: {
        '@tessera/core/server': join(benchDir, '../../core/src/ssr/serverStore.browser.ts'),
      },
    },
    plugins: plugins[contender.framework](),
    // Source maps (beside the bundles, not counted) let profile-load.mjs name the code it samples.
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, sourcemap: true },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((total, file) => total + gzipSync(readFileSync(join(assets, file))).length, 0);
}
