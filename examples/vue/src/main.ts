import { GCManager, PageManager, PollingManager } from '@tessera/core';
import { indexedDBStorage, PersistManager, TabSyncManager } from '@tessera/core/persist';
import { reduxDevtools } from '@tessera/devtools';
import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';
import { live } from './live';
import { queue } from './todoQueue';
// The vanilla example's stylesheet (same markup classes), plus what this page adds.
import '../../vanilla/src/style.css';
import './vue.css';

// The Redux DevTools extension, when the browser has it, logs the store's actions (development
// only, like the <TesseraDevtools /> panel in App.vue). Polling (the live counter), pushed
// changes (the todo lists), following the page (refetch on focus and reconnect, wait while
// offline), keeping the store across reloads (IndexedDB) and in step with the app's other tabs and garbage collection are opt in: the
// app hands their managers to the store. A reload shows what the last visit loaded at once, and
// fetches only what is stale.
const persist = new PersistManager({
  storage: indexedDBStorage('tessera-example-vue'),
  buster: 'v1',
});
// Changes made offline wait in a durable queue (todoQueue.ts): read before the store starts, so
// a reload shows them again, marked queued, and sends them once the connection is back.
const [initialState] = await Promise.all([persist.restore(), queue.restore()]);
const tessera = createTessera({
  initialState,
  managers: [
    reduxDevtools(),
    persist,
    queue,
    new TabSyncManager({ channel: 'tessera-example-vue' }),
    new PageManager(),
    new PollingManager(),
    live,
    new GCManager(),
  ],
});
createApp(App).use(tessera).mount('#app');

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera });
