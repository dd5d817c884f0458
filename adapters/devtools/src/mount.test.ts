// The mounts: `mountDevtools`, `<TesseraDevtools />` for Vue and for Svelte. Each shows the panel
// for its store while mounted and removes it after; in production builds none does anything.
import { createStore, type Store, setResponse } from '@tessera/core';
import { createTessera } from '@tessera/vue';
import { render } from '@testing-library/svelte';
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { TodoResource } from '../../../tests/support/todoApi';
import WithDevtools from '../test/components/WithDevtools.svelte';
import { type DevtoolsOptions, mountDevtools } from './index';
import { TesseraDevtools as SvelteDevtools } from './svelte/index';
import { TesseraDevtools } from './vue';

const hosts = () => document.querySelectorAll('[data-tessera-devtools]');
/** The panel loads on demand: wait for its host, then for it to open when asked. */
const panelShown = () => vi.waitFor(() => expect(hosts()).toHaveLength(1));

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Writes a response, then reads its timeline row in the panel shown: kept or dropped. */
async function payloadKept(store: Store): Promise<boolean> {
  await panelShown();
  await setResponse(store.controller, TodoResource.get, { id: 1 }, { id: 1, title: 'Todo 1' });
  const root = hosts()[0].shadowRoot!;
  root.querySelector<HTMLElement>('#tab-timeline')!.click();
  const details = root.querySelector('#view-timeline details') as HTMLDetailsElement;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  return details.querySelector('.notice')!.hasAttribute('hidden');
}

describe('timelineBytes', () => {
  it('reaches the timeline from mountDevtools and from both components', async () => {
    expectTypeOf<DevtoolsOptions>()
      .toHaveProperty('timelineBytes')
      .toEqualTypeOf<number | undefined>();
    const store = createStore();
    let unmount = mountDevtools(store, { open: true });
    expect(await payloadKept(store)).toBe(true);
    unmount();
    unmount = mountDevtools(store, { open: true, timelineBytes: 0 });
    expect(await payloadKept(store)).toBe(false);
    unmount();
    const vue = mount(TesseraDevtools, { props: { store, open: true, timelineBytes: 0 } });
    expect(await payloadKept(store)).toBe(false);
    vue.unmount();
    const svelte = render(SvelteDevtools, { store, open: true, timelineBytes: 0 });
    expect(await payloadKept(store)).toBe(false);
    svelte.unmount();
    await vi.waitFor(() => expect(hosts()).toHaveLength(0));
    store.dispose();
  });
});

describe('mountDevtools', () => {
  it('shows the panel for a store until the returned function removes it', async () => {
    const store = createStore();
    const original = store.controller.dispatch;
    const unmount = mountDevtools(store, { open: true });
    expect(store.controller.dispatch).not.toBe(original);
    await panelShown();
    expect(hosts()[0].shadowRoot?.querySelector<HTMLElement>('.panel')?.hidden).toBe(false);
    unmount();
    expect(hosts()).toHaveLength(0);
    expect(store.controller.dispatch).toBe(original);
    store.dispose();
  });

  it('shares one session among the panels of a store, until the last one goes', async () => {
    const store = createStore();
    const original = store.controller.dispatch;
    const first = mountDevtools(store);
    const second = mountDevtools(store.controller);
    await vi.waitFor(() => expect(hosts()).toHaveLength(2));
    first();
    expect(store.controller.dispatch).not.toBe(original);
    second();
    expect(store.controller.dispatch).toBe(original);
    expect(hosts()).toHaveLength(0);
    store.dispose();
  });

  it('in a container, mounted and removed 1,000 times (a devtools tab reloaded): no panel, interval or session left', async () => {
    const store = createStore();
    const original = store.controller.dispatch;
    // Another document, as a same-origin frame's.
    const tab = document.implementation.createHTMLDocument('Tessera');
    const inTab = () => tab.querySelectorAll('[data-tessera-devtools]');
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    try {
      for (let i = 0; i < 1000; i++) {
        const remove = mountDevtools(store, { container: tab.body });
        // The panel's code loads on demand: the first time takes longer, later ones a task.
        if (i === 0) await vi.waitFor(() => expect(inTab()).toHaveLength(1));
        else await new Promise((resolve) => setTimeout(resolve, 0));
        expect(inTab()).toHaveLength(1);
        remove();
        expect(inTab()).toHaveLength(0);
      }
      // Each panel, always open, refreshes every second until removed (vi.waitFor polls faster).
      const ticks = setInterval.mock.calls.flatMap((call, index) =>
        call[1] === 1000 ? [setInterval.mock.results[index].value] : [],
      );
      expect(ticks).toHaveLength(1000);
      const cleared = new Set(clearInterval.mock.calls.map(([id]) => id));
      expect(ticks.filter((id) => !cleared.has(id))).toEqual([]);
      expect(store.controller.dispatch).toBe(original);
      expect(hosts()).toHaveLength(0);
    } finally {
      setInterval.mockRestore();
      clearInterval.mockRestore();
      store.dispose();
    }
  });

  it('in a container whose document drops it (1,000 tabs gone without pagehide): no panel, interval or session left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = createStore();
    const original = store.controller.dispatch;
    try {
      // Documents of their own, as same-origin frames' (happy-dom gives its frames none).
      const tabs = Array.from({ length: 1000 }, () =>
        document.implementation.createHTMLDocument('Tessera'),
      );
      const removes = tabs.map((tab) => mountDevtools(store, { container: tab.body }));
      const shown = () => tabs.filter((tab) => tab.querySelector('[data-tessera-devtools]'));
      await vi.waitFor(() => expect(shown()).toHaveLength(1000));
      // Each panel, always open, refreshes every second.
      expect(vi.getTimerCount()).toBe(1000);
      for (const tab of tabs) tab.documentElement.remove();
      // Their next refresh finds them out of their documents: they remove themselves.
      vi.advanceTimersByTime(1000);
      expect(vi.getTimerCount()).toBe(0);
      expect(store.controller.dispatch).toBe(original);
      // The mounts' own removal, later, is a no-op.
      for (const remove of removes) remove();
      expect(store.controller.dispatch).toBe(original);
    } finally {
      vi.useRealTimers();
      store.dispose();
    }
  });

  it('does nothing in production builds', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const store = createStore();
    const original = store.controller.dispatch;
    const unmount = mountDevtools(store);
    expect(store.controller.dispatch).toBe(original);
    unmount();
    // No session, so no panel to load either: the store's dispatch is its own.
    expect(store.controller.dispatch).toBe(original);
    store.dispose();
  });
});

describe('<TesseraDevtools /> for Vue', () => {
  it("shows the panel for the app's store while mounted", async () => {
    const tessera = createTessera();
    const original = tessera.controller.dispatch;
    const App = defineComponent({ setup: () => () => h('main', [h(TesseraDevtools)]) });
    const wrapper = mount(App, { global: { plugins: [tessera] } });
    await panelShown();
    expect(tessera.controller.dispatch).not.toBe(original);
    wrapper.unmount();
    expect(hosts()).toHaveLength(0);
  });

  it('takes a store of its own, and renders nothing in production', async () => {
    const store = createStore();
    const wrapper = mount(TesseraDevtools, { props: { store, open: true } });
    await panelShown();
    expect(wrapper.html()).toBe('');
    wrapper.unmount();
    vi.stubEnv('NODE_ENV', 'production');
    const original = store.controller.dispatch;
    mount(TesseraDevtools, { props: { store } }).unmount();
    expect(store.controller.dispatch).toBe(original);
    store.dispose();
  });
});

describe('<TesseraDevtools /> for Svelte', () => {
  it('shows the panel for the store of the context while mounted', async () => {
    const store = createStore();
    const original = store.controller.dispatch;
    const { unmount } = render(WithDevtools, { store, open: true });
    await panelShown();
    expect(store.controller.dispatch).not.toBe(original);
    unmount();
    // Svelte tears a component down after the current task.
    await vi.waitFor(() => expect(hosts()).toHaveLength(0));
    expect(store.controller.dispatch).toBe(original);
    store.dispose();
  });

  it('takes a store of its own, and does nothing in production', async () => {
    const store = createStore();
    const { unmount } = render(SvelteDevtools, { store });
    await panelShown();
    unmount();
    await vi.waitFor(() => expect(hosts()).toHaveLength(0));
    vi.stubEnv('NODE_ENV', 'production');
    const original = store.controller.dispatch;
    render(SvelteDevtools, { store }).unmount();
    expect(store.controller.dispatch).toBe(original);
    store.dispose();
  });
});
