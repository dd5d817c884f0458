// The in-page panel: a floating button that opens three views of the store (keys, entities,
// timeline) and the store-wide actions, in a shadow root of its own. Loaded on demand by
// `mountDevtools`, in development builds only.

import { resetEntireStore, setError } from '@tessera/core';
import { entityReaders, entityTables, type KeyRow, keyRows } from './model';
import type { Session } from './session';
import { PANEL_HEIGHT, styles } from './styles';
import { h, type KeyActions, KeyedList, keyRow, tableRow, timelineRow } from './view';

export interface PanelOptions {
  /** Open the panel at once (default: only the button shows). */
  open?: boolean;
  /**
   * The element to draw the panel into, in this document or another of the same origin (an
   * iframe's, such as a tab of Nuxt DevTools). The panel then fills it, always open, with no
   * button or Close of its own. Default: a floating button (and panel) appended to
   * `document.body`.
   */
  container?: Element;
}

export interface Panel {
  /** The element holding the shadow root, appended to `document.body` (or the container). */
  readonly host: HTMLElement;
  /**
   * Renders now (a render otherwise follows each action, and every second while open; drawn into
   * a container, only while the container can be seen).
   */
  render(): void;
  /** Closes the panel back to its button (drawn into a container, it stays open). */
  close(): void;
  /** Removes the panel; the session stays the caller's. */
  destroy(): void;
}

type Tab = 'keys' | 'entities' | 'timeline';
const TABS: readonly [Tab, string][] = [
  ['keys', 'Keys'],
  ['entities', 'Entities'],
  ['timeline', 'Timeline'],
];

const ignore = () => {};

/**
 * `onGone`: called when a panel drawn into a container destroys itself because the container's
 * document went away (its frame removed or reloaded without a `pagehide`), so the caller can
 * let the session go too.
 */
export function openPanel(
  session: Session,
  options: PanelOptions = {},
  onGone?: () => void,
): Panel {
  const { controller } = session;
  const { container } = options;
  const now = () => controller.now();

  const actions: KeyActions = {
    refetch: ({ source }) => {
      if (source) controller.fetch(source.endpoint, ...(source.args as [])).catch(ignore);
    },
    // What `controller.invalidate` dispatches, for a key whose endpoint may be unknown.
    invalidate: ({ key }) =>
      void controller.dispatch({ type: 'invalidate', keys: [key] }).catch(ignore),
    setError: ({ source }) => {
      if (!source) return;
      const error = new Error('Set from the Tessera devtools');
      setError(controller, source.endpoint, ...(source.args as []), error).catch(ignore);
    },
  };

  // Keys
  const keys = new KeyedList(
    h('ul'),
    (row: KeyRow) => row.key,
    () => keyRow(actions, now),
  );
  const noKeys = h('p', { class: 'empty' }, 'The store holds no keys yet.');

  // Entities, searchable
  const search = h('input', { type: 'search', oninput: () => schedule() });
  const tables = new KeyedList(h('ul'), (table: { name: string }) => table.name, tableRow);
  const noEntities = h('p', { class: 'empty' });

  // Timeline, newest first
  const entries = new KeyedList(h('ul'), (entry: { id: number }) => String(entry.id), timelineRow);
  const clear = h('button', { type: 'button', onclick: () => session.clearTimeline() }, 'Clear');
  const noEntries = h(
    'p',
    { class: 'empty' },
    'Each action of the store shows here, newest first.',
  );

  const views: Record<Tab, HTMLElement> = {
    keys: h('div', {}, noKeys, keys.element),
    entities: h('div', {}, h('label', {}, 'Search entities', search), noEntities, tables.element),
    timeline: h('div', {}, h('div', { class: 'actions' }, clear), noEntries, entries.element),
  };

  // Tabs: arrow keys move between them, as in any tab list.
  let tab: Tab = 'keys';
  const tabButtons = TABS.map(([id, label]) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${id}`,
        'aria-controls': `view-${id}`,
        onclick: () => select(id),
        onkeydown: (event) => {
          const step = { ArrowRight: 1, ArrowLeft: -1 }[(event as KeyboardEvent).key];
          if (!step) return;
          const next = TABS[(TABS.findIndex(([t]) => t === id) + step + TABS.length) % TABS.length];
          select(next[0]);
          tabButtons.find((button) => button.id === `tab-${next[0]}`)?.focus();
        },
      },
      label,
    ),
  );
  const panels = TABS.map(([id]) =>
    h(
      'div',
      { class: 'view', role: 'tabpanel', id: `view-${id}`, 'aria-labelledby': `tab-${id}` },
      views[id],
    ),
  );
  const select = (id: Tab) => {
    tab = id;
    for (const button of tabButtons) {
      const selected = button.id === `tab-${id}`;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
    }
    for (const view of panels) view.hidden = view.id !== `view-${id}`;
    render();
  };

  const offline = h('button', {
    type: 'button',
    'aria-pressed': 'false',
    onclick: () => session.setOffline(!session.offline),
  });
  offline.textContent = 'Offline';
  offline.title = 'Simulate going offline: every fetch fails at once, as with no network';
  const closeButton = h(
    'button',
    { type: 'button', 'aria-label': 'Close Tessera devtools', onclick: () => close() },
    'Close',
  );
  const panel = h(
    'section',
    { class: 'panel', id: 'panel', 'aria-labelledby': 'title', hidden: true },
    h(
      'header',
      {},
      h('h2', { id: 'title' }, 'Tessera'),
      h('div', { role: 'tablist', 'aria-label': 'Views' }, ...tabButtons),
      offline,
      h(
        'button',
        { type: 'button', onclick: () => void resetEntireStore(controller).catch(ignore) },
        'Reset store',
      ),
      // Drawn into a container, the panel is the page: there is nothing to close it to.
      ...(container ? [] : [closeButton]),
    ),
    ...panels,
  );
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'toggle',
      'aria-expanded': 'false',
      'aria-controls': 'panel',
      onclick: () => open(),
    },
    'Tessera devtools',
  );

  const host = h('div', { 'data-tessera-devtools': container ? 'embedded' : '' });
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.append(
    h('style', {}, styles),
    h(
      'aside',
      { class: container ? 'root embedded' : 'root', 'aria-label': 'Tessera devtools' },
      ...(container ? [panel] : [toggle, panel]),
    ),
  );
  // Made in this document, the elements join the container's when appended (same origin).
  (container ?? document.body).append(host);
  // A container may be in frames (a Nuxt DevTools tab: its iframe, in Nuxt DevTools' own), which
  // can be hidden, removed or reloaded while this page goes on: innermost first.
  const frames: Element[] = [];
  for (let view = host.ownerDocument.defaultView; view?.frameElement; ) {
    frames.push(view.frameElement);
    view = view.frameElement.ownerDocument.defaultView;
  }
  /** The container's document is no longer where it was put: its frame was removed or reloaded. */
  const gone = () =>
    !host.isConnected ||
    frames.some(
      (frame, at) =>
        !frame.isConnected ||
        (frame as HTMLIFrameElement).contentDocument !==
          (at === 0 ? host.ownerDocument : frames[at - 1].ownerDocument),
    );
  /** No one can see the container: it or a frame around it is hidden (a tab switched away from). */
  const unseen = () =>
    !host.checkVisibility() ||
    frames.some((frame) => !frame.checkVisibility({ visibilityProperty: true }));
  /** What the refresh interval and each action run: in a container, only while it is seen. */
  function refresh(): void {
    if (container && gone()) {
      destroy();
      onGone?.();
    } else if (!container || !unseen()) render();
  }

  function render(): void {
    offline.setAttribute('aria-pressed', String(session.offline));
    if (panel.hidden) return;
    const rows = keyRows(controller, session.sources);
    const counts: Record<Tab, number> = {
      keys: rows.length,
      entities: Object.keys(controller.getState().entities).length,
      timeline: session.timeline.length,
    };
    for (const [index, [id, label]] of TABS.entries()) {
      tabButtons[index].textContent = `${label} (${counts[id]})`;
    }
    if (tab === 'keys') {
      noKeys.hidden = rows.length > 0;
      keys.render(rows);
    } else if (tab === 'entities') {
      const shown = entityTables(controller.getState(), entityReaders(rows), search.value);
      noEntities.hidden = shown.length > 0;
      noEntities.textContent = search.value ? 'No entity matches.' : 'The store holds no entities.';
      tables.render(shown);
    } else {
      noEntries.hidden = session.timeline.length > 0;
      entries.render([...session.timeline].reverse());
    }
  }

  let scheduled = false;
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      refresh();
    });
  }
  const stopListening = session.listen(schedule);
  // Expiry times count down, and readers come and go without an action: refresh while open.
  let ticking: ReturnType<typeof setInterval> | undefined;

  // While open, the page gets room at its bottom, so it scrolls past the panel to its end
  // (its footer) instead of hiding it; closed, the page's own padding is back.
  const body = document.body;
  let ownPadding: string | undefined;
  function leaveRoom(): void {
    ownPadding ??= body.style.paddingBottom;
    const padding = getComputedStyle(body).paddingBottom;
    body.style.paddingBottom = `calc(${padding} + ${PANEL_HEIGHT})`;
  }
  function giveRoomBack(): void {
    if (ownPadding === undefined) return;
    body.style.paddingBottom = ownPadding;
    ownPadding = undefined;
  }

  function open(): void {
    if (!panel.hidden) return;
    panel.hidden = false;
    ticking ??= setInterval(refresh, 1000);
    select(tab);
    // In a container the panel is all there is: no page to make room in, no button to leave.
    if (container) return;
    leaveRoom();
    toggle.hidden = true;
    toggle.setAttribute('aria-expanded', 'true');
    tabButtons.find((button) => button.tabIndex === 0)?.focus();
  }
  function close(): void {
    if (container) return;
    giveRoomBack();
    panel.hidden = true;
    toggle.hidden = false;
    toggle.setAttribute('aria-expanded', 'false');
    clearInterval(ticking);
    ticking = undefined;
    toggle.focus();
  }

  function destroy(): void {
    giveRoomBack();
    clearInterval(ticking);
    stopListening();
    host.remove();
  }

  select(tab);
  if (options.open || container) open();
  return { host, render, close, destroy };
}
