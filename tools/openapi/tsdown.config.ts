// Built like every package (src → dist, ESM with types), for node: the bin runs dist/cli.js.
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  platform: 'node',
  fixedExtension: false,
  unbundle: true,
  // As core's: rolldown's note that the types plugin takes most of the build time is expected.
  checks: { pluginTimings: false },
});
