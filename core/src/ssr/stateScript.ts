import type { Controller } from '../store/Controller';
import type { State } from '../store/State';
import { type DehydratedState, dehydrate, hydrate } from './dehydrate';
import { serializeState } from './serializeState';

/** Id of the `<script>` element that carries the store state from the server to the client. */
export const STATE_SCRIPT_ID = '__TESSERA_STATE__';

/**
 * Server side, after `renderToString(app)`: the store state as an inline JSON `<script>` to put
 * in the page. Data cannot break out of it (`</script>`, `<!--`, U+2028 are escaped), nor can
 * the id (written as an escaped attribute).
 */
export function renderStateScript(controller: Controller, id = STATE_SCRIPT_ID): string {
  const json = serializeState(dehydrate(controller));
  return `<script id="${escapeAttribute(id)}" type="application/json">${json}</script>`;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Any id stays inside its quoted attribute; the DOM gives `getElementById` the id back. */
function escapeAttribute(value: string): string {
  return String(value).replace(/[&"'<>]/g, (char) => ATTRIBUTE_ENTITIES[char]);
}

/**
 * Client side, before creating the store (`createTessera`, `createStore`): the state the server rendered with, to pass as
 * `initialState`, so hydration neither refetches nor mismatches. Undefined when the page has none.
 */
export function readStateScript(id = STATE_SCRIPT_ID, doc: Document = document): State | undefined {
  const text = doc.getElementById(id)?.textContent;
  return text ? hydrate(JSON.parse(text) as DehydratedState) : undefined;
}
