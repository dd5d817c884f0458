import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';
import { apiPlugin } from '../server/src/index';

// `vite dev` serves the API under /api like the other examples (`npm run demo` serves the
// production build instead: serve.mjs). The Tessera packages are their builds (dist/), as an
// app installed from npm gets them.
export default defineConfig({
  // A workspace package would be bundled into the server build with its imports left to the
  // app's node_modules; core's own dependencies must come from core's.
  ssr: { external: ['@tessera/core'] },
  // Rolldown's note of which plugins took the build's time (SvelteKit's own, mostly): nothing
  // to act on, and `npm run demo` printed it on every start.
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
  plugins: [
    sveltekit(),
    apiPlugin({
      target: process.env.TESSERA_API_URL,
      latency: Number(process.env.TESSERA_API_LATENCY ?? 0),
    }),
  ],
});
