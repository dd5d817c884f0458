// Development only, with Nuxt DevTools on: what the Tessera tab's page calls to draw the panel of
// this app's store into itself (`mountDevtools` with a container). The panel runs here, in the
// app's page, so it shares the store's devtools session with a `<TesseraDevtools />` of the app.
import { mountDevtools } from '@tessera/devtools';
import { useTessera } from '@tessera/vue';
import { defineNuxtPlugin } from 'nuxt/app';

export default defineNuxtPlugin({
  name: 'tessera:devtools',
  dependsOn: ['tessera:client'],
  setup(nuxtApp) {
    const tessera = nuxtApp.vueApp.runWithContext(() => useTessera());
    const tesseraDevtools = (container: Element): (() => void) =>
      mountDevtools(tessera, { container });
    return { provide: { tesseraDevtools } };
  },
});
