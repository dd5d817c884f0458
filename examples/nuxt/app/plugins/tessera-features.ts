// The store's opt-in features, handed to @tessera/nuxt's plugins (this one runs before them):
// polling for the live counter, garbage collection for a long session.
import { GCManager, PollingManager } from '@tessera/core';
import { defineNuxtPlugin } from 'nuxt/app';

export default defineNuxtPlugin({
  name: 'tessera-features',
  enforce: 'pre',
  setup: () => ({ provide: { tesseraManagers: [new PollingManager(), new GCManager()] } }),
});
