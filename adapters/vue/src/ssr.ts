import {
  type Controller,
  type DehydratedState,
  dehydrate,
  hydrate,
  type State,
  serializeState,
} from '@tessera/core';

/** Id of the `<script>` element that carries the store state from the server to the client. */
export const STATE_SCRIPT_ID = '__TESSERA_STATE__';

/**
 * Server side, after `renderToString(app)`: the store state as an inline JSON `<script>` to put
 * in the page. Data cannot break out of it (`</script>`, `<!--`, U+2028 are escaped).
 */
export function renderStateScript(controller: Controller, id = STATE_SCRIPT_ID): string {
  const json = serializeState(dehydrate(controller));
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/**
 * Client side, before `createTessera`: the state the server rendered with, to pass as
 * `initialState`, so hydration neither refetches nor mismatches. Undefined when the page has none.
 */
export function readStateScript(id = STATE_SCRIPT_ID, doc: Document = document): State | undefined {
  const text = doc.getElementById(id)?.textContent;
  return text ? hydrate(JSON.parse(text) as DehydratedState) : undefined;
}
