// Browser side: one store for the app, started from the state the server rendered with (Nuxt's
// payload), so hydration neither refetches nor mismatches.
import { hydrate } from '@tessera/core';
import { createTessera } from '@tessera/vue';
import { defineNuxtPlugin, useRuntimeConfig } from 'nuxt/app';
import { PAYLOAD_KEY, providedManagers, type StoreOptions } from './options';

export default defineNuxtPlugin({
  name: 'tessera:client',
  setup(nuxtApp) {
    const options = useRuntimeConfig().public.tessera as StoreOptions;
    const state = nuxtApp.payload[PAYLOAD_KEY];
    const initialState = state === undefined ? undefined : hydrate(state);
    const managers = providedManagers(nuxtApp.$tesseraManagers);
    nuxtApp.vueApp.use(createTessera({ ...options, initialState, managers }));
  },
});
