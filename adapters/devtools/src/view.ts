// The panel's DOM parts: an element helper, a keyed list that keeps its rows (so focus and open
// <details> survive each render), and the rows of the keys, entities and timeline views.
import { describeChanges, type EntityRow, type EntityTable, type KeyRow, toText } from './model';
import type { TimelineEntry } from './session';

type Listener = (event: Event) => void;
type Attrs = { [name: string]: string | boolean | undefined | Listener };

/** `h('button', { type: 'button', onclick }, 'Refetch')`: attributes, `on…` listeners, children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

/** One rendered item: its element, made once, and how to show a newer version of the item. */
export interface Row<T> {
  readonly element: HTMLElement;
  update(item: T): void;
}

/** Keeps one row per item in `element`, in the items' order, each made once per key. */
export class KeyedList<T> {
  private rows = new Map<string, Row<T>>();

  constructor(
    readonly element: HTMLElement,
    private readonly keyOf: (item: T) => string,
    private readonly create: () => Row<T>,
  ) {}

  render(items: readonly T[]): void {
    const next = new Map<string, Row<T>>();
    for (const item of items) {
      const key = this.keyOf(item);
      const row = next.get(key) ?? this.rows.get(key) ?? this.create();
      row.update(item);
      next.set(key, row);
    }
    for (const [key, row] of this.rows) if (!next.has(key)) row.element.remove();
    let expected = this.element.firstChild;
    for (const row of next.values()) {
      if (row.element === expected) expected = expected.nextSibling;
      else this.element.insertBefore(row.element, expected);
    }
    this.rows = next;
  }
}

/**
 * A <details> row whose body is filled only while it is open (a large JSON costs nothing while
 * closed): `fill` runs on opening and on each update of an open row.
 */
function detailsRow<T>(
  summary: HTMLElement,
  body: HTMLElement,
  show: (item: T) => void,
  fill: (item: T) => void,
): Row<T> {
  const details = h('details', {}, summary, body);
  let last: T;
  details.addEventListener('toggle', () => {
    if (details.open) fill(last);
  });
  return {
    element: h('li', {}, details),
    update(item) {
      last = item;
      show(item);
      if (details.open) fill(item);
    },
  };
}

function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** `expires in 42 s` / `expired 3 s ago`. */
export function expiry(expiresAt: number | undefined, now: number): string {
  if (expiresAt === undefined) return 'no expiry yet';
  const seconds = Math.round(Math.abs(expiresAt - now) / 1000);
  return expiresAt > now ? `expires in ${seconds} s` : `expired ${seconds} s ago`;
}

export interface KeyActions {
  refetch(row: KeyRow): void;
  invalidate(row: KeyRow): void;
  setError(row: KeyRow): void;
}

const UNKNOWN_ENDPOINT =
  'Its endpoint is unknown: fetched before the devtools mounted and read by nothing since';

/** One endpoint key: status, key, readers and expiry; open, its actions, error and data. */
export function keyRow(actions: KeyActions, now: () => number): Row<KeyRow> {
  const badge = h('span', { class: 'badge' });
  const name = h('code', { class: 'key' });
  const info = h('span', { class: 'info' });
  let current: KeyRow;
  const button = (label: string, run: (row: KeyRow) => void) =>
    h('button', { type: 'button', onclick: () => run(current) }, label);
  const refetch = button('Refetch', (row) => actions.refetch(row));
  const setError = button('Set error', (row) => actions.setError(row));
  const error = h('p', { class: 'error' });
  const data = h('pre');
  const body = h(
    'div',
    { class: 'body' },
    h(
      'div',
      { class: 'actions' },
      refetch,
      button('Invalidate', (row) => actions.invalidate(row)),
      setError,
    ),
    error,
    data,
  );
  return detailsRow(
    h('summary', {}, badge, name, info),
    body,
    (row) => {
      current = row;
      setText(badge, row.status);
      badge.className = `badge ${row.status}`;
      setText(name, row.key);
      const readers = `${row.readers} reader${row.readers === 1 ? '' : 's'}`;
      setText(info, `${readers} · ${expiry(row.expiresAt, now())}`);
    },
    (row) => {
      for (const control of [refetch, setError]) {
        control.disabled = !row.source;
        control.title = row.source ? '' : UNKNOWN_ENDPOINT;
      }
      error.hidden = row.error === undefined;
      setText(error, row.error === undefined ? '' : `Error: ${toText(row.error)}`);
      setText(data, toText(row.data));
    },
  );
}

/** One entity: its pk and how many keys read it; open, its stored value and those keys. */
function entityRow(): Row<EntityRow> {
  const pk = h('code', { class: 'key' });
  const info = h('span', { class: 'info' });
  const value = h('pre');
  const readBy = h('p', { class: 'read-by' });
  return detailsRow(
    h('summary', {}, pk, info),
    h('div', { class: 'body' }, readBy, value),
    (row) => {
      setText(pk, row.pk);
      setText(info, `read by ${row.readBy.length} key${row.readBy.length === 1 ? '' : 's'}`);
    },
    (row) => {
      setText(readBy, row.readBy.length ? `Read by: ${row.readBy.join(', ')}` : 'Read by no key');
      setText(value, toText(row.value));
    },
  );
}

/** One entity table: its name and size; open, its entities. */
export function tableRow(): Row<EntityTable> {
  const name = h('code', { class: 'key' });
  const info = h('span', { class: 'info' });
  const list = new KeyedList(h('ul', { class: 'rows' }), (row: EntityRow) => row.pk, entityRow);
  return detailsRow(
    h('summary', {}, name, info),
    list.element,
    (table) => {
      setText(name, table.name);
      const shown = table.rows.length;
      setText(info, shown === table.size ? `${shown} entities` : `${shown} of ${table.size} match`);
    },
    (table) => list.render(table.rows),
  );
}

/** `14:03:07.042` in local time. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${date.toTimeString().slice(0, 8)}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** `812 B`, `195.3 KB`, `4.8 MB`. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  return kb < 1024 ? `${kb.toFixed(1)} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

/**
 * One action: when, what, how much it changed and its payload's size; open, the keys and
 * entities it changed and the payload, or a note that the byte budget let it go.
 */
export function timelineRow(): Row<TimelineEntry> {
  const time = h('time');
  const what = h('code', { class: 'key' });
  const info = h('span', { class: 'info' });
  const changes = h('ul', { class: 'changes' });
  const payload = h('pre');
  const evicted = h('p', { class: 'notice' });
  return detailsRow(
    h('summary', {}, time, what, info),
    h('div', { class: 'body' }, changes, evicted, payload),
    (entry) => {
      setText(time, clockTime(entry.at));
      setText(what, entry.what);
      const count = describeChanges(entry.changed).length;
      const size = entry.bytes ? ` · ${byteSize(entry.bytes)}` : '';
      setText(info, `${count ? `${count} change${count === 1 ? '' : 's'}` : 'no change'}${size}`);
    },
    (entry) => {
      const lines = describeChanges(entry.changed);
      changes.replaceChildren(...lines.map((line) => h('li', {}, line)));
      if (lines.length === 0) changes.append(h('li', {}, 'nothing'));
      evicted.hidden = !entry.evicted;
      setText(evicted, entry.evicted ? 'Payload dropped: the timeline keeps the newest only' : '');
      payload.hidden = entry.payload === undefined;
      setText(payload, entry.payload === undefined ? '' : toText(entry.payload));
    },
  );
}
