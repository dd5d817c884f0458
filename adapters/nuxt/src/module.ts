// @tessera/nuxt: the Nuxt module. It installs @tessera/vue's store with a plugin per side (a store
// per request on the server, one per app in the browser), auto-imports the composables, and
// hands the store's options to the plugins through the runtime config. See README.md.
import {
  addComponent,
  addImports,
  addPlugin,
  addServerPlugin,
  createResolver,
  defineNuxtModule,
  directoryToURL,
  resolveModule,
} from '@nuxt/kit';
import type { NuxtModule } from 'nuxt/schema';
import { addDevtoolsTab, devtoolsEnabled } from './devtoolsTab';
import type { StoreOptions } from './runtime/options';
import { serverTarget } from './runtime/serverTarget';

export type { StoreOptions } from './runtime/options';

export interface ModuleOptions extends StoreOptions {
  /**
   * Where the server's requests to relative URLs (`/api/todos`) go during a server render:
   * `'in-process'` (this app's own server routes answer them, without leaving the process) or
   * an origin such as `http://api.internal:3001`. Required in production: a server without it
   * refuses to start (development answers them in process, with a warning). Never the page
   * request's Host header. Runtime override: `NUXT_TESSERA_SERVER_ORIGIN`.
   */
  serverOrigin?: 'in-process' | (string & {});
}

/**
 * What the module auto-imports from @tessera/vue. Not `useFetch`, which would shadow Nuxt's own:
 * import that one from '@tessera/vue'.
 */
export const composables = [
  'useSuspense',
  'useDLE',
  'useLive',
  'useCache',
  'useKeepLive',
  // The deprecated name of useKeepLive, for one release.
  'useSubscription',
  'useQuery',
  'useMutation',
  'useInfinite',
  'useController',
  'useTessera',
] as const;

const tessera: NuxtModule<ModuleOptions> = defineNuxtModule<ModuleOptions>({
  meta: { name: '@tessera/nuxt', configKey: 'tessera', compatibility: { nuxt: '>=4.3.0' } },
  defaults: {},
  setup(options, nuxt) {
    const { resolve } = createResolver(import.meta.url);
    const { serverOrigin = '', ...store } = options;
    // A value that can never work fails the build; a missing one, the production server's start.
    serverTarget(serverOrigin);
    // Public: both plugins build their store from it. Private: only the server needs the origin.
    nuxt.options.runtimeConfig.public.tessera = store;
    nuxt.options.runtimeConfig.tessera = { serverOrigin };
    // The runtime files import `nuxt/app`, which only Nuxt's bundler resolves.
    nuxt.options.build.transpile.push(resolve('./runtime'));
    addPlugin({ src: resolve('./runtime/plugin.server'), mode: 'server' });
    addPlugin({ src: resolve('./runtime/plugin.client'), mode: 'client' });
    addServerPlugin(resolve('./runtime/nitro'));
    keepServerPrefetchHooks(nuxt.options.optimization.treeShake.composables.client);
    addImports(composables.map((name) => ({ name, from: '@tessera/vue' })));
    addComponent({
      name: 'TesseraErrorBoundary',
      export: 'TesseraErrorBoundary',
      filePath: '@tessera/vue',
    });
    // A Tessera tab in Nuxt DevTools, in development, when they are on. Nothing of it reaches a
    // production build.
    if (devtoolsEnabled(nuxt)) {
      addDevtoolsTab(
        nuxt,
        hasDevtools([nuxt.options.rootDir, ...nuxt.options.modulesDir])
          ? () => addPlugin({ src: resolve('./runtime/devtools.client'), mode: 'client' })
          : undefined,
      );
    }
  },
});

/** The app can import @tessera/devtools (an optional peer), looked up from these folders. */
function hasDevtools(folders: string[]): boolean {
  try {
    resolveModule('@tessera/devtools', { url: folders.map(directoryToURL) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Nuxt removes `onServerPrefetch` calls from the browser's bundle. The readers register one on
 * both sides because Vue numbers `useId` per async boundary and counts a component with that hook
 * as one: without it in the browser, every id below a `useDLE` differs from the server's and
 * hydration mismatches (vuejs/core#12591). The hook never runs in the browser.
 */
function keepServerPrefetchHooks(client: Record<string, string[]>): void {
  const vue = client.vue ?? [];
  const at = vue.indexOf('onServerPrefetch');
  if (at >= 0) vue.splice(at, 1);
}

export default tessera;
