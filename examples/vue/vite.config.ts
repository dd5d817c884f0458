import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig } from 'vite';
import { apiPlugin } from '../server/src/index';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Like the vanilla example: the API runs in this Vite process (or `TESSERA_API_URL` points at one
// elsewhere), slowed by `TESSERA_API_LATENCY` ms so loading and optimistic states show.
export default defineConfig({
  root: source('.'),
  resolve: {
    // Workspace packages resolve to their TypeScript source, like in the tests.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@tessera/vue': source('../../adapters/vue/src/index.ts') },
  },
  plugins: [
    vue(),
    apiPlugin({
      target: process.env.TESSERA_API_URL,
      latency: Number(process.env.TESSERA_API_LATENCY ?? 0),
    }),
  ],
});
