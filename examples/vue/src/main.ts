import { GCManager, PollingManager } from '@tessera/core';
import { reduxDevtools } from '@tessera/devtools';
import { createTessera } from '@tessera/vue';
import { createApp } from 'vue';
import App from './App.vue';
import { live } from './live';
// The vanilla example's stylesheet (same markup classes), plus what this page adds.
import '../../vanilla/src/style.css';
import './vue.css';

// The Redux DevTools extension, when the browser has it, logs the store's actions (development
// only, like the <TesseraDevtools /> panel in App.vue). Polling (the live counter), pushed
// changes (the todo lists) and garbage collection are opt in: the app hands their managers to
// the store.
const tessera = createTessera({
  managers: [reduxDevtools(), new PollingManager(), live, new GCManager()],
});
createApp(App).use(tessera).mount('#app');

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera });
