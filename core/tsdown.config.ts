import { existsSync } from 'node:fs';
import { defineConfig } from 'tsdown';

export default defineConfig({
  // A package's public entry, and its internal and testing subpaths where it has them.
  entry: ['src/index.ts', 'src/internal.ts', 'src/testing.ts'].filter((file) => existsSync(file)),
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  platform: 'neutral',
  unbundle: true,
});
