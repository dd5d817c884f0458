// The Tessera tab of Nuxt DevTools (development only): the tab, the page it frames, and the
// plugin that lets that page draw @tessera/devtools' panel of the app's store into itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Nuxt } from 'nuxt/schema';

/** Where the tab's page is served, under the app's `baseURL`. */
export const TAB_PATH = '/__tessera_devtools';

/** What Nuxt DevTools takes from a module for a tab with a page of its own (an iframe view). */
export interface DevtoolsTab {
  name: string;
  title: string;
  icon: string;
  category: string;
  view: { type: 'iframe'; src: string };
}

/** Nuxt DevTools is on in this `nuxt dev`, by Nuxt's own rule (`true`, or not `enabled: false`). */
export function devtoolsEnabled(nuxt: Nuxt): boolean {
  if (!nuxt.options.dev) return false;
  const { devtools } = nuxt.options;
  return typeof devtools === 'boolean' ? devtools : devtools?.enabled !== false;
}

/**
 * Adds the tab. Its page needs the app's side too: `addPlugin` adds the browser plugin (which
 * imports @tessera/devtools), given when the app has @tessera/devtools; without it, the page says
 * to install it.
 */
export function addDevtoolsTab(nuxt: Nuxt, addPlugin: (() => void) | undefined): void {
  const base = nuxt.options.app.baseURL.replace(/\/$/, '');
  const tab: DevtoolsTab = {
    name: 'tessera',
    title: 'Tessera',
    icon: `${base}${TAB_PATH}/icon.svg`,
    category: 'modules',
    view: { type: 'iframe', src: `${base}${TAB_PATH}/` },
  };
  // The hook @nuxt/devtools-kit's `addCustomTab` registers on, used directly: the kit (and the
  // @nuxt/kit 3 it brings) need not be a dependency. Nuxt's own types do not list this hook.
  const hook = nuxt.hook as unknown as (
    name: 'devtools:customTabs',
    run: (tabs: DevtoolsTab[]) => void,
  ) => void;
  hook('devtools:customTabs', (tabs) => {
    tabs.push(tab);
  });
  // Served by the browser's Vite dev server, as Nuxt DevTools serves its own client.
  nuxt.hook('vite:serverCreated', (server, env) => {
    if (env.isClient)
      server.middlewares.use(`${base}${TAB_PATH}`, serveTab(addPlugin !== undefined));
  });
  addPlugin?.();
}

/** The tab's page and its icon (the middleware is mounted at the tab's path). */
export function serveTab(installed: boolean) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0];
    const [type, body] =
      path === '/icon.svg'
        ? ['image/svg+xml', ICON]
        : ['text/html; charset=utf-8', tabPage(installed)];
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
  };
}

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><g fill="#0969da">' +
  '<rect x="1" y="1" width="6" height="6" rx="1"/><rect x="9" y="1" width="6" height="6" rx="1"/>' +
  '<rect x="1" y="9" width="6" height="6" rx="1"/></g>' +
  '<rect x="9" y="9" width="6" height="6" rx="1" fill="#57606a"/></svg>';

/**
 * The page Nuxt DevTools frames. Once loaded, Nuxt DevTools hands it its client as
 * `window.__NUXT_DEVTOOLS__` (what `onDevtoolsClientConnected` of
 * `@nuxt/devtools-kit/iframe-client` waits for); `client.host.nuxt` is the app's NuxtApp, in the
 * page the devtools are open on. The page asks it for the panel (`$tesseraDevtools`, the
 * plugin's): the panel's code, and the store's session, stay the app's own.
 */
function tabPage(installed: boolean): string {
  const missing = installed
    ? 'The Tessera devtools plugin did not load in this app: see the app’s console for why.'
    : 'Install @tessera/devtools in this app (npm install -D @tessera/devtools) and restart nuxt dev to see its store here.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tessera</title>
<style>
html, body { height: 100%; margin: 0; }
body { font: 13px/1.4 system-ui, sans-serif; color: #1f2328; background: #fff; }
p { margin: 12px; }
</style>
</head>
<body>
<p id="status">Waiting for Nuxt DevTools to connect this tab to the app…</p>
<script>
let connected;
let remove;
function connect(client) {
  if (!client) return;
  const status = document.getElementById('status');
  const app = client.host && client.host.nuxt;
  if (!app) {
    status.textContent = 'Open Nuxt DevTools from the app’s page to see its store.';
    return;
  }
  // Nuxt DevTools keeps this page (hidden) when another tab is chosen, and hands it the client
  // again each time it is shown: the panel of the same app stays, with its timeline.
  if (app === connected) return;
  if (typeof app.$tesseraDevtools !== 'function') {
    status.textContent = ${JSON.stringify(missing)};
    return;
  }
  if (remove) remove();
  status.hidden = true;
  connected = app;
  remove = app.$tesseraDevtools(document.body);
}
connect(window.__NUXT_DEVTOOLS__);
Object.defineProperty(window, '__NUXT_DEVTOOLS__', { set: connect, configurable: true });
// The panel runs in the app's page: it stops when this tab's page goes away (and, should the
// frame be removed without this event, when the panel finds its document gone).
addEventListener('pagehide', () => remove && remove());
</script>
</body>
</html>
`;
}
