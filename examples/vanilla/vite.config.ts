import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { apiPlugin } from '../server/src/index';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// `TESSERA_API_URL` points the page at an API server that runs elsewhere (Vite proxies `/api`);
// without it the API is served from this Vite process. `TESSERA_API_LATENCY` (ms) slows every
// API response so loading states and optimistic updates are visible.
export default defineConfig({
  root: source('.'),
  resolve: {
    // Workspace packages resolve to their TypeScript source, like in the tests.
    conditions: ['source', ...defaultClientConditions],
    // The adapter by path as well, so the page runs before `npm install` has linked it.
    alias: { '@tessera/vanilla': source('../../adapters/vanilla/src/index.ts') },
  },
  plugins: [
    apiPlugin({
      target: process.env.TESSERA_API_URL,
      latency: Number(process.env.TESSERA_API_LATENCY ?? 0),
    }),
  ],
});
