import { existsSync } from 'node:fs';
import { defineConfig } from 'tsdown';

export default defineConfig({
  // A package's public entry, and its http, internal, live, persist and testing subpaths where it has them.
  // (Core's `server` subpath has a browser variant, built beside it.)
  entry: [
    'src/index.ts',
    'src/http.ts',
    'src/internal.ts',
    'src/live.ts',
    'src/persist.ts',
    'src/testing.ts',
    'src/ssr/serverStore.ts',
    'src/ssr/serverStore.browser.ts',
  ].filter((file) => existsSync(file)),
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  platform: 'neutral',
  unbundle: true,
  // Rolldown's note that the types plugin takes most of the build time: true, expected (it runs
  // the TypeScript checker) and nothing to act on, it only made every install look alarming.
  checks: { pluginTimings: false },
});
