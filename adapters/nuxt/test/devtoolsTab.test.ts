// The Tessera tab of Nuxt DevTools: added in `nuxt dev` when Nuxt DevTools is on (examples/nuxt's
// Nuxt, loaded without building), never otherwise; and the page it frames, served as a Vite
// middleware. The browser test (tests/e2e/nuxtDevtools.mjs) opens it in Nuxt DevTools.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNuxt } from '@nuxt/kit';
import { createHooks } from 'hookable';
import type { Nuxt, NuxtConfig } from 'nuxt/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { addDevtoolsTab, type DevtoolsTab, TAB_PATH } from '../src/devtoolsTab';

const rootDir = fileURLToPath(new URL('../../../examples/nuxt', import.meta.url));
const buildDirs: string[] = [];
afterAll(() => {
  for (const dir of buildDirs) rmSync(dir, { recursive: true, force: true });
});

/** What the module adds to examples/nuxt's Nuxt: its DevTools tabs, and our plugins. */
async function added(dev: boolean, overrides: NuxtConfig) {
  const buildDir = mkdtempSync(join(tmpdir(), 'tessera-nuxt-devtools-'));
  buildDirs.push(buildDir);
  const nuxt = await loadNuxt({ cwd: rootDir, dev, overrides: { buildDir, ...overrides } });
  try {
    const tabs: DevtoolsTab[] = [];
    await (nuxt.callHook as (name: string, tabs: DevtoolsTab[]) => Promise<void>)(
      'devtools:customTabs',
      tabs,
    );
    const plugins = nuxt.options.plugins
      .map((plugin) => (typeof plugin === 'string' ? { src: plugin } : plugin))
      .filter((plugin) => /adapters\/nuxt\/.*runtime\//.test(plugin.src))
      .map((plugin) => [
        plugin.src.replace(/.*\/runtime\//, '').replace(/\.[jt]s$/, ''),
        plugin.mode,
      ])
      .sort();
    return { tabs: tabs.filter((tab) => tab.name === 'tessera'), plugins };
  } finally {
    await nuxt.close();
  }
}

const ours = [
  ['plugin.client', 'client'],
  ['plugin.server', 'server'],
];

describe('the Tessera tab of Nuxt DevTools', () => {
  it('is added in nuxt dev with Nuxt DevTools on, with the plugin its page calls', async () => {
    const { tabs, plugins } = await added(true, { devtools: { enabled: true } });
    expect(tabs).toEqual([
      {
        name: 'tessera',
        title: 'Tessera',
        icon: `${TAB_PATH}/icon.svg`,
        category: 'modules',
        view: { type: 'iframe', src: `${TAB_PATH}/` },
      },
    ]);
    expect(plugins).toEqual([['devtools.client', 'client'], ...ours]);
  });

  it('is not added with Nuxt DevTools off, nor in a production build', async () => {
    expect(await added(true, { devtools: { enabled: false } })).toEqual({
      tabs: [],
      plugins: ours,
    });
    expect(await added(false, { devtools: { enabled: true } })).toEqual({
      tabs: [],
      plugins: ours,
    });
  });
});

type Middleware = (request: IncomingMessage, response: ServerResponse) => void;
interface FakeVite {
  middlewares: { use(route: string, run: Middleware): void };
}
interface FakeHooks {
  'vite:serverCreated': (server: FakeVite, env: { isClient: boolean; isServer: boolean }) => void;
  'devtools:customTabs': (tabs: DevtoolsTab[]) => void;
}

/** A Nuxt stand-in with real hooks: enough for what `addDevtoolsTab` uses. */
function fakeNuxt(baseURL: string) {
  const hooks = createHooks<FakeHooks>();
  const nuxt = { options: { dev: true, app: { baseURL } }, hook: hooks.hook.bind(hooks) };
  return { nuxt: nuxt as unknown as Nuxt, hooks };
}

/** Serves what the tab registered on the browser's Vite server (mounted at its route, as connect does). */
async function serveRegistered(baseURL: string, installed: boolean) {
  const { nuxt, hooks } = fakeNuxt(baseURL);
  let plugins = 0;
  addDevtoolsTab(nuxt, installed ? () => plugins++ : undefined);
  const used: [string, Middleware][] = [];
  const vite = {
    middlewares: { use: (route: string, run: Middleware) => used.push([route, run]) },
  };
  await hooks.callHook('vite:serverCreated', vite, { isClient: false, isServer: true });
  expect(used).toEqual([]);
  await hooks.callHook('vite:serverCreated', vite, { isClient: true, isServer: false });
  expect(used.map(([route]) => route)).toEqual([`${baseURL.replace(/\/$/, '')}${TAB_PATH}`]);
  const [[route, middleware]] = used;
  const server = createServer((request, response) => {
    if (!request.url?.startsWith(route)) return void response.writeHead(404).end();
    request.url = request.url.slice(route.length) || '/';
    middleware(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, route, plugins, close: () => new Promise((done) => server.close(done)) };
}

describe("the tab's page", () => {
  it('is served under the app’s baseURL, with its icon; it asks the app for the panel', async () => {
    const served = await serveRegistered('/shop/', true);
    try {
      expect(served.plugins).toBe(1);
      const page = await fetch(`${served.origin}${served.route}/`);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('app.$tesseraDevtools(document.body)');
      expect(html).toContain("addEventListener('pagehide'");
      expect(html).not.toContain('npm install -D @tessera/devtools');
      const icon = await fetch(`${served.origin}${served.route}/icon.svg`);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(await icon.text()).toMatch(/^<svg /);
    } finally {
      await served.close();
    }
  });

  it('says to install @tessera/devtools when the app has not, and adds no plugin', async () => {
    const served = await serveRegistered('/', false);
    try {
      expect(served.plugins).toBe(0);
      const html = await (await fetch(`${served.origin}${served.route}/`)).text();
      expect(html).toContain('npm install -D @tessera/devtools');
    } finally {
      await served.close();
    }
  });
});
