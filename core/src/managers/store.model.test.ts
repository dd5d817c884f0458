import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { HttpError, localEndpoint } from '../../test/endpoints';
import { denormalize } from '../normalize';
import {
  Collection,
  Entity,
  INVALID,
  Invalidate,
  type IQueryDelegate,
  type Schema,
  Union,
  Values,
} from '../schema';
import {
  type CacheState,
  type Controller,
  type EndpointInterface,
  ExpiryStatus,
  resetEntireStore,
  type Selection,
  type SnapshotInterface,
  type State,
  setResponse,
} from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';

// A model-based test of the store's whole write/read path. fast-check runs random sequences of
// steps: responses (some breaking their schema partway), `set` (values and updaters, some
// failing), invalidation and expiry by `testKey` (which may throw), fetches and optimistic
// mutations answered in any order with success, a broken body or an error, live `select`
// subscriptions, `keepState`, the clock, garbage collection and reset. After every step:
// - each `getSelection`/`getResponse`/`get` and each subscription's latest value equals a fresh
//   `denormalize` of a deep copy of the state (data, error, freshness, loading);
// - each keeps its object identity while what it is built from did not change;
// - a write that fails leaves the state as it was, and a kept state stays as it was (and reads
//   of it give its data).
// On failure fast-check prints the seed and the shrunk sequence of steps.

class Author extends Entity {
  id = '';
  name = '';
  handle = '';
  static override indexes = ['handle'];
  pk() {
    return this.id;
  }
}
class Tag extends Entity {
  id = '';
  label = '';
  pk() {
    return this.id;
  }
}
class Cat extends Entity {
  id = '';
  kind = 'cat';
  lives = 0;
  pk() {
    return this.id;
  }
}
class Dog extends Entity {
  id = '';
  kind = 'dog';
  good = false;
  pk() {
    return this.id;
  }
}
const pet = new Union({ cat: Cat, dog: Dog }, 'kind');
class Post extends Entity {
  id = '';
  title = '';
  author: Author | undefined = undefined;
  tags: Tag[] = [];
  pet: Cat | Dog | undefined = undefined;
  pk() {
    return this.id;
  }
  static override schema = { author: Author, tags: [Tag], pet };
}
const postList = new Collection([Post]);
const byHandle = new Values(Author);
const directory = { byHandle, pets: [pet], featured: Post };

// ---- payloads: few ids and values, so writes often collide and often change nothing ----

type Json = Record<string, unknown>;
const authorArb = fc.record({
  id: fc.constantFrom('a1', 'a2', 'a3'),
  name: fc.constantFrom('Ann', 'Bo'),
  handle: fc.constantFrom('h1', 'h2'),
});
/**
 * One value per entity within a payload: a later mention of an entity repeats the first one.
 * (A response that contradicts itself may end with equal data in a new object.)
 */
function consistent<T>(value: T, seen = new Map<string, unknown>()): T {
  if (Array.isArray(value)) return value.map((item) => consistent(item, seen)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const fields = value as Json;
  const type = ['title', 'handle', 'label', 'kind'].find((field) => field in fields);
  const key = type === undefined ? undefined : `${type}:${String(fields.id)}`;
  if (key !== undefined && seen.has(key)) return structuredClone(seen.get(key)) as T;
  const copy: Json = {};
  for (const field of Object.keys(fields)) copy[field] = consistent(fields[field], seen);
  if (key !== undefined) seen.set(key, copy);
  return copy as T;
}

const tagArb = fc.record({ id: fc.constantFrom('t1', 't2'), label: fc.constantFrom('x', 'y') });
const petArb = fc.oneof(
  fc.record({
    id: fc.constantFrom('c1', 'c2'),
    kind: fc.constant('cat'),
    lives: fc.constantFrom(1, 9),
  }),
  fc.record({ id: fc.constant('d1'), kind: fc.constant('dog'), good: fc.boolean() }),
);
const postArb = fc
  .record({
    id: fc.constantFrom('p1', 'p2', 'p3'),
    title: fc.constantFrom('A', 'B'),
    author: authorArb,
    tags: fc.array(tagArb, { maxLength: 2 }),
    pet: petArb,
  })
  .map((post) => consistent(post));
const byHandleArb = fc
  .dictionary(fc.constantFrom('h1', 'h2'), authorArb, { maxKeys: 2 })
  .map((authors) => consistent(authors));
const directoryArb = fc
  .record({
    byHandle: byHandleArb,
    pets: fc.array(petArb, { maxLength: 2 }),
    featured: postArb,
  })
  .map((directory) => consistent(directory));
const postsArb = fc.array(postArb, { maxLength: 3 }).map((posts) => consistent(posts));
const bundleArb = fc.record({
  posts: postsArb,
  post: postArb,
  author: authorArb,
  directory: directoryArb,
});
type Bundle = typeof bundleArb extends fc.Arbitrary<infer T> ? T : never;

/** A post whose tags break the schema after its author and first tag were written. */
function brokenPost(post: Json): Json {
  return { ...post, tags: [{ id: 't1', label: 'broken' }, { label: 'no id' }] };
}

// ---- endpoints: every request waits until a step answers it ----

type Name =
  | 'posts'
  | 'post'
  | 'author'
  | 'directory'
  | 'createPost'
  | 'updateAuthor'
  | 'deletePost';
type Args = readonly unknown[];
type Outcome = 'ok' | 'broken' | 'fail';

interface PendingRequest {
  readonly name: Name;
  readonly args: Args;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** The response a server gives a request (`broken`: one that breaks the schema partway). */
function responseFor(name: Name, args: Args, bundle: Bundle, broken: boolean): unknown {
  const params = args[0] as Json;
  switch (name) {
    case 'posts':
      return broken ? [...bundle.posts, brokenPost(bundle.post)] : bundle.posts;
    case 'post': {
      const post = { ...bundle.post, id: params.id };
      return broken ? brokenPost(post) : post;
    }
    case 'author':
    case 'updateAuthor': {
      const body = typeof args[1] === 'object' ? (args[1] as Json) : {};
      const author = { ...bundle.author, ...params, ...body };
      return broken ? { name: author.name } : author;
    }
    case 'directory':
      return broken
        ? { ...bundle.directory, pets: [...bundle.directory.pets, { kind: 'cat', lives: 0 }] }
        : bundle.directory;
    case 'createPost':
      return broken ? brokenPost(bundle.post) : bundle.post;
    case 'deletePost':
      return broken ? {} : { id: params.id };
  }
}

/** The body of a mutation; `abort` makes its optimistic update throw `snap.abort`. */
type Body = Json | 'abort';

function endpointsFor(pending: PendingRequest[]): Record<Name, EndpointInterface> {
  const request =
    (name: Name) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        pending.push({ name, args, resolve, reject });
      });
  const optimistic = (snap: SnapshotInterface, body: Body, value: () => unknown) => {
    if (body === 'abort') throw snap.abort;
    return value();
  };
  const tagged = (params: { tag?: string }) => (params.tag ? `?tag=${params.tag}` : '');
  return {
    posts: localEndpoint({
      key: (params: { tag?: string }) => `GET /posts${tagged(params)}`,
      schema: postList,
      resolve: request('posts'),
    }),
    post: localEndpoint({
      key: (params: { id: string }) => `GET /posts/${params.id}`,
      schema: Post,
      resolve: request('post'),
    }),
    author: localEndpoint({
      key: (params: { id?: string; handle?: string }) =>
        `GET /authors?${params.id ? `id=${params.id}` : `handle=${params.handle}`}`,
      schema: Author,
      resolve: request('author'),
    }),
    directory: localEndpoint({
      key: () => 'GET /directory',
      schema: directory,
      resolve: request('directory'),
    }),
    createPost: localEndpoint({
      key: (params: { tag?: string }) => `POST /posts${tagged(params)}`,
      schema: postList.push,
      sideEffect: true,
      getOptimisticResponse: (snap, _params, body: Body) => optimistic(snap, body, () => body),
      resolve: request('createPost'),
    }),
    updateAuthor: localEndpoint({
      key: (params: { id: string }) => `PATCH /authors/${params.id}`,
      schema: Author,
      sideEffect: true,
      // Built on what the snapshot holds, so a replay over newer data gives a newer answer.
      getOptimisticResponse: (snap, params: { id: string }, body: Body) =>
        optimistic(snap, body, () => ({
          handle: 'h1',
          ...(snap.get(Author, params) as Author | undefined),
          ...(body as Json),
          id: params.id,
        })),
      resolve: request('updateAuthor'),
    }),
    deletePost: localEndpoint({
      key: (params: { id: string }) => `DELETE /posts/${params.id}`,
      schema: new Invalidate(Post),
      sideEffect: true,
      getOptimisticResponse: (snap, params: { id: string }, body: Body) =>
        optimistic(snap, body, () => ({ id: params.id })),
      resolve: request('deletePost'),
    }),
  } as unknown as Record<Name, EndpointInterface>;
}

const describeRead = (name: string, args: Args) => `${name}(${JSON.stringify(args)})`;
const read = (name: Name, ...args: Args) => ({ name, args, id: describeRead(name, args) });
const query = (schema: Schema & { key: string }, params: Json) => ({
  schema: schema as Schema,
  args: [params] as Args,
  id: `get ${describeRead(schema.key, [params])}`,
});

/** Every endpoint read checked after each step (and the choices of `select` subscriptions). */
const READS = [
  read('posts', {}),
  read('posts', { tag: 't1' }),
  read('post', { id: 'p1' }),
  read('post', { id: 'p2' }),
  read('author', { handle: 'h1' }),
  read('author', { handle: 'h2' }),
  read('author', { id: 'a1' }),
  read('directory'),
  read('createPost', {}),
  read('updateAuthor', { id: 'a1' }),
  read('deletePost', { id: 'p1' }),
];
/** Every `controller.get` checked after each step. */
const QUERIES = [
  ...['a1', 'a2', 'a3'].map((id) => query(Author, { id })),
  query(Author, { handle: 'h1' }),
  query(Author, { handle: 'h2' }),
  ...['p1', 'p2', 'p3'].map((id) => query(Post, { id })),
  query(Tag, { id: 't1' }),
  query(Cat, { id: 'c1' }),
  query(postList, {}),
  query(postList, { tag: 't1' }),
];

// ---- the oracle: fresh denormalization of a deep copy ----

type Tables = {
  entities: Json;
  indexes: Json;
  entitiesMeta: Json;
  endpoints: Json;
  meta: Json;
};

/** A deep copy of plain data (null-prototype records become plain ones; errors are kept). */
function deepCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Json = {};
  for (const key of Object.keys(value)) copy[key] = deepCopy((value as Json)[key]);
  return copy;
}

function copyOf(cache: CacheState): Tables {
  const { entities, indexes, entitiesMeta, endpoints, meta } = cache;
  return deepCopy({ entities, indexes, entitiesMeta, endpoints, meta }) as Tables;
}

function withoutMeta(tables: Tables, key: string): Tables {
  const meta = { ...tables.meta };
  delete meta[key];
  return { ...tables, meta };
}

const lookup = (record: unknown, key: string): unknown =>
  record !== null && typeof record === 'object' && Object.hasOwn(record, key)
    ? (record as Json)[key]
    : undefined;

/** What `queryKey` reads, from the copy. */
function delegateOver(tables: Tables): IQueryDelegate {
  return {
    getEntity: (key, pk) => lookup(lookup(tables.entities, key), pk),
    getEntities: (key) => lookup(tables.entities, key) as Json | undefined,
    getIndex: (key, index, value) =>
      lookup(lookup(lookup(tables.indexes, key), index), value) as string | undefined,
    queryKey: () => {
      throw new Error('not read by the schemas of this test');
    },
  };
}

const isEntityClass = (schema: unknown): schema is typeof Entity =>
  typeof schema === 'function' && (schema as { prototype: unknown }).prototype instanceof Entity;

/** A fresh value and the entities it was built from (every table lookup, found or not). */
interface Fresh {
  /** The normalized input it was denormalized from. */
  input: unknown;
  data: unknown;
  paths: string[];
  /** The result needs an entity that is invalid (it reads as missing). */
  invalid?: boolean;
}

/** `denormalize` over the copy, recording each entity it looks up. */
function freshDenormalize(schema: Schema, input: unknown, tables: Tables, args: Args): Fresh {
  const paths = new Set<string>();
  const entities = new Proxy(tables.entities, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      const table = (lookup(target, key) ?? {}) as Json;
      return new Proxy(table, {
        get(rows, pk) {
          if (typeof pk !== 'string') return undefined;
          paths.add(`${key}\u0000${pk}`);
          return lookup(rows, pk);
        },
      });
    },
  });
  const data = denormalize(schema, input, entities as never, args);
  const invalid = data === INVALID;
  return { input, data: invalid ? undefined : data, paths: [...paths].sort(), invalid };
}

function freshQuery(schema: Schema, args: Args, tables: Tables): Fresh {
  const key = (schema as { queryKey(args: Args, d: IQueryDelegate): unknown }).queryKey(
    args,
    delegateOver(tables),
  );
  if (key === undefined) return { input: undefined, data: undefined, paths: [] };
  return freshDenormalize(schema, key, tables, args);
}

interface Expected extends Fresh {
  error: unknown;
  expiryStatus: ExpiryStatus;
  expiresAt: number;
}

/** What a read of one endpoint must give, from the copy alone (see core/README). */
function freshRead(endpoint: EndpointInterface, args: Args, tables: Tables): Expected {
  const key = endpoint.key(...args);
  const meta = lookup(tables.meta, key) as
    | { expiresAt: number; error?: unknown; invalidated?: boolean }
    | undefined;
  const input = lookup(tables.endpoints, key);
  const schema = endpoint.schema as Schema;
  const error = meta?.error;
  // An Entity endpoint without a result of its own reads the entity the store holds, as fresh
  // as the entities it is built from.
  if (input === undefined && !meta?.invalidated && !endpoint.sideEffect && isEntityClass(schema)) {
    const found = freshQuery(schema, args, tables);
    if (found.data !== undefined) {
      let expiresAt = Number.POSITIVE_INFINITY;
      for (const path of found.paths) {
        const [entityKey, pk] = path.split('\u0000');
        const written = lookup(lookup(tables.entitiesMeta, entityKey), pk) as
          | { expiresAt: number }
          | undefined;
        expiresAt = Math.min(expiresAt, written?.expiresAt ?? 0);
      }
      if (error !== undefined) expiresAt = meta!.expiresAt;
      return { ...found, error, expiryStatus: ExpiryStatus.Valid, expiresAt };
    }
  }
  const fresh: Fresh =
    input === undefined
      ? { input, data: undefined, paths: [] }
      : freshDenormalize(schema, input, tables, args);
  // A result naming an entity the store no longer holds reads as missing too (core/README).
  const missing = input === undefined || fresh.invalid === true || fresh.data === undefined;
  let expiryStatus = ExpiryStatus.Valid;
  if (meta?.invalidated) expiryStatus = ExpiryStatus.Invalid;
  else if (missing)
    expiryStatus = error !== undefined ? ExpiryStatus.InvalidIfStale : ExpiryStatus.Invalid;
  return { ...fresh, error, expiryStatus, expiresAt: meta?.expiresAt ?? 0 };
}

// ---- the system under test ----

interface LiveSelect {
  readonly read: (typeof READS)[number];
  latest?: Selection<unknown>;
  subscription?: Subscription;
  /** What it was built from and what it showed at the previous check. */
  seen?: { sources: unknown; live: unknown };
}

interface World {
  controller: Controller;
  gc: GCManager;
  dispose(): void;
  clock: number;
  endpoints: Record<Name, EndpointInterface>;
  pending: PendingRequest[];
  selects: LiveSelect[];
  kept: { state: State; copy: Tables }[];
  /** What optimistic updates showed at the previous check (see `layered`). */
  layered: Set<string>;
  /** By read: what it was built from and what the store gave at the previous check. */
  seen: Map<string, { sources: unknown; live: unknown }>;
}

function newWorld(): World {
  const pending: PendingRequest[] = [];
  const world = { clock: 1_000, layered: new Set<string>() } as World;
  const store = createStore({
    managers: [new GCManager({ intervalMs: 1e9 })],
    dataExpiryLength: 100,
    errorExpiryLength: 50,
    now: () => world.clock,
  });
  return Object.assign(world, {
    controller: store.controller,
    gc: store.managers.find((manager) => manager instanceof GCManager)!,
    dispose: () => {
      for (const live of world.selects) live.subscription?.unsubscribe();
      store.dispose();
    },
    endpoints: endpointsFor(pending),
    pending,
    selects: [],
    kept: [],
    seen: new Map(),
  });
}

/** Lets requests start and answers land (everything queued as microtasks runs first). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What a read is built from: its normalized input and the stored entities it looked up. (A
 * stored entity may change while its denormalized form does not, e.g. a field now stored with
 * its default value: the read may then be a new object.)
 */
function sourcesOf(fresh: Fresh, tables: Tables): unknown[] {
  const stored = fresh.paths.map((path) => {
    const [key, pk] = path.split('\u0000');
    return lookup(lookup(tables.entities, key), pk);
  });
  return [fresh.input, fresh.paths, stored];
}

/**
 * Entities and results that pending optimistic updates show instead of the committed ones.
 * They are replayed over fresh copies at each commit (core/README), so what is built from them
 * may get new objects for unchanged data: those reads are not held to their identity.
 */
function layered(state: State): Set<string> {
  const found = new Set<string>();
  const { committed } = state;
  if (!committed) return found;
  const differ = (prefix: string, visible: unknown, beneath: unknown) => {
    if (visible === beneath) return;
    const keys = new Set([...Object.keys(visible ?? {}), ...Object.keys(beneath ?? {})]);
    for (const key of keys) {
      if (lookup(visible, key) !== lookup(beneath, key)) found.add(`${prefix}${key}`);
    }
  };
  for (const key of new Set([...Object.keys(state.entities), ...Object.keys(committed.entities)])) {
    differ(`${key}\u0000`, lookup(state.entities, key), lookup(committed.entities, key));
  }
  differ('result\u0000', state.endpoints, committed.endpoints);
  return found;
}

/** `live` keeps the identity it had at the previous check when its sources did not change. */
function sameUnlessChanged(
  exempt: ReadonlySet<string>,
  seen: { sources: unknown; live: unknown } | undefined,
  fresh: Fresh,
  tables: Tables,
  live: unknown,
  what: string,
  resultKey?: string,
): { sources: unknown; live: unknown } {
  const sources = sourcesOf(fresh, tables);
  const replayed =
    (resultKey !== undefined && exempt.has(`result\u0000${resultKey}`)) ||
    fresh.paths.some((path) => exempt.has(path));
  if (!replayed && seen && isDeepStrictEqual(seen.sources, sources)) {
    identical(live, seen.live, `${what} kept its identity`);
  }
  return { sources, live };
}

// `expect` only on a mismatch, for its message: a run makes thousands of these checks.
function equal(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, what).toStrictEqual(expected);
}
function identical(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) expect(actual, what).toBe(expected);
}

function expectSelection(got: Selection<unknown>, want: Expected, loading: boolean, what: string) {
  equal(got.data, want.data, `${what}: data`);
  identical(got.error, want.error, `${what}: error`);
  identical(got.loading, loading, `${what}: loading`);
  identical(got.expiryStatus, want.expiryStatus, `${what}: expiryStatus`);
  identical(got.expiresAt, want.expiresAt, `${what}: expiresAt`);
}

/** The invariants that hold after every step. */
function checkReads(world: World): void {
  const { controller } = world;
  const state = controller.getState();
  const tables = copyOf(state);
  identical(state.committed === null, state.optimistic.length === 0, 'committed iff optimistic');
  const now = layered(state);
  const exempt = new Set([...world.layered, ...now]);
  world.layered = now;
  const fresh = new Map<string, Expected>();
  for (const { name, args, id: what } of READS) {
    const endpoint = world.endpoints[name];
    const want = freshRead(endpoint, args, tables);
    fresh.set(what, want);
    const loading = Object.hasOwn(state.fetching, endpoint.key(...args));
    const selection = controller.getSelection(endpoint, ...args);
    expectSelection(selection, want, loading, `getSelection ${what}`);
    identical(
      controller.getResponse(endpoint, ...args).data,
      selection.data,
      `getResponse ${what}`,
    );
    world.seen.set(
      what,
      sameUnlessChanged(
        exempt,
        world.seen.get(what),
        want,
        tables,
        selection.data,
        `getSelection ${what}`,
        endpoint.key(...args),
      ),
    );
  }
  for (const { schema, args, id: what } of QUERIES) {
    const want = freshQuery(schema, args, tables);
    const got = controller.get(schema, ...args);
    equal(got, want.data, what);
    world.seen.set(what, sameUnlessChanged(exempt, world.seen.get(what), want, tables, got, what));
  }
  for (const live of world.selects) {
    const { name, args, id } = live.read;
    const endpoint = world.endpoints[name];
    const what = `select ${id}`;
    const want = fresh.get(id)!;
    const loading = Object.hasOwn(state.fetching, endpoint.key(...args));
    expectSelection(live.latest!, want, loading, what);
    const read = controller.getSelection(endpoint, ...args).data;
    identical(live.latest!.data, read, `${what} shows what getSelection gives`);
    live.seen = sameUnlessChanged(
      exempt,
      live.seen,
      want,
      tables,
      live.latest!.data,
      what,
      endpoint.key(...args),
    );
  }
  for (const kept of world.kept) {
    equal(copyOf(kept.state), kept.copy, 'a kept state stays as it was');
  }
}

/** What every read and subscription shows now (to check that a failed write changed none). */
function liveValues(world: World): unknown[] {
  const values: unknown[] = READS.map(
    ({ name, args }) => world.controller.getSelection(world.endpoints[name], ...args).data,
  );
  for (const { schema, args } of QUERIES) values.push(world.controller.get(schema, ...args));
  for (const live of world.selects) values.push(live.latest);
  return values;
}

/**
 * Runs a write; when it fails (always, with `mustFail`), checks that it left the store as it
 * was: no new state, the same tables, every read and subscription showing the same object.
 */
async function expectUnchangedIfRefused(
  world: World,
  write: () => Promise<unknown>,
  mustFail: boolean,
): Promise<void> {
  const state = world.controller.getState();
  const before = copyOf(state);
  const shown = liveValues(world);
  const failed = await write().then(
    () => false,
    () => true,
  );
  if (mustFail) identical(failed, true, 'the write was refused');
  if (!failed) return;
  identical(world.controller.getState(), state, 'a failed write makes no new state');
  equal(copyOf(state), before, 'a failed write leaves the state as it was');
  const after = liveValues(world);
  shown.forEach((value, i) => {
    identical(after[i], value, 'a failed write changes no read');
  });
}

// ---- commands ----

type Model = object;
type Command = fc.AsyncCommand<Model, World, false>;

abstract class Step implements Command {
  check(): true {
    return true;
  }
  async run(_model: Model, world: World): Promise<void> {
    await this.apply(world);
    checkReads(world);
  }
  abstract apply(world: World): Promise<void> | void;
  abstract toString(): string;
}

const show = (value: unknown) => JSON.stringify(value);

class SetResponse extends Step {
  constructor(
    readonly name: Name,
    readonly args: Args,
    readonly payload: unknown,
    readonly broken: boolean,
  ) {
    super();
  }
  async apply(world: World) {
    const endpoint = world.endpoints[this.name];
    const response = this.broken ? breakResponse(this.name, this.payload) : this.payload;
    const key = endpoint.key(...this.args);
    const before = copyOf(world.controller.getState());
    await setResponse(world.controller, endpoint, ...this.args, response);
    if (!this.broken) return;
    // A response that does not fit: its error is recorded for its key, nothing else changes.
    const after = copyOf(world.controller.getState());
    expect((lookup(after.meta, key) as { error?: unknown }).error).toBeDefined();
    equal(withoutMeta(after, key), withoutMeta(before, key), 'a broken response wrote nothing');
  }
  toString() {
    return `setResponse(${this.name}, ${show(this.args)}, ${show(this.payload)}${this.broken ? ', broken' : ''})`;
  }
}

function breakResponse(name: Name, payload: unknown): unknown {
  switch (name) {
    case 'posts':
      return [...(payload as Json[]), brokenPost((payload as Json[])[0] ?? { id: 'p1' })];
    case 'post':
      return brokenPost(payload as Json);
    case 'author':
      return { ...(payload as Json), id: undefined };
    default: {
      const value = payload as Bundle['directory'];
      return { ...value, pets: [...value.pets, { kind: 'cat', lives: 0 }] };
    }
  }
}

type SetTarget = 'Author' | 'Post' | 'pet' | 'byHandle';
const SET_SCHEMAS: Record<SetTarget, Schema> = { Author, Post, pet, byHandle };

class SetValue extends Step {
  constructor(
    readonly target: SetTarget,
    readonly value: Json,
    readonly broken: boolean,
  ) {
    super();
  }
  async apply(world: World) {
    const schema = SET_SCHEMAS[this.target];
    if (!this.broken) return world.controller.set(schema, this.value);
    const broken =
      this.target === 'byHandle'
        ? { ...this.value, h3: { name: 'no id' } }
        : this.target === 'pet'
          ? { ...this.value, id: undefined }
          : this.target === 'Post'
            ? brokenPost(this.value)
            : { ...this.value, id: undefined };
    await expectUnchangedIfRefused(world, () => world.controller.set(schema, broken), true);
  }
  toString() {
    return `set(${this.target}, ${show(this.value)}${this.broken ? ', broken' : ''})`;
  }
}

class SetWithUpdater extends Step {
  constructor(
    readonly target: 'Author' | 'Post',
    readonly id: string,
    readonly text: string,
    readonly throws: boolean,
  ) {
    super();
  }
  async apply(world: World) {
    const { controller } = world;
    const params = { id: this.id };
    if (this.throws) {
      await expectUnchangedIfRefused(
        world,
        () =>
          controller.set(Author, params, () => {
            throw new Error('updater failed');
          }),
        true,
      );
    } else if (this.target === 'Author') {
      await controller.set(Author, params, (current: Author | undefined) => ({
        handle: 'h2',
        ...current,
        id: this.id,
        name: this.text,
      }));
    } else {
      await controller.set(Post, params, (current: Post | undefined) => ({
        author: { id: 'a1', name: 'Ann', handle: 'h1' },
        ...current,
        id: this.id,
        title: this.text,
      }));
    }
  }
  toString() {
    return `set(${this.target}, ${show({ id: this.id })}, updater ${this.throws ? 'that throws' : `→ ${this.text}`})`;
  }
}

class Invalidation extends Step {
  constructor(readonly read: (typeof READS)[number]) {
    super();
  }
  apply(world: World) {
    return world.controller.invalidate(world.endpoints[this.read.name], ...this.read.args);
  }
  toString() {
    return `invalidate${this.read.id}`;
  }
}

/** `invalidateAll` or `expireAll` by key prefix; the test throws after `throwAfter` keys. */
class ByTestKey extends Step {
  constructor(
    readonly method: 'invalidateAll' | 'expireAll',
    readonly prefix: string,
    readonly throwAfter: number | null,
  ) {
    super();
  }
  async apply(world: World) {
    let tested = 0;
    const testKey = (key: string) => {
      if (this.throwAfter !== null && tested++ >= this.throwAfter)
        throw new Error('testKey failed');
      return key.startsWith(this.prefix);
    };
    // The test may throw before its last key (it is also asked about requests in flight).
    await expectUnchangedIfRefused(world, () => world.controller[this.method]({ testKey }), false);
  }
  toString() {
    const throws = this.throwAfter === null ? '' : `, throws after ${this.throwAfter} keys`;
    return `${this.method}(${show(this.prefix)}${throws})`;
  }
}

class Fetch extends Step {
  constructor(
    readonly name: Name,
    readonly args: Args,
  ) {
    super();
  }
  async apply(world: World) {
    const state = world.controller.getState();
    const committed = copyOf(state.committed ?? state);
    const visible = copyOf(state);
    void world.controller.fetch(world.endpoints[this.name], ...this.args).catch(() => undefined);
    // Starting a fetch never writes the committed tables; only a mutation's optimistic update
    // changes what readers see.
    const now = world.controller.getState();
    equal(copyOf(now.committed ?? now), committed, 'a fetch leaves the committed state');
    if (!world.endpoints[this.name].sideEffect) equal(copyOf(now), visible, 'a GET writes nothing');
    await settle();
  }
  toString() {
    return `fetch(${this.name}, ${this.args.map(show).join(', ')})`;
  }
}

class Answer extends Step {
  constructor(
    readonly index: number,
    readonly outcome: Outcome,
    readonly bundle: Bundle,
  ) {
    super();
  }
  /** The request it answered and the response it gave, for the report of a failing run. */
  private sent?: string;
  async apply(world: World) {
    if (world.pending.length === 0) return;
    const [request] = world.pending.splice(this.index % world.pending.length, 1);
    const endpoint = world.endpoints[request.name];
    const key = endpoint.key(...request.args);
    const state = world.controller.getState();
    const committed = copyOf(state.committed ?? state);
    const visible = copyOf(state);
    const response =
      this.outcome === 'fail'
        ? undefined
        : responseFor(request.name, request.args, this.bundle, this.outcome === 'broken');
    this.sent = describeRead(request.name, request.args);
    if (response !== undefined) this.sent += `: ${show(response)}`;
    if (this.outcome === 'fail') request.reject(new HttpError(500));
    else request.resolve(response);
    await settle();
    if (this.outcome === 'ok') return;
    // A failure records at most its key's error; a mutation's optimistic update is rolled back.
    const now = world.controller.getState();
    const after = withoutMeta(copyOf(now), key);
    if (!endpoint.sideEffect) {
      equal(after, withoutMeta(visible, key), 'a failed fetch wrote nothing');
    } else if (now.optimistic.length === 0) {
      equal(after, withoutMeta(committed, key), 'a failed mutation is rolled back');
    }
  }
  toString() {
    return `answer(request #${this.index}, ${this.outcome}${this.sent ? `, ${this.sent}` : ''})`;
  }
}

class Subscribe extends Step {
  constructor(readonly read: (typeof READS)[number]) {
    super();
  }
  apply(world: World) {
    const live: LiveSelect = { read: this.read };
    const endpoint = world.endpoints[this.read.name];
    live.subscription = world.controller.select(endpoint, ...this.read.args).subscribe((value) => {
      live.latest = value;
    });
    world.selects.push(live);
  }
  toString() {
    return `select${this.read.id}`;
  }
}

class Unsubscribe extends Step {
  constructor(readonly index: number) {
    super();
  }
  apply(world: World) {
    if (world.selects.length === 0) return;
    const [live] = world.selects.splice(this.index % world.selects.length, 1);
    live.subscription!.unsubscribe();
  }
  toString() {
    return `unsubscribe(#${this.index})`;
  }
}

class KeepState extends Step {
  apply(world: World) {
    const state = world.controller.keepState();
    world.kept = [...world.kept.slice(-2), { state, copy: copyOf(state) }];
  }
  toString() {
    return 'keepState()';
  }
}

/**
 * Reads every endpoint and query of a kept state: each gives that state's data, and (checked
 * after the step) the live reads keep their identity.
 */
class ReadKept extends Step {
  constructor(readonly index: number) {
    super();
  }
  apply(world: World) {
    if (world.kept.length === 0) return;
    const { state, copy } = world.kept[this.index % world.kept.length];
    for (const { name, args, id } of READS) {
      const endpoint = world.endpoints[name];
      const want = freshRead(endpoint, args, copy);
      const got = world.controller.getResponse(endpoint, ...args, state);
      equal(got.data, want.data, `kept ${id}: data`);
      identical(got.expiryStatus, want.expiryStatus, `kept ${id}: expiryStatus`);
      identical(got.expiresAt, want.expiresAt, `kept ${id}: expiresAt`);
    }
    for (const { schema, args, id } of QUERIES) {
      equal(
        world.controller.get(schema, ...args, state),
        freshQuery(schema, args, copy).data,
        `kept ${id}`,
      );
    }
  }
  toString() {
    return `readKept(#${this.index})`;
  }
}

class Advance extends Step {
  constructor(readonly ms: number) {
    super();
  }
  apply(world: World) {
    world.clock += this.ms;
  }
  toString() {
    return `advance(${this.ms} ms)`;
  }
}

class CollectGarbage extends Step {
  async apply(world: World) {
    const committedReads = () => {
      const state = world.controller.getState();
      const committed = copyOf(state.committed ?? state);
      return world.selects.map(
        ({ read }) => freshRead(world.endpoints[read.name], read.args, committed).data,
      );
    };
    const shown = world.selects.map((live) => live.latest);
    const beneath = committedReads();
    await world.gc.sweep();
    // Garbage collection never takes what a live reader shows, nor what it will show once
    // pending optimistic updates are rolled back.
    const pending = world.controller.getState().optimistic.length > 0;
    world.selects.forEach((live, i) => {
      if (pending) equal(live.latest, shown[i], 'gc changed what a live select shows');
      else identical(live.latest, shown[i], 'gc changed what a live select shows');
    });
    equal(committedReads(), beneath, 'gc took data a live select reads beneath optimistic updates');
  }
  toString() {
    return 'gc.sweep()';
  }
}

class Reset extends Step {
  async apply(world: World) {
    await resetEntireStore(world.controller);
    await settle();
  }
  toString() {
    return 'resetEntireStore()';
  }
}

// ---- generators ----

const readArb = fc.constantFrom(...READS);
const postsArgs = fc.constantFrom<Args>([{}], [{ tag: 't1' }]);
const postIdArgs = fc.constantFrom<Args>([{ id: 'p1' }], [{ id: 'p2' }], [{ id: 'p3' }]);
const authorArgs = fc.constantFrom<Args>([{ handle: 'h1' }], [{ handle: 'h2' }], [{ id: 'a1' }]);

const setResponseArb = fc
  .tuple(
    fc.oneof(
      fc.tuple(fc.constant<Name>('posts'), postsArgs, postsArb),
      fc.tuple(fc.constant<Name>('post'), postIdArgs, postArb),
      fc.tuple(fc.constant<Name>('author'), authorArgs, authorArb),
      fc.tuple(fc.constant<Name>('directory'), fc.constant<Args>([]), directoryArb),
    ),
    fc.boolean(),
  )
  .map(([[name, args, payload], broken]) => new SetResponse(name, args, payload, broken));

const setArb = fc
  .tuple(
    fc.oneof(
      fc.tuple(fc.constant<SetTarget>('Author'), authorArb),
      fc.tuple(fc.constant<SetTarget>('Post'), postArb),
      fc.tuple(fc.constant<SetTarget>('pet'), petArb),
      fc.tuple(fc.constant<SetTarget>('byHandle'), byHandleArb),
    ),
    fc.boolean(),
  )
  .map(([[target, value], broken]) => new SetValue(target, value, broken));

const updaterArb = fc.oneof(
  fc
    .tuple(fc.constantFrom('a1', 'a2'), fc.constantFrom('Ann', 'Cy'), fc.boolean())
    .map(([id, name, throws]) => new SetWithUpdater('Author', id, name, throws)),
  fc
    .tuple(fc.constantFrom('p1', 'p2'), fc.constantFrom('A', 'C'))
    .map(([id, title]) => new SetWithUpdater('Post', id, title, false)),
);

const testKeyArb = fc
  .tuple(
    fc.constantFrom<'invalidateAll' | 'expireAll'>('invalidateAll', 'expireAll'),
    fc.constantFrom('GET /posts', 'GET /authors', 'GET', 'PATCH'),
    fc.option(fc.nat(2)),
  )
  .map(([method, prefix, throwAfter]) => new ByTestKey(method, prefix, throwAfter));

const bodyArb = (value: fc.Arbitrary<Json>) =>
  fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant<Body>('abort') });
const fetchArb = fc
  .oneof(
    fc.tuple(fc.constant<Name>('posts'), postsArgs),
    fc.tuple(fc.constant<Name>('post'), postIdArgs),
    fc.tuple(fc.constant<Name>('author'), authorArgs),
    fc.tuple(fc.constant<Name>('directory'), fc.constant<Args>([])),
    fc
      .tuple(postsArgs, bodyArb(fc.oneof(postArb, postArb.map(brokenPost))))
      .map(([args, body]): [Name, Args] => ['createPost', [...args, body]]),
    fc
      .tuple(
        fc.constantFrom('a1', 'a2'),
        bodyArb(fc.record({ name: fc.constantFrom('Ann', 'Dee') })),
      )
      .map(([id, body]): [Name, Args] => ['updateAuthor', [{ id }, body]]),
    fc
      .tuple(fc.constantFrom('p1', 'p2'), bodyArb(fc.constant({})))
      .map(([id, body]): [Name, Args] => ['deletePost', [{ id }, body]]),
  )
  .map(([name, args]) => new Fetch(name, args));

const answerArb = fc
  .tuple(fc.nat(4), fc.constantFrom<Outcome>('ok', 'ok', 'broken', 'fail'), bundleArb)
  .map(([index, outcome, bundle]) => new Answer(index, outcome, bundle));

const commandsArb = fc.commands<Model, World, false>(
  [
    setResponseArb,
    setResponseArb,
    setArb,
    updaterArb,
    readArb.map((read) => new Invalidation(read)),
    testKeyArb,
    testKeyArb,
    fetchArb,
    fetchArb,
    answerArb,
    answerArb,
    readArb.map((read) => new Subscribe(read)),
    readArb.map((read) => new Subscribe(read)),
    fc.nat(7).map((index) => new Unsubscribe(index)),
    fc.constant(new KeepState()),
    fc.nat(2).map((index) => new ReadKept(index)),
    fc.constantFrom(1, 30, 60, 120, 200).map((ms) => new Advance(ms)),
    fc.constantFrom(1, 30, 60, 120, 200).map((ms) => new Advance(ms)),
    fc.constant(new CollectGarbage()),
    fc.constant(new CollectGarbage()),
    fc.constant(new Reset()),
  ],
  { maxCommands: 40, size: 'medium' },
);

describe('the store against a model (property-based)', () => {
  it('every read equals a fresh denormalize of the state, keeps its identity, and failed writes change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(commandsArb, async (commands) => {
        const world = newWorld();
        try {
          checkReads(world);
          await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
        } finally {
          world.dispose();
          await settle();
        }
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
