import { message } from '../schema/development';
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
 *
 * Only a script the server wrote is read: a `<script type="application/json">` with the id that
 * is a child of `<head>` or `<body>` itself, where no content of the page's own sits (the last
 * one, if several: the server writes its own after the app's markup). Page content cannot make
 * one (a sanitizer removes every script; whoever can add one runs code already), so other
 * elements with the id (say a user's post holding `<div id="__TESSERA_STATE__">`, above the real
 * script or below it) are passed over (docs/guide/ssr.md#where-the-state-script-sits). With no
 * such script but some element with the id, the state is refused: reported as a `TypeError`
 * (TSR80) without throwing, and undefined returned, so the store starts empty and fetches.
 */
export function readStateScript(id = STATE_SCRIPT_ID, doc: Document = document): State | undefined {
  // Called from the prototype: page content cannot shadow it (`<img name="querySelectorAll">`).
  const scripts = Document.prototype.querySelectorAll.call(doc, 'script');
  let script: Element | undefined;
  for (let i = scripts.length - 1; i >= 0 && !script; i--) {
    if (scripts[i].id === id && isServerScript(scripts[i], doc)) script = scripts[i];
  }
  if (!script) {
    const element = Document.prototype.getElementById.call(doc, id);
    if (!element) return undefined;
    const refused = new TypeError(
      message(
        `TSR80 ${id}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `The page state "${id}" is not read: no element with that id is the JSON script renderStateScript() writes as a child of head or body; the first is a ${element.localName} (docs/guide/ssr.md#where-the-state-script-sits). The store starts empty`,
      ),
    );
    // Reported, not thrown: content of the page must not stop the app from starting.
    (globalThis.reportError ?? console.error)(refused);
    return undefined;
  }
  const text = script.textContent;
  return text ? hydrate(JSON.parse(text) as DehydratedState) : undefined;
}

/**
 * What renderStateScript writes, where the docs say to put it. The parent is checked by its
 * place in the tree, not against `document.head`/`.body`, which named page content can shadow.
 */
function isServerScript(element: Element, doc: Document): boolean {
  const parent = element.parentElement;
  const root = parent?.parentElement;
  return (
    element.localName === 'script' &&
    element.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    element.getAttribute('type') === 'application/json' &&
    (parent?.localName === 'head' || parent?.localName === 'body') &&
    root?.localName === 'html' &&
    root.parentNode === doc
  );
}
