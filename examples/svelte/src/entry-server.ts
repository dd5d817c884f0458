// Server rendering: fetch what the first screen shows into a store made for this request,
// render the app from it, and hand the page the store's state to hydrate from.
import {
  NetworkManager,
  type PerformRequest,
  type RestEndpoint,
  renderStateScript,
} from '@tessera/core';
import { createTessera, tesseraContext } from '@tessera/svelte';
import { render } from 'svelte/server';
import App from './App.svelte';
import { getCounter, listArgs, TodoResource, UserResource } from './api';

export interface RenderedPage {
  head: string;
  body: string;
  /** The store's state as an inline JSON <script> (core's `renderStateScript`), for `main.ts`. */
  stateScript: string;
}

export async function renderPage(origin: string): Promise<RenderedPage> {
  // The endpoints' URLs are relative to the page; on the server they need its origin. Only the
  // request's URL changes: the store keys results as the browser will.
  const perform: PerformRequest = (endpoint, args, signal) =>
    (endpoint as unknown as RestEndpoint).extend({ urlPrefix: origin, signal })(...args);
  const tessera = createTessera({
    managers: (defaults) =>
      defaults.map((manager) =>
        manager instanceof NetworkManager ? new NetworkManager({ perform }) : manager,
      ),
  });
  try {
    await Promise.all([
      tessera.controller.fetch(TodoResource.getList, listArgs(null)),
      tessera.controller.fetch(UserResource.getList),
      tessera.controller.fetch(getCounter),
    ]);
    const { head, body } = await render(App, { context: tesseraContext(tessera) });
    return { head, body, stateScript: renderStateScript(tessera.controller) };
  } finally {
    tessera.dispose();
  }
}
