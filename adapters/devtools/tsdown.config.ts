// Like every package (ESM with types), with an entry per framework; the Svelte component is
// packaged by svelte-package (see the build script).
import { defineConfig } from 'tsdown';
import base from '../../core/tsdown.config';

export default defineConfig({ ...base, entry: ['src/index.ts', 'src/vue.ts'] });
