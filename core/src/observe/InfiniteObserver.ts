import { locateCollection } from '../schema/findCollection';
import type { Controller, EndpointArgs, EndpointInterface, FetchResult } from '../store';
import { dispatchFetch } from '../store/dispatchFetch';
import { EndpointObserver } from './EndpointObserver';
import { type ErrorLike, isAbortError, toErrorLike } from './errors';
import { SharedListenable } from './SharedListenable';

/** An endpoint an infinite reader pages through: one with a `paginationField` (`getPage`). */
export interface PagedEndpoint extends EndpointInterface {
  readonly paginationField?: string;
  readonly getPage: EndpointInterface;
}

/** Where the next (or previous) page starts; `undefined` or `null`: there is none. */
export type PageParamOf<Page, P> = (
  edgePage: Page,
  pages: readonly Page[],
  edgePageParam: P,
  pageParams: readonly P[],
) => P | null | undefined;

export interface InfiniteOptions<Page, P = unknown> {
  /**
   * The first page's param. Default `undefined`: the list endpoint itself, as its arguments say
   * (the list's first page); any other value fetches `getPage` with it.
   */
  readonly initialPageParam?: P;
  /**
   * The next page's param from the last page (`undefined`/`null`: no next page). Default: a
   * page that is a list is followed by the page number after the last (`2` after the first), until
   * a page comes back empty; a page that is an object, by its `next` field.
   */
  readonly getNextPageParam?: PageParamOf<Page, P>;
  /**
   * The previous page's param from the first page. Default: the page number before the first
   * (from 2 down to 1), or an object page's `previous` field.
   */
  readonly getPreviousPageParam?: PageParamOf<Page, P>;
  /** At most this many pages are kept: a new page drops one from the other end. Default: all. */
  readonly maxPages?: number;
}

/**
 * The type of one item of a page: a page that is a list holds its items; a page that is an
 * object type (`{ results: Todo[]; next: string | null }`, as a schema gives it) holds them in a
 * list field. `unknown` when neither says (an interface, which has no index signature to read).
 * Written with `infer` rather than `keyof`, so that an `InfiniteDLE` of a page type is still
 * assignable to one of `unknown`.
 */
export type PageItem<Page> = Page extends readonly (infer Item)[]
  ? Item
  : Page extends { readonly [key: string]: infer Field }
    ? OrUnknown<Field extends readonly (infer Item)[] ? Item : never>
    : unknown;

type OrUnknown<T> = [T] extends [never] ? unknown : T;

/** One frozen snapshot of an infinite list for a reader; the same object while unchanged. */
export interface InfiniteDLE<Page, P = unknown> {
  /**
   * What the list shows, as `data` is what any reader shows: the items of every page in order,
   * one flat list (a page that is a list is its items; of a page that is an object, the list its
   * schema's Collection names). The same array while the pages are unchanged.
   */
  readonly data: readonly PageItem<Page>[];
  /** Each page's answer, its records as the store holds them (oldest first). */
  readonly pages: readonly Page[];
  /** The param each page was fetched with (`undefined`: the list endpoint itself). */
  readonly pageParams: readonly P[];
  /**
   * A request the list waits for is in flight, as `loading` means for every reader: its first
   * page's, or every page's while the list is fetched again. (A next or previous page is
   * `isFetchingNextPage` / `isFetchingPreviousPage`: the list shows meanwhile.)
   */
  readonly loading: boolean;
  /** Why the first page, or the latest next/previous page, failed. Loaded pages stay. */
  readonly error: ErrorLike | undefined;
  /** The pages belong to the previous arguments, shown while these load. */
  readonly isPreviousData: boolean;
  /**
   * The same flag as `isPreviousData`, in every snapshot a reader gives (optional, so that code
   * which builds a snapshot need not write it).
   * @deprecated Use `isPreviousData` (a flag, named as one). Removed in the next minor release.
   */
  readonly previous?: boolean;
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly isFetchingPreviousPage: boolean;
}

/** One page: the endpoint and arguments it is read with, and its param. */
interface Slot {
  readonly param: unknown;
  readonly observer: EndpointObserver<EndpointInterface>;
  stop?: () => void;
  /** The records (by `memberKey`) the server answered for this page, as last fetched. */
  answered?: Set<unknown>;
}

/** A next or previous page being fetched: the request's own promise and how to withdraw. */
interface Pending {
  readonly promise: Promise<void>;
  readonly interest: AbortController;
}

type Direction = 'next' | 'previous';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function cursorField(page: unknown, field: string): unknown {
  const value = isRecord(page) ? page[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

const defaultNext: PageParamOf<unknown, unknown> = (page, _pages, param) =>
  Array.isArray(page)
    ? page.length > 0
      ? (typeof param === 'number' ? param : 1) + 1
      : undefined
    : cursorField(page, 'next');

const defaultPrevious: PageParamOf<unknown, unknown> = (page, _pages, param) =>
  Array.isArray(page)
    ? typeof param === 'number' && param > 1
      ? param - 1
      : undefined
    : cursorField(page, 'previous');

/** `data` with the list found down `path` replaced by `members`. */
function withMembers(data: unknown, path: readonly string[], members: unknown[]): unknown {
  if (path.length === 0) return members;
  if (!isRecord(data)) return data;
  const [field, ...rest] = path;
  return { ...data, [field]: withMembers(data[field], rest, members) };
}

function membersOf(data: unknown, path: readonly string[]): unknown[] {
  let value = data;
  for (const field of path) value = isRecord(value) ? value[field] : undefined;
  return Array.isArray(value) ? value : [];
}

/** A record's identity across edits: its table and primary key (an entity), else itself. */
function memberKey(member: unknown): unknown {
  const pk = isRecord(member) ? member.pk : undefined;
  if (typeof pk !== 'function') return member;
  return `${(member as { constructor: { key?: unknown } }).constructor.key}\u0000${pk.call(member)}`;
}

function keysOf(pages: readonly unknown[], path: readonly string[], into = new Set<unknown>()) {
  for (const page of pages) for (const member of membersOf(page, path)) into.add(memberKey(member));
  return into;
}

/**
 * An infinite list, framework-free: the reader every adapter's infinite accessor wraps. Its
 * pages are one normalized Collection in the store: the first page is the list endpoint (fetched
 * when due, like any reader's), each next page is `getPage` with the param `getNextPageParam`
 * derives, appended to that list; previous pages are fetched the same way. Each page shows its
 * records as the store holds them, so an edit shows in every page.
 *
 * When the list's members change otherwise than by its pages' answers (a record created into
 * it, deleted, removed), the server's pages have shifted: the next page asked for fetches the
 * loaded pages again first, in order, each param from the page before it as answered now (see
 * `resync`), so the list is the server's again, in its order; until then the change costs no
 * request and `hasNextPage` stays as answered. New arguments, or the first page fetched anew
 * by someone else (the store's list is then its first page again), start the list again with
 * its first page. A second `fetchNextPage` while one runs joins it. A page that fails leaves
 * the loaded pages and shows its error; nothing rejects.
 */
export class InfiniteObserver<E extends PagedEndpoint, P = unknown> extends SharedListenable<
  InfiniteDLE<FetchResult<E>, P>
> {
  private args: EndpointArgs<E>;
  private slots: Slot[] = [];
  private readonly path: readonly string[];
  private readonly pending: { [D in Direction]?: Pending } = {};
  private errors: { [D in Direction]?: ErrorLike } = {};
  /** When the first page's answer expires: a new answer (a refetch) starts the list again. */
  private firstExpiresAt = 0;
  /** The first page `firstExpiresAt` belongs to. */
  private tracked: Slot | undefined;
  /** The first page's own fields (a cursor...), as answered before later pages changed the list's. */
  private firstFields: unknown;
  private snapshot: InfiniteDLE<FetchResult<E>, P> | undefined;
  /** The first page as last shown: kept while its records and fields are the same. */
  private firstShown: { fields: unknown; own: unknown[]; page: unknown } | undefined;
  /** The loaded pages being fetched again, after the list's members changed. */
  private resyncing: Pending | undefined;
  /** The list's members changed since its pages were answered: they are fetched again first. */
  private shifted = false;
  /**
   * Pages were read while optimistic updates were pending (records they hide are missing from
   * what the pages answered): fetched again first too, but `hasNextPage` follows them.
   */
  private recheck = false;
  /**
   * Whether there are pages after (before) the list, as its pages were answered: kept while
   * `shifted`, so that a page made short by a delete does not hide "Load more".
   */
  private edges: { next: boolean; previous: boolean } | undefined;

  constructor(
    private readonly controller: Controller,
    private readonly endpoint: E,
    args: EndpointArgs<E>,
    private readonly options: InfiniteOptions<FetchResult<E>, P> = {},
  ) {
    super();
    this.args = args;
    this.path = locateCollection(endpoint.schema)?.path ?? [];
    this.start();
  }

  getSnapshot(): InfiniteDLE<FetchResult<E>, P> {
    if (!this.isConnected || !this.snapshot) {
      this.restartIfRefetched();
      this.checkMembers();
      this.snapshot = this.present();
    }
    return this.snapshot;
  }

  /** New arguments (`[null]`: not now). Arguments with another key start a fresh list. */
  setArgs(args: EndpointArgs<E>): void {
    const keyOf = (a: EndpointArgs<E>): unknown => {
      if (a[0] === null) return undefined;
      try {
        return this.endpoint.key(...a);
      } catch {
        return a; // arguments the endpoint refuses: never the same list
      }
    };
    const same = keyOf(args) === keyOf(this.args);
    this.args = args;
    if (same) return;
    this.clear();
    const [first, ...later] = this.slots;
    for (const slot of later) this.drop(slot);
    if (first?.param === undefined && this.options.initialPageParam === undefined) {
      // The list endpoint follows the arguments: the previous list's first page stays on
      // screen, flagged `isPreviousData`, while the new one loads.
      this.slots = [first];
      this.firstExpiresAt = 0;
      this.firstFields = undefined;
      this.shifted = this.recheck = false;
      first.answered = undefined;
      first.observer.setArgs(args);
    } else {
      if (first) this.drop(first);
      this.start();
    }
    this.update();
  }

  /**
   * Fetches the page after the last one, appended to the list. Resolves with the snapshot once
   * it settled (never rejects: a failure shows in `error`). While one is fetched, a second call
   * joins it; without a next page it resolves at once.
   */
  fetchNextPage(): Promise<InfiniteDLE<FetchResult<E>, P>> {
    return this.fetchPage('next');
  }

  /** Fetches the page before the first one (see `fetchNextPage`). */
  fetchPreviousPage(): Promise<InfiniteDLE<FetchResult<E>, P>> {
    return this.fetchPage('previous');
  }

  /**
   * Settles once the first page is usable or failed (what a server render awaits), with the
   * snapshot then; never rejects. Aborting `signal` withdraws this caller.
   */
  promise(signal?: AbortSignal): Promise<InfiniteDLE<FetchResult<E>, P>> {
    const settled = () => this.getSnapshot();
    return this.slots[0].observer.promise(signal).then(settled, settled);
  }

  /** Stops for good: withdraws every fetch, completes every subscriber. */
  dispose(): void {
    this.complete();
    this.clear();
    for (const slot of this.slots) this.drop(slot);
  }

  protected connect(): void {
    for (const slot of this.slots) this.watch(slot);
    this.restartIfRefetched();
    this.checkMembers();
    this.snapshot = this.present();
  }

  protected disconnect(): void {
    for (const slot of this.slots) {
      slot.stop?.();
      slot.stop = undefined;
    }
    this.clear(true);
  }

  /** The first page alone, for the current arguments. */
  private start(): void {
    const param = this.options.initialPageParam;
    this.slots = [this.slot(param, 'fetch')];
    this.firstExpiresAt = 0;
    this.firstFields = undefined;
    this.shifted = this.recheck = false;
    if (this.isConnected) this.watch(this.slots[0]);
  }

  private slot(param: unknown, mode: 'fetch' | 'cache'): Slot {
    const [endpoint, args] = this.target(param);
    const observer = new EndpointObserver(this.controller, endpoint, args, { mode });
    return { param, observer };
  }

  /** The endpoint and arguments of the page with `param`. */
  private target(param: unknown): [EndpointInterface, EndpointArgs<EndpointInterface>] {
    const { endpoint, args } = this;
    if (param === undefined || args[0] === null) return [endpoint, args];
    const [params, ...rest] = args;
    const field = endpoint.paginationField ?? 'page';
    return [endpoint.getPage, [{ ...(params as object), [field]: param }, ...rest]];
  }

  private watch(slot: Slot): void {
    if (slot.stop) return;
    slot.stop = slot.observer.listen(() => this.update());
  }

  private drop(slot: Slot): void {
    slot.stop?.();
    slot.stop = undefined;
    slot.observer.dispose();
  }

  /** Withdraws next/previous fetches and a refetch of the pages (and forgets their errors). */
  private clear(keepErrors = false): void {
    for (const pending of [this.pending.next, this.pending.previous, this.resyncing]) {
      pending?.interest.abort(new DOMException('The reader went away', 'AbortError'));
    }
    this.pending.next = this.pending.previous = this.resyncing = undefined;
    if (!keepErrors) this.errors = {};
  }

  private update(): void {
    if (!this.isConnected) return;
    this.restartIfRefetched();
    this.checkMembers();
    const next = this.present();
    if (next === this.snapshot) return;
    this.snapshot = next;
    this.emit(next);
  }

  /** The records the list holds now (by `memberKey`): the list itself, or its pages. */
  private heldKeys(): Set<unknown> | undefined {
    // Read from the store, not from the pages' readers: some may not have heard of a change yet.
    const read = (slot: Slot) => {
      const [endpoint, args] = this.target(slot.param);
      return this.controller.getResponseMeta(endpoint, ...args).data;
    };
    const [first] = this.slots;
    const data = read(first);
    if (data === undefined) return undefined;
    return keysOf(first.param === undefined ? [data] : this.slots.map(read), this.path);
  }

  /**
   * Whether the list holds other records than its pages' answers: one was created into it,
   * deleted or removed (not only edited). Pages of this list another reader fetched meanwhile
   * are taken as they are (see `adoptCached`): they are answers too.
   */
  private membersChanged(): boolean {
    if (this.resyncing || this.pending.next || this.pending.previous) return false;
    const first = this.slots[0];
    if (!first.answered || first.observer.getSnapshot().loading) return false;
    const held = this.heldKeys();
    if (!held) return false;
    const answered = () => {
      const keys = new Set<unknown>();
      for (const slot of this.slots) for (const key of slot.answered ?? []) keys.add(key);
      return keys;
    };
    let expected = answered();
    if (sameKeys(held, expected)) return false;
    if ([...held].some((key) => !expected.has(key))) {
      const before = this.slots.length;
      this.adoptCached(first.observer.getSnapshot().data);
      if (this.slots.length === before) return true;
      expected = answered();
    }
    return !sameKeys(held, expected);
  }

  /** Notes that the list's members changed (`shifted`): the next page fetched refetches first. */
  private checkMembers(): void {
    if (!this.shifted && this.membersChanged()) this.shifted = true;
  }

  /**
   * Fetches the loaded pages again, in order, as TanStack Query refetches an infinite query:
   * the first page as it was fetched, then each next page with the param `getNextPageParam`
   * gives from the page before it as answered now, up to as many pages as were loaded (fewer
   * if the list got shorter). One request per loaded page, one after the other. A page that
   * fails shows its error; the pages fetched again before it stay. The list changed by someone
   * else meanwhile (a record deleted while its page was on its way): `shifted` again, for the
   * next call.
   */
  private resync(): Pending {
    const old = this.slots;
    const interest = new AbortController();
    const pages: unknown[] = [];
    const params: unknown[] = [];
    const kept: Slot[] = [];
    /** The result keys of this refetch's requests: what its own writes name. */
    const own = new Set<string>();
    let held = this.heldKeys();
    let again = false;
    const others = this.controller.changes$.subscribe(({ changes }) => {
      const now = this.heldKeys();
      const mine = [...changes.results].some((key) => own.has(key));
      if (!mine && now && held && !sameKeys(now, held)) again = true;
      held = now;
    });
    const run = async (): Promise<void> => {
      for (let i = 0; i < old.length; i++) {
        // A page an optimistic delete makes look short (its record hidden until the server
        // answers) does not end the refetch: the next page keeps its param.
        const param =
          i === 0
            ? old[0].param
            : (this.edgeParam({ pages, pageParams: params }, 'next') ??
              (this.controller.getState().optimistic.length > 0 ? old[i].param : undefined));
        if (i > 0 && param === undefined) break;
        const [endpoint, args] = this.target(param);
        own.add(endpoint.key(...args));
        const page = await dispatchFetch(this.controller, endpoint, args, interest.signal);
        pages.push(page);
        params.push(param);
        kept.push(old.find((slot) => Object.is(slot.param, param)) ?? this.slot(param, 'cache'));
      }
    };
    const done = (error?: unknown) => {
      others.unsubscribe();
      if (this.resyncing !== resyncing) {
        for (const slot of kept) if (!old.includes(slot)) this.drop(slot);
        return;
      }
      this.resyncing = undefined;
      // Changed again meanwhile, failed, or read under optimistic updates the server has not
      // answered (their records hidden from what the pages answered): the next call refetches.
      this.shifted = again || error !== undefined;
      this.recheck = this.controller.getState().optimistic.length > 0;
      if (error !== undefined && !isAbortError(error)) this.errors.next = toErrorLike(error);
      if (kept.length > 0) {
        for (const slot of old) if (!kept.includes(slot)) this.drop(slot);
        this.slots = kept;
        kept.forEach((slot, i) => {
          slot.answered = keysOf([pages[i]], this.path);
          if (this.isConnected) this.watch(slot);
        });
      }
      this.update();
    };
    let settle = () => {};
    const resyncing: Pending = { interest, promise: new Promise((resolve) => (settle = resolve)) };
    // Set before the first request goes: its in-flight mark already reads as this refetch.
    this.resyncing = resyncing;
    this.errors = {};
    run()
      .then(
        () => done(),
        (error: unknown) => done(error ?? new Error('The page failed')),
      )
      .finally(settle);
    this.update();
    return resyncing;
  }

  /** A new answer for the first page (the list fetched again) drops the later pages. */
  private restartIfRefetched(): void {
    const [first, ...later] = this.slots;
    if (!first || this.args[0] === null) return;
    const [endpoint, args] = this.target(first.param);
    const { expiresAt, data } = this.controller.getResponseMeta(endpoint, ...args);
    if (data === undefined || (first === this.tracked && expiresAt === this.firstExpiresAt)) return;
    // The same first page answered anew; another first page (a previous page, maxPages) is not.
    const refetched = first === this.tracked && this.firstExpiresAt !== 0;
    this.tracked = first;
    this.firstExpiresAt = expiresAt;
    if (this.resyncing) {
      // This reader's own refetch of its pages: the later pages follow.
      if (refetched) this.firstFields = data;
      return;
    }
    if (!refetched || later.length === 0) {
      if (later.length > 0) return;
      this.firstFields = data;
      this.shifted = this.recheck = false;
      first.answered = keysOf([data], this.path);
      if (!refetched) this.adoptCached(data);
      return;
    }
    for (const slot of later) this.drop(slot);
    this.slots = [first];
    this.firstFields = data;
    this.shifted = this.recheck = false;
    first.answered = keysOf([data], this.path);
    this.clear();
  }

  /**
   * Pages of this list the store holds already (loaded by an earlier reader, or before the
   * arguments changed and back) join the first page when the list holds their records, so a list
   * shown again keeps its pages without a request.
   */
  private adoptCached(list: unknown): void {
    const listed = new Set(membersOf(list, this.path));
    const max = this.options.maxPages;
    const adopted: Slot[] = [];
    while (!max || this.slots.length < max) {
      const param = this.edgeParam(this.present(), 'next');
      if (param === undefined || this.slots.some((slot) => Object.is(slot.param, param))) break;
      const [endpoint, args] = this.target(param);
      const page = this.controller.getResponseMeta(endpoint, ...args).data;
      if (page === undefined || !membersOf(page, this.path).every((m) => listed.has(m))) break;
      const slot = this.slot(param, 'cache');
      slot.answered = keysOf([page], this.path);
      adopted.push(slot);
      this.slots = [...this.slots, slot];
    }
    if (this.isConnected) for (const slot of adopted) this.watch(slot);
  }

  private fetchPage(
    direction: Direction,
    refetched = false,
  ): Promise<InfiniteDLE<FetchResult<E>, P>> {
    const settled = () => this.getSnapshot();
    const running = this.pending[direction];
    if (running) return running.promise.then(settled);
    // The list's members changed: its pages are fetched again, and the next one follows them
    // (once per call: members that still differ, as under an optimistic delete not yet
    // answered, wait for the next call).
    this.checkMembers();
    const resyncing =
      this.resyncing ?? ((this.shifted || this.recheck) && !refetched ? this.resync() : undefined);
    // A refetch that failed shows its error (the next call tries again); one withdrawn, nothing.
    if (resyncing) {
      return resyncing.promise.then(() =>
        resyncing.interest.signal.aborted || this.errors.next
          ? settled()
          : this.fetchPage(direction, true),
      );
    }
    const snapshot = this.getSnapshot();
    const param = this.edgeParam(snapshot, direction);
    if (param === undefined || snapshot.loading) return Promise.resolve(snapshot);
    const [endpoint, args] = this.target(param);
    const interest = new AbortController();
    const slots = this.slots;
    const done = (error?: unknown) => {
      if (this.pending[direction] !== pending) return;
      this.pending[direction] = undefined;
      if (error === undefined) this.addPage(param, direction, slots);
      else if (!isAbortError(error)) this.errors[direction] = toErrorLike(error);
      this.update();
    };
    const pending: Pending = {
      interest,
      promise: dispatchFetch(this.controller, endpoint, args, interest.signal).then(
        () => done(),
        (error: unknown) => done(error ?? new Error('The page failed')),
      ),
    };
    this.pending[direction] = pending;
    this.errors[direction] = undefined;
    this.update();
    return pending.promise.then(settled);
  }

  private addPage(param: unknown, direction: Direction, fetchedFor: Slot[]): void {
    if (this.slots !== fetchedFor) return; // the list started again meanwhile
    const slot = this.slot(param, 'cache');
    const slots = direction === 'next' ? [...this.slots, slot] : [slot, ...this.slots];
    const max = this.options.maxPages;
    const dropped =
      max !== undefined && max > 0 && slots.length > max
        ? direction === 'next'
          ? slots.splice(0, slots.length - max)
          : slots.splice(max)
        : [];
    for (const old of dropped) this.drop(old);
    this.slots = slots;
    // What it answered, before watching it (a first value compares the list's members with it);
    // read under optimistic updates, it may miss records they hide: the next call refetches.
    const [endpoint, args] = this.target(param);
    slot.answered = keysOf([this.controller.getResponseMeta(endpoint, ...args).data], this.path);
    if (this.controller.getState().optimistic.length > 0) this.recheck = true;
    if (this.isConnected) this.watch(slot);
  }

  /** The param of the page after the last (or before the first), if there is one. */
  private edgeParam(
    { pages, pageParams }: Pick<InfiniteDLE<unknown>, 'pages' | 'pageParams'>,
    direction: Direction,
  ): unknown | undefined {
    if (pages.length === 0) return undefined;
    const next = direction === 'next';
    const edge = next ? pages.length - 1 : 0;
    const derive = (
      next
        ? (this.options.getNextPageParam ?? defaultNext)
        : (this.options.getPreviousPageParam ?? defaultPrevious)
    ) as PageParamOf<unknown, unknown>;
    return derive(pages[edge], pages, pageParams[edge], pageParams) ?? undefined;
  }

  private present(): InfiniteDLE<FetchResult<E>, P> {
    const [first] = this.slots;
    const { data, loading, error, isPreviousData } = first.observer.getSnapshot();
    const pages: unknown[] = [];
    const pageParams: unknown[] = [];
    if (data !== undefined) {
      const later = this.slots.slice(1).map((slot) => slot.observer.getSnapshot().data);
      pages.push(this.ownRecords(first, data, later), ...later);
      pageParams.push(...this.slots.map((slot) => slot.param));
      // A later page with nothing (a result dropped from the store) ends what is shown.
      const end = pages.indexOf(undefined);
      if (end > 0) pages.length = pageParams.length = end;
    }
    const shown = { pages, pageParams };
    // While the loaded pages are fetched again, the list is loading as a whole.
    const busy = loading || this.resyncing !== undefined;
    let edges = {
      next: !busy && this.edgeParam(shown, 'next') !== undefined,
      previous: !busy && this.edgeParam(shown, 'previous') !== undefined,
    };
    if ((this.shifted || this.resyncing) && this.edges) edges = this.edges;
    else if (!busy) this.edges = edges;
    const current = this.snapshot;
    // The items are flattened again only when a page changed.
    const items =
      current && sameItems(current.pages, pages)
        ? current.data
        : pages.flatMap((page) => membersOf(page, this.path));
    const next = {
      data: Object.freeze(items) as readonly PageItem<FetchResult<E>>[],
      pages: Object.freeze(pages) as readonly FetchResult<E>[],
      pageParams: Object.freeze(pageParams) as readonly P[],
      loading: busy,
      error: error ?? this.errors.next ?? this.errors.previous,
      isPreviousData,
      // The deprecated name of the flag, for one release.
      previous: isPreviousData,
      hasNextPage: edges.next,
      hasPreviousPage: edges.previous,
      isFetchingNextPage: this.pending.next !== undefined,
      isFetchingPreviousPage: this.pending.previous !== undefined,
    };
    if (current && sameSnapshot(current, next)) return current;
    return Object.freeze(next);
  }

  /**
   * The first page as shown: when it is the list itself, the list's records that no later page
   * holds (so records created into the list show there), with its own fields (a cursor).
   */
  private ownRecords(first: Slot, data: unknown, later: readonly unknown[]): unknown {
    if (first.param !== undefined) return data;
    const held = new Set(later.flatMap((page) => membersOf(page, this.path)));
    const fields = this.path.length > 0 && this.firstFields !== undefined ? this.firstFields : data;
    const own = membersOf(data, this.path).filter((member) => !held.has(member));
    const last = this.firstShown;
    if (last && last.fields === fields && sameItems(last.own, own)) return last.page;
    this.firstShown = { fields, own, page: withMembers(fields, this.path, own) };
    return this.firstShown.page;
  }
}

/** Same fields; the lists (pages, params) by their items' identity. */
function sameSnapshot(a: InfiniteDLE<unknown>, b: InfiniteDLE<unknown>): boolean {
  for (const key in a) {
    const x = a[key as keyof typeof a];
    const y = b[key as keyof typeof b];
    if (x !== y && !(Array.isArray(x) && Array.isArray(y) && sameItems(x, y))) return false;
  }
  return true;
}

function sameKeys(a: ReadonlySet<unknown>, b: ReadonlySet<unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
