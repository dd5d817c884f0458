import { GCManager, PageManager, PollingManager, readStateScript } from '@tessera/core';
import { TabSyncManager } from '@tessera/core/persist';
import { reduxDevtools } from '@tessera/devtools';
import { createTessera, tesseraContext } from '@tessera/svelte';
import { hydrate, mount } from 'svelte';
import App from './App.svelte';
import { live } from './live';
import { queue } from './todoQueue';
// The vanilla example's stylesheet (same markup classes), plus what the Vue page adds: the same.
import '../../vanilla/src/style.css';
import '../../vue/src/vue.css';

// A server-rendered page carries the store's state: start from it, so nothing it holds is
// fetched again, and hydrate the markup. Without it (no server render, or a state that
// readStateScript refused), mount from scratch: the server's markup, if any, is not ours.
const initialState = readStateScript();
// The Redux DevTools extension, when the browser has it, logs the store's actions (development
// only, like the <TesseraDevtools /> panel in App.svelte). Polling (the live counter), pushed
// changes (the todo lists), following the page (refetch on focus and reconnect, wait while
// offline), keeping in step with the app's other tabs and garbage collection are opt in: the
// app hands their managers to the store.
const tessera = createTessera({
  initialState,
  managers: [
    reduxDevtools(),
    queue,
    new TabSyncManager({ channel: 'tessera-example-svelte' }),
    new PageManager(),
    new PollingManager(),
    live,
    new GCManager(),
  ],
});
const target = document.getElementById('app')!;
const options = { target, context: tesseraContext(tessera) };
if (initialState) hydrate(App, options);
else {
  target.replaceChildren();
  mount(App, options);
}

// Changes made offline wait in a durable queue (todoQueue.ts). A reload reads it once the page is
// hydrated (the markup is the server's, without them; reading storage first would hold the page
// back): they show again, marked queued, and are sent once the connection is back.
void queue.restore();

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera });
