// The todo app of the other examples as a Nuxt app: pages render on the server with the data,
// and the browser starts from the state in Nuxt's payload. The API is served by this app's own
// server under /api (server/middleware/api.ts).
import type { ModuleOptions } from '@tessera/nuxt';
import { defineNuxtConfig } from 'nuxt/config';

// The module's options. The API is this app's own (server/middleware/api.ts, server/routes): a
// server render's requests to it stay in process. (The browser tests route them through a proxy
// instead, with NUXT_TESSERA_SERVER_ORIGIN.)
const tessera = { serverOrigin: 'in-process' } satisfies ModuleOptions;

export default defineNuxtConfig({
  modules: ['@tessera/nuxt'],
  // Spread: the `tessera` key is known to Nuxt's generated types only, not to this file's.
  ...{ tessera },
  compatibilityDate: '2025-11-01',
  // Always here (a production build may otherwise use node_modules/.cache): `npm test`
  // typechecks the app with the tsconfig files Nuxt generates into it.
  buildDir: '.nuxt',
  // <NuxtClientFallback>: a part whose server render fails is rendered in the browser instead.
  experimental: { clientFallback: true },
  css: ['../vanilla/src/style.css', '../vue/src/vue.css', '~/nuxt.css'],
  app: { head: { title: 'Tessera · Nuxt example', htmlAttrs: { lang: 'en' } } },
  // Nuxt DevTools (in `nuxt dev`), with the Tessera tab @tessera/nuxt adds to it.
  devtools: { enabled: true },
  telemetry: false,
});
