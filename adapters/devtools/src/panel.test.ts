import { setResponse } from '@tessera/core';
import { createTessera } from '@tessera/vanilla';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi';
import { manualClock, TodoResource } from '../../../tests/support/todoApi';
import type { DevtoolsOptions } from './index';
import { openPanel, type Panel } from './panel';
import { type Session, startSession } from './session';

const ctx = serveTodoApi();
const LIST = 'GET http://api.test/todos';
let tessera: ReturnType<typeof createTessera>;
let session: Session;
let panel: Panel;
let stopReading: () => void;

beforeEach(async () => {
  tessera = createTessera({ now: manualClock().now });
  session = startSession(tessera.controller);
  panel = openPanel(session);
  // A reader of the list, as a page would have: it refetches what is invalidated.
  stopReading = tessera.dle(TodoResource.getList).listen(() => {});
  await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos']));
});
afterEach(() => {
  stopReading();
  panel.destroy();
  session.stop();
  tessera.dispose();
});

const root = () => panel.host.shadowRoot!;
const find = <E extends Element = HTMLElement>(selector: string) =>
  root().querySelector<E & HTMLElement>(selector)!;
const button = (scope: ParentNode, label: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent?.startsWith(label))!;
/** The row of a key (or entity, or action) in the view shown, by the text of its `.key`. */
const rowOf = (text: string) =>
  [...root().querySelectorAll<HTMLElement>('.view:not([hidden]) li')].find(
    (li) => li.querySelector('.key')?.textContent === text,
  )!;
const summaryOf = (text: string) => rowOf(text).querySelector('summary')!.textContent;
const openRow = (text: string) => {
  const details = rowOf(text).querySelector('details')!;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  return rowOf(text);
};
const openPanelNow = () => find('.toggle').click();

describe('the panel', () => {
  it('is a button until opened; Escape closes it and gives the focus back to the button', () => {
    expect(find('.panel').hidden).toBe(true);
    expect(find('.toggle').getAttribute('aria-expanded')).toBe('false');
    openPanelNow();
    expect(find('.panel').hidden).toBe(false);
    expect(find('.toggle').getAttribute('aria-expanded')).toBe('true');
    expect(root().activeElement?.id).toBe('tab-keys');
    find('.panel').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(find('.panel').hidden).toBe(true);
    expect(root().activeElement).toBe(find('.toggle'));
  });

  it('while open, leaves the page room at its bottom to scroll past the panel', () => {
    document.body.style.paddingBottom = '10px';
    openPanelNow();
    expect(document.body.style.paddingBottom).toBe('calc(10px + 45vh)');
    panel.close();
    expect(document.body.style.paddingBottom).toBe('10px');
    openPanelNow();
    panel.destroy();
    expect(document.body.style.paddingBottom).toBe('10px');
    document.body.style.paddingBottom = '';
  });

  it('keeps its styles in a shadow root, away from the page', () => {
    expect(document.body.contains(panel.host)).toBe(true);
    expect(panel.host.shadowRoot?.querySelector('style')?.textContent).toContain(':host');
    expect(document.querySelector('style')).toBeNull();
  });

  it('lists each key with its status, readers and expiry, and its data when opened', async () => {
    openPanelNow();
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    expect(summaryOf(LIST)).toContain('1 reader · expires in 60 s');
    expect(find('#tab-keys').textContent).toBe('Keys (1)');
    const row = openRow(LIST);
    expect(JSON.parse(row.querySelector('pre')!.textContent!)).toHaveLength(3);
  });

  it('invalidate: the key goes invalid and its reader fetches it again', async () => {
    openPanelNow();
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    const invalidate = button(openRow(LIST), 'Invalidate');
    invalidate.focus();
    const release = ctx.api.hold();
    invalidate.click();
    await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos', 'GET /todos']));
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^loading/));
    release();
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    // Rows are updated in place: the button keeps the focus through the renders.
    expect(root().activeElement).toBe(invalidate);
  });

  it('refetch fetches the key; set error gives it an error', async () => {
    openPanelNow();
    const row = openRow(LIST);
    button(row, 'Refetch').click();
    await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos', 'GET /todos']));
    button(row, 'Set error').click();
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^error/));
    expect(row.querySelector('p.error')?.textContent).toContain('Set from the Tessera devtools');
  });

  it('offers refetch and set error only for keys whose endpoint it knows', async () => {
    const other = createTessera();
    await other.controller.fetch(TodoResource.get, { id: 1 });
    const late = openPanel(startSession(other.controller), { open: true });
    const details = late.host.shadowRoot!.querySelector('details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    const buttons = [...details.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['Refetch', true],
      ['Invalidate', false],
      ['Set error', true],
    ]);
    late.destroy();
    other.dispose();
  });

  it('searches the entities, each with the keys that read it', async () => {
    openPanelNow();
    find('#tab-entities').click();
    const search = find<HTMLInputElement>('input[type=search]');
    search.value = 'todo 2';
    search.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(summaryOf('Todo')).toContain('1 of 3 match'));
    const entity = openRow('Todo').querySelector('li')!;
    const details = entity.querySelector('details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    expect(entity.querySelector('.read-by')?.textContent).toBe(`Read by: ${LIST}`);
    expect(entity.querySelector('pre')?.textContent).toContain('"title": "Todo 2"');
  });

  it('shows the timeline newest first, each action with what it changed', async () => {
    openPanelNow();
    find('#tab-timeline').click();
    const actions = () =>
      [...root().querySelectorAll('#view-timeline li > details > summary .key')].map(
        (element) => element.textContent,
      );
    expect(actions()).toEqual([`response ${LIST}`, `fetch ${LIST}`]);
    const response = openRow(`response ${LIST}`);
    expect([...response.querySelectorAll('.changes li')].map((li) => li.textContent)).toEqual([
      LIST,
      'COLLECT:ArraySchema(Todo) {}',
      'Todo 1, 2, 3',
    ]);
    button(root(), 'Clear').click();
    await vi.waitFor(() => expect(actions()).toEqual([]));
  });

  it("shows each timeline entry's payload, or its size once the byte budget dropped it", async () => {
    const small = createTessera();
    const late = openPanel(startSession(small.controller, { timelineBytes: 100 }), { open: true });
    const lateRoot = late.host.shadowRoot!;
    lateRoot.querySelector<HTMLElement>('#tab-timeline')!.click();
    await setResponse(small.controller, TodoResource.get, { id: 1 }, { id: 1, title: 'kept' });
    await setResponse(
      small.controller,
      TodoResource.get,
      { id: 2 },
      { id: 2, title: 'x'.repeat(2000) },
    );
    late.render();
    const rows = [...lateRoot.querySelectorAll<HTMLElement>('#view-timeline li')];
    const [dropped, kept] = rows.map((li) => {
      const details = li.querySelector('details')!;
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
      return li;
    });
    expect(dropped.querySelector('summary')!.textContent).toMatch(/2 changes · 2\.0 KB$/);
    expect(dropped.querySelector('.notice')!.textContent).toMatch(/^Payload dropped/);
    expect(dropped.querySelector('pre')!.hidden).toBe(true);
    expect(kept.querySelector<HTMLElement>('.notice')!.hidden).toBe(true);
    expect(JSON.parse(kept.querySelector('pre')!.textContent!)).toEqual({ id: 1, title: 'kept' });
    late.destroy();
    small.dispose();
  });

  it('moves between the tabs with the arrow keys', () => {
    openPanelNow();
    const press = (key: string) =>
      root().activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    press('ArrowRight');
    expect(root().activeElement?.id).toBe('tab-entities');
    expect(find('#view-entities').hidden).toBe(false);
    expect(find('#view-keys').hidden).toBe(true);
    press('ArrowLeft');
    press('ArrowLeft');
    expect(root().activeElement?.id).toBe('tab-timeline');
    expect(find('#tab-timeline').getAttribute('aria-selected')).toBe('true');
  });

  it('simulates going offline, and resets the store', async () => {
    openPanelNow();
    const offline = button(root(), 'Offline');
    offline.click();
    await vi.waitFor(() => expect(offline.getAttribute('aria-pressed')).toBe('true'));
    await expect(tessera.controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(/offline/);
    offline.click();
    await vi.waitFor(() => expect(offline.getAttribute('aria-pressed')).toBe('false'));
    button(root(), 'Reset store').click();
    // The reader fetches the list again.
    await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos', 'GET /todos']));
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    expect(find('#tab-keys').textContent).toBe('Keys (1)');
  });
});

describe('drawn into a container (a devtools tab of another document)', () => {
  // A document of its own, as a same-origin frame's (happy-dom gives its frames none).
  let tab: Document;
  beforeEach(() => {
    panel.destroy();
    tab = document.implementation.createHTMLDocument('Tessera');
    document.body.style.paddingBottom = '10px';
    panel = openPanel(session, { container: tab.body });
  });
  afterEach(() => {
    document.body.style.paddingBottom = '';
  });

  it('fills the container, open, with no button or Close, and leaves the page as it was', () => {
    expectTypeOf<DevtoolsOptions>()
      .toHaveProperty('container')
      .toEqualTypeOf<Element | undefined>();
    expect(panel.host.ownerDocument).toBe(tab);
    expect(tab.body.contains(panel.host)).toBe(true);
    expect(document.querySelector('[data-tessera-devtools]')).toBeNull();
    expect(panel.host.getAttribute('data-tessera-devtools')).toBe('embedded');
    expect(find('.panel').hidden).toBe(false);
    expect(root().querySelector('.toggle')).toBeNull();
    expect(button(root(), 'Close')).toBeUndefined();
    expect(document.body.style.paddingBottom).toBe('10px');
    // Escape and close() have nothing to close it to.
    find('.panel').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    panel.close();
    expect(find('.panel').hidden).toBe(false);
    panel.destroy();
    expect(tab.querySelector('[data-tessera-devtools]')).toBeNull();
  });

  it('draws nothing while the container is hidden (a tab switched away from), and catches up when shown', async () => {
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    const timeline = find('#tab-timeline');
    const before = timeline.textContent;
    tab.body.style.display = 'none';
    const drawn = vi.fn();
    const observer = new MutationObserver(drawn);
    observer.observe(root(), { subtree: true, childList: true, characterData: true });
    try {
      await tessera.controller.invalidate(TodoResource.getList);
      await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos', 'GET /todos']));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(drawn).not.toHaveBeenCalled();
      expect(timeline.textContent).toBe(before);
      tab.body.style.display = '';
      await tessera.controller.invalidate(TodoResource.getList);
      await vi.waitFor(() => expect(timeline.textContent).not.toBe(before));
    } finally {
      observer.disconnect();
    }
  });

  it("lists the keys, and a row's Invalidate refetches", async () => {
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    button(openRow(LIST), 'Invalidate').click();
    await vi.waitFor(() => expect(ctx.api.requests).toEqual(['GET /todos', 'GET /todos']));
    await vi.waitFor(() => expect(summaryOf(LIST)).toMatch(/^fresh/));
    expect(find('#tab-keys').textContent).toBe('Keys (1)');
  });
});
