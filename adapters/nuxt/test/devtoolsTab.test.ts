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
import type { Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/chromium.mjs';
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

describe("the module's look for @tessera/devtools", () => {
  it('calls nothing its declaration marks deprecated or internal (such as a form of @nuxt/kit’s)', () => {
    const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
    const { options } = ts.parseJsonConfigFileContent(
      ts.readConfigFile(at('../tsconfig.json'), ts.sys.readFile).config,
      ts.sys,
      at('..'),
    );
    const program = ts.createProgram([at('../src/module.ts')], { ...options, noEmit: true });
    const checker = program.getTypeChecker();
    const flagged: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const tags = checker.getResolvedSignature(node)?.getJsDocTags() ?? [];
        for (const tag of tags) {
          if (tag.name === 'deprecated' || tag.name === 'internal')
            flagged.push(`${node.expression.getText()}: @${tag.name}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(program.getSourceFile(at('../src/module.ts'))!);
    // Deprecated since @nuxt/kit 4.6 for addNitroPlugin, which the kit of Nuxt 4.3 (the oldest
    // this module supports) does not have: kept until that support goes.
    expect(flagged.filter((call) => !call.startsWith('addServerPlugin:'))).toEqual([]);
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

/** What Nuxt DevTools hands the tab's page (`window.__NUXT_DEVTOOLS__`), as far as it reads it. */
interface FakeClient {
  host: { nuxt: { $tesseraDevtools?: (container: Element) => () => void } };
}
declare global {
  interface Window {
    __NUXT_DEVTOOLS__?: FakeClient;
    fakeApp(name: string): FakeClient['host']['nuxt'];
  }
}

/** The tab's page, served as in `nuxt dev`, open in headless Chromium. */
async function inTabPage(run: (page: Page, origin: string) => Promise<void>): Promise<void> {
  const served = await serveRegistered('/', true);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${served.origin}${served.route}/`);
    await run(page, served.origin);
  } finally {
    await browser.close();
    await served.close();
  }
}

describe("the tab's page in Chromium", () => {
  it('keeps its panel each time Nuxt DevTools shows the tab again (10,000 times); another app, or pagehide, removes it', () =>
    inTabPage(async (page, origin) => {
      // What the fake apps are asked, kept by the origin: the list outlives the tab's page.
      const asked = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('asked') ?? '[]') as string[]);
      await page.evaluate(() => {
        const record = (line: string) =>
          localStorage.setItem(
            'asked',
            JSON.stringify([...JSON.parse(localStorage.getItem('asked') ?? '[]'), line]),
          );
        window.fakeApp = (name: string) => ({
          $tesseraDevtools(container: Element) {
            record(`mount ${name} in ${container.localName}`);
            return () => record(`remove ${name}`);
          },
        });
      });
      await page.evaluate(() => {
        const first = window.fakeApp('first');
        // Each mount of Nuxt DevTools' view of the tab sets the client again.
        for (let i = 0; i < 10_000; i++) window.__NUXT_DEVTOOLS__ = { host: { nuxt: first } };
      });
      expect(await asked()).toEqual(['mount first in body']);
      expect(await page.locator('#status').isHidden()).toBe(true);
      await page.evaluate(() => {
        window.__NUXT_DEVTOOLS__ = { host: { nuxt: window.fakeApp('second') } };
      });
      expect(await asked()).toEqual([
        'mount first in body',
        'remove first',
        'mount second in body',
      ]);
      // Away from the tab's page, on the same origin (a 404): its pagehide removes the panel.
      await page.goto(`${origin}/elsewhere`);
      expect((await asked()).at(-1)).toBe('remove second');
    }));

  it('says the plugin did not load, and where to look, when the app has no panel to give', () =>
    inTabPage(async (page) => {
      await page.evaluate(() => {
        window.__NUXT_DEVTOOLS__ = { host: { nuxt: {} } };
      });
      expect(await page.locator('#status').textContent()).toBe(
        'The Tessera devtools plugin did not load in this app: see the app’s console for why.',
      );
    }));
});
