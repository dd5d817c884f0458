// Built like the other packages (ESM with types, one file per source file): the module, and the
// runtime files Nuxt's bundler compiles into the app. Nuxt's types stay imports (nuxt is a peer).
import { defineConfig } from 'tsdown';
import base from '../../core/tsdown.config';

export default defineConfig({
  ...base,
  entry: [
    'src/module.ts',
    'src/runtime/plugin.server.ts',
    'src/runtime/plugin.client.ts',
    'src/runtime/nitro.ts',
    'src/runtime/devtools.client.ts',
  ],
  deps: { neverBundle: [/^nuxt(\/|$)/, /^@nuxt\//, /^nitropack(\/|$)/] },
});
