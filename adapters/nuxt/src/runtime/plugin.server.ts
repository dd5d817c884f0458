// Server side: a store per request (this plugin runs once per render), its state put into
// Nuxt's payload once the page is rendered, then disposed.
import { dehydrate, NetworkManager } from '@tessera/core';
import { createTessera } from '@tessera/vue';
import { defineNuxtPlugin, useRequestURL, useRuntimeConfig } from 'nuxt/app';
import { PAYLOAD_KEY, providedManagers, type StoreOptions } from './options';
import { performAt } from './performAt';

export default defineNuxtPlugin({
  name: 'tessera:server',
  setup(nuxtApp) {
    const config = useRuntimeConfig();
    const options = config.public.tessera as StoreOptions;
    const { serverOrigin } = config.tessera as { serverOrigin: string };
    const perform = performAt(serverOrigin || useRequestURL().origin);
    const tessera = createTessera({
      ...options,
      // The default network manager, with relative URLs resolved against the origin. (On the
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
