// One concept, one name in every adapter (docs/api/index.md, "The same concept in each
// adapter"): the table below is checked against the packages as users import them. Every runtime
// export of an adapter's main entry is a row of the table or a commented framework-only extra,
// so an accessor added to one adapter and not the others fails here.
import type { CallState, DLE, ErrorLike, InfiniteDLE } from '@tessera/core';
import * as svelte from '@tessera/svelte';
import * as svelteTesting from '@tessera/svelte/testing';
import * as vanilla from '@tessera/vanilla';
import * as vanillaTesting from '@tessera/vanilla/testing';
import * as vue from '@tessera/vue';
import * as vueTesting from '@tessera/vue/testing';
import type { Readable } from 'svelte/store';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ComputedRef } from 'vue';
import { getTodoPages, type Todo, TodoResource } from './support/todoApi';

/**
 * A reader or helper in each adapter: a method of vanilla's `Tessera`, a Vue composable, and
 * Svelte's rune and (where one fits) store.
 */
interface Row {
  vanilla: string;
  vue: string;
  svelte: { rune: string; store?: string };
}

const readers: Record<string, Row> = {
  suspense: {
    vanilla: 'suspense',
    vue: 'useSuspense',
    svelte: { rune: 'useSuspense', store: 'suspenseStore' },
  },
  'data, loading, error': {
    vanilla: 'dle',
    vue: 'useDLE',
    svelte: { rune: 'useDLE', store: 'dleStore' },
  },
  live: { vanilla: 'live', vue: 'useLive', svelte: { rune: 'useLive', store: 'liveStore' } },
  'cache only': {
    vanilla: 'cache',
    vue: 'useCache',
    svelte: { rune: 'useCache', store: 'cacheStore' },
  },
  'fetch when due, read nothing': {
    // (`fetch`, deprecated: "fetch" is the controller's, which always fetches.)
    vanilla: 'fetchIfStale',
    vue: 'useFetch',
    svelte: { rune: 'useFetch' },
  },
  'keep live, read nothing': {
    vanilla: 'keepLive',
    vue: 'useKeepLive',
    svelte: { rune: 'useKeepLive' },
  },
  'schema query': {
    vanilla: 'query',
    vue: 'useQuery',
    svelte: { rune: 'useQuery', store: 'queryStore' },
  },
  'mutation state': {
    vanilla: 'mutation',
    vue: 'useMutation',
    svelte: { rune: 'useMutation', store: 'mutationStore' },
  },
  'infinite list': {
    vanilla: 'infinite',
    vue: 'useInfinite',
    svelte: { rune: 'useInfinite', store: 'infiniteStore' },
  },
};

/**
 * Vanilla readers that are functions of a controller only, not methods of the `Tessera`: opt-in
 * features, which a method would put in every app's bundle.
 */
const functionsOnly = ['infinite'];

/**
 * Former names, exported for one release as deprecated aliases of a row's reader (the same
 * function): `subscription` / `useSubscription` is `keepLive` / `useKeepLive`.
 */
const deprecated = {
  vanilla: { subscription: 'keepLive' },
  vue: { useSubscription: 'useKeepLive' },
  svelte: { useSubscription: 'useKeepLive' },
};

/** Exported by every adapter's main entry under the same name. */
const shared = ['createTessera'];

/** Framework-only exports, each with why the other adapters have no such thing. */
const extras = {
  vanilla: [
    // Re-exported from core: plain JavaScript reads a Listenable itself, and tells an abort
    // from a failure itself.
    'Listenable',
    'isAbortError',
  ],
  vue: [
    // The Tessera of a component tree set up in a root component's `setup` (Svelte: setTessera).
    'provideTessera',
    // The component's Tessera from Vue's inject (Svelte: getTessera; vanilla holds its own).
    'useTessera',
    'useController',
    // Composables outside a component (a Pinia store, a router guard) with a store handed over
    // (Svelte: a store is passed to mount/render as context; vanilla readers take it anyway).
    'withTessera',
    // <Suspense> catches no errors: Vue needs a boundary component (Svelte has <svelte:boundary>).
    'TesseraErrorBoundary',
  ],
  svelte: [
    // Svelte's context: set in a root component, read below it, or passed to mount/render.
    'setTessera',
    'getTessera',
    'tesseraContext',
    // The Retry of a <svelte:boundary> (Vue's TesseraErrorBoundary retries by itself).
    'retryBoundary',
  ],
};

function runtimeNames(entry: object): string[] {
  return Object.keys(entry).sort();
}

describe('the same concept under the same name', () => {
  it('a deprecated name is the same function as the new one, in the entry and on the Tessera', () => {
    const tessera = vanilla.createTessera();
    try {
      for (const [entry, names] of [
        [vanilla, deprecated.vanilla],
        [vue, deprecated.vue],
        [svelte, deprecated.svelte],
        [tessera, deprecated.vanilla],
      ] as const) {
        for (const [old, name] of Object.entries(names)) {
          expect(Reflect.get(entry, old), old).toBe(Reflect.get(entry, name));
        }
      }
    } finally {
      tessera.dispose();
    }
  });

  it('vanilla: each reader is a method of the Tessera', () => {
    const tessera = vanilla.createTessera();
    try {
      for (const [concept, row] of Object.entries(readers)) {
        const onlyAFunction = functionsOnly.includes(row.vanilla);
        const where = onlyAFunction ? vanilla : tessera;
        expect(typeof Reflect.get(where, row.vanilla), concept).toBe('function');
        if (onlyAFunction) expect(Reflect.get(tessera, row.vanilla), concept).toBeUndefined();
      }
      expect(tessera.controller).toBe(tessera.store.controller);
      expect(typeof tessera.dispose).toBe('function');
    } finally {
      tessera.dispose();
    }
  });

  it('vue and svelte: each reader is a function of the main entry', () => {
    for (const [concept, row] of Object.entries(readers)) {
      expect(typeof Reflect.get(vue, row.vue), `${concept}: ${row.vue}`).toBe('function');
      const { rune, store } = row.svelte;
      expect(typeof Reflect.get(svelte, rune), `${concept}: ${rune}`).toBe('function');
      // A rune has the name of Vue's composable for the same concept.
      expect(rune, concept).toBe(row.vue);
      if (store) expect(typeof Reflect.get(svelte, store), `${concept}: ${store}`).toBe('function');
    }
  });

  it('every adapter creates a Tessera, and its testing entry a fixture one', () => {
    for (const entry of [vanilla, vue, svelte]) {
      for (const name of shared) expect(typeof Reflect.get(entry, name), name).toBe('function');
    }
    for (const testing of [vanillaTesting, vueTesting, svelteTesting]) {
      expect(runtimeNames(testing)).toEqual(['createFixtureTessera']);
    }
  });

  it("every runtime export of an adapter's main entry is in the table or a listed extra", () => {
    const rows = Object.values(readers);
    // Vanilla also exports each reader as a function of a controller, under the method's name
    // (`dle(controller, endpoint, ...args)`); `fetchIfStale` is the controller's own.
    const vanillaReaders = runtimeNames(vanilla).filter(
      (name) =>
        !shared.includes(name) && !extras.vanilla.includes(name) && !(name in deprecated.vanilla),
    );
    expect(vanillaReaders.filter((name) => !rows.some((row) => row.vanilla === name))).toEqual([]);
    expect(runtimeNames(vanilla)).toEqual(expect.arrayContaining([...shared, ...extras.vanilla]));
    const vueNames = [
      ...shared,
      ...extras.vue,
      ...Object.keys(deprecated.vue),
      ...rows.map((row) => row.vue),
    ];
    expect(runtimeNames(vue)).toEqual(vueNames.sort());
    const svelteNames = [
      ...shared,
      ...extras.svelte,
      ...Object.keys(deprecated.svelte),
      ...rows.flatMap(({ svelte: { rune, store } }) => (store ? [rune, store] : [rune])),
    ];
    expect(runtimeNames(svelte)).toEqual(svelteNames.sort());
  });
});

// Type-level: the shared shapes. Never run (the readers need a component or a store).
function typeOnly(_code: () => void) {}
type Get = typeof TodoResource.get;
type Patch = typeof TodoResource.partialUpdate;

describe('the same shape of data', () => {
  it('data, loading, error: one DLE<T>, as a listenable, refs, properties or a store', () => {
    typeOnly(() => {
      const tessera = vanilla.createTessera();
      expectTypeOf(tessera.dle(TodoResource.get, { id: 1 })).toEqualTypeOf<
        vanilla.Listenable<DLE<Todo | undefined>>
      >();
      // (`previous`, the deprecated name of `isPreviousData`, is a ref in Vue whatever the
      // snapshot's type says: every snapshot has it.)
      expectTypeOf<Omit<vue.DLERefs<Todo | undefined>, 'previous'>>().toEqualTypeOf<{
        readonly [K in Exclude<keyof DLE<Todo | undefined>, 'previous'>]: ComputedRef<
          DLE<Todo | undefined>[K]
        >;
      }>();
      expectTypeOf<vue.DLERefs<Todo | undefined>['previous']>().toEqualTypeOf<
        ComputedRef<boolean>
      >();
      expectTypeOf(vue.useDLE<Get>).returns.toEqualTypeOf<vue.DLERefs<Todo | undefined>>();
      expectTypeOf(svelte.useDLE<Get>).returns.toEqualTypeOf<DLE<Todo | undefined>>();
      expectTypeOf(svelte.dleStore<Get>).returns.toEqualTypeOf<Readable<DLE<Todo | undefined>>>();
    });
  });

  it('cache only and schema query: the data itself, as each framework holds a value', () => {
    typeOnly(() => {
      const tessera = vanilla.createTessera();
      expectTypeOf(tessera.cache(TodoResource.get, { id: 1 })).toEqualTypeOf<
        vanilla.Listenable<Todo | undefined>
      >();
      expectTypeOf(tessera.query(TodoResource.get.schema, { id: 1 })).toEqualTypeOf<
        vanilla.Listenable<Todo | undefined>
      >();
      expectTypeOf(vue.useCache<Get>).returns.toEqualTypeOf<ComputedRef<Todo | undefined>>();
      expectTypeOf(vue.useQuery(TodoResource.get.schema, { id: 1 })).toEqualTypeOf<
        ComputedRef<Todo | undefined>
      >();
      expectTypeOf(svelte.useCache<Get>).returns.toEqualTypeOf<svelte.Cached<Todo | undefined>>();
      expectTypeOf(svelte.useQuery(() => [TodoResource.get.schema, { id: 1 }])).toEqualTypeOf<
        svelte.Cached<Todo | undefined>
      >();
      expectTypeOf(svelte.cacheStore<Get>).returns.toEqualTypeOf<Readable<Todo | undefined>>();
      expectTypeOf(svelte.queryStore(TodoResource.get.schema, { id: 1 })).toEqualTypeOf<
        Readable<Todo | undefined>
      >();
    });
  });

  it('infinite list: one InfiniteDLE, as a listenable, refs, properties or a store', () => {
    typeOnly(() => {
      type Pages = typeof getTodoPages;
      type Snapshot = InfiniteDLE<Todo[], unknown>;
      const { controller } = vanilla.createTessera();
      expectTypeOf(vanilla.infinite(controller, getTodoPages)).toExtend<
        vanilla.Listenable<Snapshot>
      >();
      expectTypeOf(vue.useInfinite<Pages>).returns.toEqualTypeOf<
        vue.InfiniteRefs<Todo[], unknown>
      >();
      expectTypeOf<
        Omit<vue.InfiniteRefs<Todo[]>, 'fetchNextPage' | 'fetchPreviousPage' | 'previous'>
      >().toEqualTypeOf<{
        readonly [K in Exclude<keyof Snapshot, 'previous'>]: ComputedRef<Snapshot[K]>;
      }>();
      expectTypeOf<Snapshot['data']>().toEqualTypeOf<readonly Todo[]>();
      expectTypeOf(svelte.useInfinite<Pages>).returns.toExtend<Snapshot>();
      expectTypeOf(svelte.infiniteStore<Pages>).returns.toExtend<Readable<Snapshot>>();
    });
  });

  it("mutation state: run never rejects, runAsync is the endpoint's fetch; loading and error are core's CallState", () => {
    typeOnly(() => {
      type Run = (...args: Parameters<Patch>) => void;
      type RunAsync = (...args: Parameters<Patch>) => Promise<Todo>;
      const mutation = vanilla.createTessera().mutation(TodoResource.partialUpdate);
      expectTypeOf(mutation.run).toEqualTypeOf<Run>();
      expectTypeOf(mutation.runAsync).toEqualTypeOf<RunAsync>();
      expectTypeOf(mutation).toExtend<vanilla.Listenable<CallState>>();
      const vueMutation = vue.useMutation(TodoResource.partialUpdate);
      expectTypeOf(vueMutation.run).toEqualTypeOf<Run>();
      expectTypeOf(vueMutation.runAsync).toEqualTypeOf<RunAsync>();
      expectTypeOf(vueMutation.loading).toEqualTypeOf<ComputedRef<CallState['loading']>>();
      expectTypeOf(vueMutation.error).toEqualTypeOf<ComputedRef<ErrorLike | undefined>>();
      expectTypeOf(vueMutation.reset).toEqualTypeOf<() => void>();
      const svelteMutation = svelte.useMutation(TodoResource.partialUpdate);
      expectTypeOf(svelteMutation.run).toEqualTypeOf<Run>();
      expectTypeOf(svelteMutation.runAsync).toEqualTypeOf<RunAsync>();
      expectTypeOf(svelteMutation.reset).toEqualTypeOf<() => void>();
      expectTypeOf<
        Omit<typeof svelteMutation, 'run' | 'runAsync' | 'reset'>
      >().toEqualTypeOf<CallState>();
      const store = svelte.mutationStore(TodoResource.partialUpdate);
      expectTypeOf(store.run).toEqualTypeOf<Run>();
      expectTypeOf(store.runAsync).toEqualTypeOf<RunAsync>();
      expectTypeOf(store).toExtend<Readable<CallState>>();
      expectTypeOf(store.reset).toEqualTypeOf<() => void>();
      expectTypeOf(mutation.reset).toEqualTypeOf<() => void>();
    });
  });
});
