import type { Plugin } from 'vite';
import { type ApiOptions, createApi } from './api';

export interface ApiPluginOptions extends ApiOptions {
  /**
   * Origin of an API server that is already running (e.g. `http://127.0.0.1:3001`). When set,
   * Vite proxies `/api` to it instead of serving the API from its own process.
   */
  target?: string;
}

/**
 * Serves the todo/user API from Vite's dev and preview servers under `/api`, so a page and its
 * backend share one origin and one command.
 */
export function apiPlugin(options: ApiPluginOptions = {}): Plugin {
  const { target, ...apiOptions } = options;
  if (target) {
    const proxy = { '/api': { target, changeOrigin: true, ws: true } };
    return { name: 'tessera-api-proxy', config: () => ({ server: { proxy }, preview: { proxy } }) };
  }
  const api = createApi(apiOptions);
  return {
    name: 'tessera-api',
    configureServer(server) {
      server.middlewares.use(api.handle);
      server.httpServer?.on('upgrade', api.live.upgrade);
    },
    configurePreviewServer(server) {
      server.middlewares.use(api.handle);
      server.httpServer?.on('upgrade', api.live.upgrade);
    },
  };
}
