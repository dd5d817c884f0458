// The published build (dist/) against the sources: scripts/mangle.mjs renamed its private
// members, and what leaves the store (a dehydrated page state, persisted entries) is the same
// from either, so a page rendered by one version is read by the other. Needs `npm run build`.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as source from '@tessera/core';
import * as sourcePersist from '@tessera/core/persist';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SourceMapConsumer } from 'source-map-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as built from '../core/dist/index.js';
import * as builtPersist from '../core/dist/persist.js';
import { mangleNames } from '../scripts/mangle.mjs';

const API = 'http://dist.test';
const server = setupServer(
  http.get(`${API}/todos`, () =>
    HttpResponse.json([
      { id: 1, title: 'one', done: false, tags: [{ id: 't', name: 'tag' }] },
      { id: 2, title: 'two', done: true, tags: [] },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Core = typeof source;

/** The same app on one build or the other: entities, an endpoint, a store on a fixed clock. */
function app(core: Core, managers: InstanceType<typeof sourcePersist.PersistManager>[] = []) {
  class Tag extends core.Entity {
    id = '';
    name = '';
    static override key = 'Tag';
  }
  class Todo extends core.Entity {
    id = 0;
    title = '';
    done = false;
    tags: Tag[] = [];
    static override key = 'Todo';
    static override schema = { tags: [Tag] };
  }
  const getTodos = new core.RestEndpoint({ urlPrefix: API, path: '/todos', schema: [Todo] });
  const store = core.createStore({ now: () => 1_000, managers });
  return { ...store, Todo, getTodos };
}

const builds = { source, built: built as unknown as Core };

describe('the names scripts/mangle.mjs renames', () => {
  it('are private or @internal members no other code reads by name', () => {
    const tree = mkdtempSync(join(tmpdir(), 'tessera-mangle-'));
    mkdirSync(join(tree, 'core', 'src'), { recursive: true });
    writeFileSync(
      join(tree, 'core', 'src', 'store.ts'),
      `export class Store {
        private memo = new Map<string, number>();
        private shared = 1;
        private written = 1;
        private status = 0;
        private subscribe = 1;
        // Indexed by a key whose type names it, never written as a string.
        private picked = 1;
        protected hook() {}
        /** @internal */
        walker = 0;
        read(response: Response) {
          const has = 'written' in this ? this.written : 0;
          return this.memo.size + this.shared + has + this.walker + this.subscribe + this.status + response.status;
        }
        pick(key: Lowercase<'PICKED'>, any: string) {
          return [this[key], this[any as keyof this]];
        }
      }
      export class Other { shared = 2; }
      export interface Hub {
        /** @internal */
        slot: number;
        name: string;
      }
      export const hub: Hub = { slot: 1, name: 'x' };
      export const plain = { memo: 1 };
      export const readHub = ({ slot }: Hub) => slot + hub.slot;`,
    );
    try {
      const { cache, skipped, computed } = mangleNames(tree);
      expect(Object.keys(cache).sort()).toEqual(['slot', 'walker']);
      expect(Object.fromEntries(skipped)).toEqual({
        memo: expect.stringMatching(/^an object's property at core\/src\/store\.ts:/),
        shared: expect.stringMatching(/^a member at/),
        written: expect.stringMatching(/^a string at/),
        status: expect.stringMatching(/^a property read at/),
        subscribe: 'read by other libraries',
        picked: expect.stringMatching(/^a key at/),
      });
      // `this[any]`: said at build time, for a maintainer to check.
      expect(computed).toEqual([expect.stringMatching(/^core\/src\/store\.ts:\d+$/)]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});

describe('the build', () => {
  // The names of this repository's sources (a TypeScript program: worked out once).
  let cache: Record<string, string>;
  // A hang guard, not a speed limit: the program takes seconds on a quiet machine, several times
  // that on a loaded one (the hook's default is 10 s; it failed so once in a clean-clone CI run).
  beforeAll(() => {
    cache = mangleNames().cache;
  }, 120_000);

  it('has no private member left under its source name', () => {
    const names = Object.keys(cache);
    expect(names.length).toBeGreaterThan(0);
    const dist = join(import.meta.dirname, '..', 'core', 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    const code = files
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .join('\n')
      .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    // `x.memo` (not a spread `...memo`).
    const left = names.filter((name) =>
      new RegExp(`(?<!\\.\\.)\\.${name.replaceAll('$', '\\$')}\\b`).test(code),
    );
    expect(left).toEqual([]);
  });

  it('maps every renamed member back to its name in the source', () => {
    const sourceName = new Map(Object.entries(cache).map(([name, short]) => [short, name]));
    const dist = join(import.meta.dirname, '..', 'core', 'dist');
    let checked = 0;
    const wrong: string[] = [];
    for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      // A file of re-exports only has no map (and no member).
      if (!file.endsWith('.js') || !existsSync(join(dist, `${file}.map`))) continue;
      const lines = readFileSync(join(dist, file), 'utf8').split('\n');
      const map = new SourceMapConsumer(
        JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')),
      );
      lines.forEach((line, index) => {
        for (const match of line.matchAll(/this\.(_[A-Za-z]+)\b/g)) {
          const name = sourceName.get(match[1]);
          if (!name) continue;
          const at = map.originalPositionFor({ line: index + 1, column: match.index + 5 });
          const text = at.source && map.sourceContentFor(at.source)?.split('\n')[at.line - 1];
          if (text?.startsWith(name, at.column)) checked++;
          else wrong.push(`${file}:${index + 1} ${match[1]} (${name})`);
        }
      });
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});

describe.each([
  ['source', 'built'],
  ['built', 'source'],
] as const)('a page state written by the %s build', (writer, reader) => {
  it(`is what the other writes, and the ${reader} build hydrates it`, async () => {
    const written = app(builds[writer]);
    const other = app(builds[reader]);
    await written.controller.fetch(written.getTodos);
    await other.controller.fetch(other.getTodos);
    const json = builds[writer].serializeState(builds[writer].dehydrate(written.controller));
    expect(json).toBe(builds[reader].serializeState(builds[reader].dehydrate(other.controller)));

    const read = app(builds[reader]);
    const hydrated = builds[reader].createStore({
      now: () => 1_000,
      initialState: builds[reader].hydrate(JSON.parse(json)),
    });
    const todos = hydrated.controller.getResponse(read.getTodos).data;
    expect(todos?.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(todos?.[0]).toBeInstanceOf(read.Todo);
    expect(todos?.[0].tags[0].name).toBe('tag');
    for (const store of [written, other, read, hydrated]) store.dispose();
  });
});

describe.each([
  ['source', 'built'],
  ['built', 'source'],
] as const)('a store persisted by the %s build', (writer, reader) => {
  const persist = { source: sourcePersist, built: builtPersist as unknown as typeof sourcePersist };
  // The entries say when they were saved: the same moment for both builds.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`stores what the other stores, and the ${reader} build restores it`, async () => {
    const stored = async (build: keyof typeof builds, name: string) => {
      const storage = persist[build].indexedDBStorage(name, new IDBFactory());
      const manager = new persist[build].PersistManager({ storage });
      const written = app(builds[build], [manager]);
      await written.controller.fetch(written.getTodos);
      await manager.flush();
      written.dispose();
      return storage;
    };
    const storage = await stored(writer, 'writer');
    const entries = await storage.read();
    expect(entries).toEqual(await (await stored(reader, 'other')).read());

    const manager = new persist[reader].PersistManager({ storage });
    const initialState = await manager.restore();
    const read = app(builds[reader]);
    const restored = builds[reader].createStore({ now: () => 1_000, initialState });
    const todos = restored.controller.getResponse(read.getTodos).data;
    expect(todos?.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(todos?.[1]).toBeInstanceOf(read.Todo);
    read.dispose();
    restored.dispose();
  });
});
