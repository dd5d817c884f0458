import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { apiPlugin } from '../server/src/index';
import type { renderPage } from './src/entry-server';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Serves `/` rendered on the server (svelte/server `render`) with the store's state in the page,
 * which `src/main.ts` hydrates from. If the server render fails, the page renders in the browser.
 */
function serverRender(): Plugin {
  return {
    name: 'tessera-svelte-ssr',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (req.method !== 'GET' || (url.pathname !== '/' && url.pathname !== '/index.html')) {
          return next();
        }
        try {
          const template = await server.transformIndexHtml(
            req.url ?? '/',
            readFileSync(source('index.html'), 'utf8'),
          );
          let html = template;
          try {
            const entry = await server.ssrLoadModule('/src/entry-server.ts');
            const origin = `http://${req.headers.host}`;
            const page = await (entry.renderPage as typeof renderPage)(origin);
            html = template
              .replace('<!--ssr-head-->', page.head)
              .replace('<!--ssr-body-->', page.body)
              .replace('<!--ssr-state-->', page.stateScript);
          } catch (error) {
            console.error('[svelte example] server render failed, rendering in the browser', error);
          }
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

// Like the other examples: the API runs in this Vite process (or `TESSERA_API_URL` points at one
// elsewhere), slowed by `TESSERA_API_LATENCY` ms so loading and optimistic states show.
export default defineConfig({
  root: source('.'),
  resolve: {
    // Workspace packages resolve to their TypeScript source, like in the tests.
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  plugins: [
    svelte({ configFile: source('svelte.config.js') }),
    apiPlugin({
      target: process.env.TESSERA_API_URL,
      latency: Number(process.env.TESSERA_API_LATENCY ?? 0),
    }),
    serverRender(),
  ],
});
