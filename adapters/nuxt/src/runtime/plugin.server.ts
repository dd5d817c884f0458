// Server side: a store per request (this plugin runs once per render), its state put into
// Nuxt's payload once the page is rendered, then disposed.
import { dehydrate, NetworkManager, type PerformRequest } from '@tessera/core';
import { createTessera } from '@tessera/vue';
import { defineNuxtPlugin, useRequestEvent, useRuntimeConfig } from 'nuxt/app';
import { PAYLOAD_KEY, providedManagers, type StoreOptions } from './options';
import { type LocalFetch, performAt, performInProcess } from './performAt';
import { IN_PROCESS, LOCAL_FETCH, noLocalFetch, serverTarget } from './serverTarget';

export default defineNuxtPlugin({
  name: 'tessera:server',
  setup(nuxtApp) {
    const config = useRuntimeConfig();
    const options = config.public.tessera as StoreOptions;
    const { serverOrigin } = config.tessera as { serverOrigin?: string };
    // Unset only in development (a production server refuses to start: ./nitro.ts).
    const target = serverTarget(serverOrigin) ?? IN_PROCESS;
    const request =
      target === IN_PROCESS
        ? performInProcess(localFetchOf(useRequestEvent()?.context))
        : performAt(target);
    // The endpoint's hooks (`getHeaders`...) run inside this request's Nuxt context, so they can
    // call `useRequestHeaders()` and other composables there (synchronously, before any await).
    const perform: PerformRequest = (endpoint, args, signal) =>
      nuxtApp.runWithContext(() => request(endpoint, args, signal));
    const tessera = createTessera({
      ...options,
      // The default network manager, with relative URLs sent where `serverOrigin` says. (On the
      // server, createTessera puts in front the manager that keeps failures out of the state the
      // page renders: docs/guide/ssr.md.)
      managers: (defaults) => [
        // The app's own (a plugin's `provide: { tesseraManagers }`), e.g. a RetryManager.
        ...providedManagers(nuxtApp.$tesseraManagers),
        ...defaults.map((manager) =>
          manager instanceof NetworkManager ? new NetworkManager({ perform }) : manager,
        ),
      ],
    });
    nuxtApp.vueApp.use(tessera);
    // Nuxt serializes the payload with devalue after this hook; the state holds plain data only
    // (dehydrate leaves errors out, the browser fetches those again).
    nuxtApp.hooks.hook('app:rendered', () => {
      nuxtApp.payload[PAYLOAD_KEY] = dehydrate(tessera.controller);
      tessera.store.dispose();
    });
  },
});

/** Nitro's localFetch, which the module's Nitro plugin put in the request's context. */
function localFetchOf(context: Record<string, unknown> | undefined): LocalFetch {
  const localFetch = context?.[LOCAL_FETCH];
  if (typeof localFetch !== 'function') throw noLocalFetch();
  return localFetch as LocalFetch;
}
