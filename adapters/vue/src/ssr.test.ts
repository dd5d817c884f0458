// Server render with @vue/server-renderer, the state carried in the page (core's state script),
// and client hydration.
import { readStateScript, renderStateScript, setResponse } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { type Component, createSSRApp, defineComponent, h, nextTick, Suspense, useId } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, setupTodoApi } from '../test/setup';
import TodoTitle from '../test/TodoTitle.vue';
import { createTessera } from './tessera';
import { useDLE } from './useDLE';

const t = setupTodoApi();
const hostile = '</script><script>alert(1)</script><!-- \u2028 \u2029 & <b>';

const Owner = defineComponent({
  setup() {
    const { data, loading } = useDLE(TodoResource.get, { id: 2 });
    return () => h('em', loading.value ? 'loading' : data.value?.title);
  },
});
const App = defineComponent({
  setup: () => () =>
    h(Suspense, null, { default: () => h('main', [h(TodoTitle, { id: 1 }), h(Owner)]) }),
});

async function renderPage() {
  t.api.rows.get(1)!.title = hostile;
  const init = vi.fn();
  const tessera = createTessera({
    managers: [{ init, cleanup() {}, middleware: () => (next) => next }],
  });
  const html = await renderToString(createSSRApp(App).use(tessera));
  const page = `<div id="app">${html}</div>${renderStateScript(tessera.controller)}`;
  tessera.store.dispose();
  return { page, init };
}

/** Renders `component` on a server store and puts the page (with its state script) in the document. */
async function renderIntoDocument(component: Component) {
  const server = createTessera();
  const html = await renderToString(createSSRApp(component).use(server));
  document.body.innerHTML = `<div id="app">${html}</div>${renderStateScript(server.controller)}`;
  server.store.dispose();
}

/** Hydrates the document's page with `component` on a store started from its state script. */
async function hydratePage(component: Component) {
  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');
  const tessera = createTessera({ initialState: readStateScript() });
  const app = createSSRApp(component).use(tessera);
  app.mount('#app');
  await flushPromises();
  const messages = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]));
  warn.mockRestore();
  error.mockRestore();
  return { app, tessera, mismatches: messages.filter((message) => /hydrat/i.test(message)) };
}

describe('SSR', () => {
  it('fetches on the server (useSuspense and useDLE) without starting managers', async () => {
    const { page, init } = await renderPage();
    expect(t.api.requests.sort()).toEqual(['GET /todos/1', 'GET /todos/2']);
    expect(init).not.toHaveBeenCalled();
    const doc = new DOMParser().parseFromString(page, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(hostile);
    expect(doc.querySelector('em')?.textContent).toBe('Todo 2');
  });

  it('carries hostile strings in the state script without breaking out of it', async () => {
    const { page } = await renderPage();
    const doc = new DOMParser().parseFromString(page, 'text/html');
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('b')).toHaveLength(0);
    const script = page.slice(page.indexOf('<script'));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(script).not.toMatch(/[\u2028\u2029]/);
    document.body.innerHTML = page;
    const state = readStateScript();
    const key = TodoResource.get.key({ id: 1 });
    expect(state?.meta[key]).toBeDefined();
    const tessera = createTessera({ initialState: state });
    expect(tessera.controller.getResponse(TodoResource.get, { id: 1 }).data?.title).toBe(hostile);
    tessera.store.dispose();
  });

  it('hydrates from the page: no refetch, no mismatch warning, then follows the store', async () => {
    const { page } = await renderPage();
    t.api.requests.length = 0;
    document.body.innerHTML = page;
    const { app, tessera, mismatches } = await hydratePage(App);
    expect(mismatches).toEqual([]);
    expect(t.api.requests).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe(hostile);
    await setResponse(tessera.controller, TodoResource.get, { id: 1 }, { id: 1, title: 'Live' });
    await nextTick();
    expect(document.querySelector('h1')?.textContent).toBe('Live');
    app.unmount();
  });

  it('renders a read that failed on the server as loading, as the browser does, which fetches it', async () => {
    // The server's store records no failure (docs/guide/ssr.md): the page shows the read
    // loading, the browser starts from a state without it, renders the same, then fetches.
    const Reader = defineComponent({
      setup() {
        const { data, loading, error } = useDLE(TodoResource.get, { id: 3 });
        return () =>
          h(
            'p',
            loading.value
              ? 'loading'
              : error.value
                ? `failed ${error.value.status}`
                : data.value?.title,
          );
      },
    });
    t.api.failNext(500);
    await renderIntoDocument(Reader);
    expect(document.querySelector('p')?.textContent).toBe('loading');
    expect(t.api.requests).toEqual(['GET /todos/3']);
    t.api.requests.length = 0;
    const { app, mismatches } = await hydratePage(Reader);
    expect(mismatches).toEqual([]);
    expect(t.api.requests).toEqual(['GET /todos/3']);
    expect(document.querySelector('p')?.textContent).toBe('Todo 3');
    app.unmount();
  });

  it("keeps Vue's useId the same on both sides below a component that reads with useDLE", async () => {
    // `useId` numbers ids per async boundary, and Vue counts a component with a serverPrefetch
    // hook as one: the reader registers it in the browser too, so the ids match.
    const Labelled = defineComponent({ setup: () => () => h('label', { id: useId() }, 'x') });
    const Reader = defineComponent({
      setup() {
        useDLE(TodoResource.get, { id: 2 });
        return () => h('section', [h(Labelled)]);
      },
    });
    await renderIntoDocument(Reader);
    const serverId = document.querySelector('label')?.id;
    const { app, mismatches } = await hydratePage(Reader);
    expect(mismatches).toEqual([]);
    expect(document.querySelector('label')?.id).toBe(serverId);
    app.unmount();
  });
});
