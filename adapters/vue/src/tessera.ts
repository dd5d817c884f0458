import { type Controller, type CreateStoreOptions, createStore, type Store } from '@tessera/core';
import { chooseManagers, message } from '@tessera/core/internal';
import { guardServerRenders, SERVER, serverStoreOptions } from '@tessera/core/server';
import {
  type App,
  hasInjectionContext,
  type InjectionKey,
  inject,
  onMounted,
  onScopeDispose,
  provide,
} from 'vue';
import { type ActionLog, createActionLog } from './actionLog';
import { watchServerRender } from './serverRender';

export interface TesseraOptions extends CreateStoreOptions {
  /**
   * A store to use instead of creating one (e.g. core's `createFixtureStore`). It stays yours:
   * apps mount and unmount it, and never dispose it.
   */
  store?: Store;
  /**
   * A second server render reading the store (at once or after another: their users' data
   * would mix) warns in development and throws in production; `true` throws in every build,
   * `false` lets renders of public data one after another share it. Create the store per
   * request (docs/guide/ssr.md#one-store-per-request).
   */
  throwOnSharedRender?: boolean;
}

/** The store of one Vue app; also the plugin that provides it (`app.use(tessera)`). */
export interface Tessera {
  readonly store: Store;
  readonly controller: Controller;
  /** Development builds only: the store's actions, for the devtools timeline. */
  readonly actions?: ActionLog;
  /** Starts the managers' timers (GC) now; mounting an app starts them anyway. */
  start(): void;
  install(app: App): void;
}

const TESSERA: InjectionKey<Tessera> = Symbol('tessera');

/** A Tessera and how a root (an app, a providing component) holds its store while mounted. */
interface Rooted {
  tessera: Tessera;
  /** Mounts the store for one root; call the returned function once, when that root goes. */
  hold(): () => void;
}

/** `owns`: the Tessera disposes the store (one it created; `createFixtureTessera`'s too). */
export function rooted(options: TesseraOptions, owns = !options.store): Rooted {
  const { store: given, throwOnSharedRender, ...storeOptions } = options;
  const log = process.env.NODE_ENV !== 'production' && !given ? createActionLog() : undefined;
  const store =
    given ??
    createStore(
      // On a server, a server render's store: no failed read recorded (docs/guide/ssr.md).
      // Browser builds get these options as they are.
      serverStoreOptions({
        ...storeOptions,
        // Timers start on mount (`store.mount()`), which a server render never reaches.
        start: false,
        managers: (defaults) => {
          const chosen = chooseManagers(storeOptions.managers, defaults);
          return log ? [log.manager, ...chosen] : chosen;
        },
      }),
    );
  if (SERVER && throwOnSharedRender !== undefined) guardServerRenders(store, throwOnSharedRender);
  // Roots holding a store this Tessera created: the last one to leave disposes it.
  let roots = 0;
  const hold = () => {
    roots += 1;
    store.mount();
    return () => {
      roots -= 1;
      store.unmount();
      if (owns && roots === 0) store.dispose();
    };
  };
  const tessera: Tessera = {
    store,
    controller: store.controller,
    actions: log,
    start: () => store.start(),
    install(app) {
      if (store.controller.isDisposed) {
        throw new Error(
          message(
            'TSR71',
            () =>
              process.env.NODE_ENV !== 'production' &&
              'Tessera: this store is disposed (a createTessera() store ends with the last app using it). Call createTessera() again, or pass a store you own: createTessera({ store }).',
          ),
        );
      }
      app.provide(TESSERA, tessera);
      // On a server, the app's root is a render using the store, reader or not (its page may
      // carry the store's state).
      if (SERVER) {
        app.mixin({
          beforeCreate() {
            if (!this.$parent) watchServerRender(store);
          },
        });
      }
      const mount = app.mount;
      app.mount = (...args) => {
        app.onUnmount(hold());
        return mount(...args);
      };
      if (process.env.NODE_ENV !== 'production' && typeof window !== 'undefined') {
        void import('./devtools').then(({ setupDevtools }) => setupDevtools(app, tessera));
      }
    },
  };
  return { tessera, hold };
}

/**
 * The store for a Vue app: `app.use(createTessera({ initialState, managers, ... }))` creates one,
 * `app.use(createTessera({ store }))` uses yours. Managers start when the app mounts (never
 * during a server render) and stop when the last app using the store unmounts. A store this
 * Tessera created is disposed then; a store passed in stays yours, so several apps (islands,
 * micro-frontends, tests, an app mounted again) can share it.
 */
export function createTessera(options: TesseraOptions = {}): Tessera {
  return rooted(options).tessera;
}

/**
 * `createTessera` for composition-only set-ups: call it in a root component's `setup`; its
 * descendants read the store. Managers start on mount and stop when the component unmounts,
 * which disposes a store it created (not one passed in as `store`).
 */
export function provideTessera(options: TesseraOptions = {}): Tessera {
  const { tessera, hold } = rooted(options);
  provide(TESSERA, tessera);
  let release: (() => void) | undefined;
  onMounted(() => {
    release = hold();
  });
  onScopeDispose(() => {
    if (release) release();
    // Never mounted (a failed setup, say): nothing started, but a store created here ends here.
    else if (!options.store) tessera.store.dispose();
  });
  return tessera;
}

/** The Tessera `withTessera` hands to the composables it runs (undefined: none). */
let handed: Tessera | undefined;

/**
 * Runs `setup` with `tessera` as the store of the composables it calls, wherever it runs: in a
 * Pinia store, a router guard, a test. What they start ends with the effect scope they run in, so
 * outside a component run them in an `effectScope()` and `stop()` it when done:
 * `scope.run(() => withTessera(tessera, () => useDLE(TodoResource.getList)))`. Inside an app,
 * `app.runWithContext(fn)` gives them the app's store in the same way.
 */
export function withTessera<T>(tessera: Tessera, setup: () => T): T {
  const outer = handed;
  handed = tessera;
  try {
    return setup();
  } finally {
    handed = outer;
  }
}

/**
 * The Tessera of the current component (from `app.use(createTessera())` or `provideTessera`),
 * or the one `withTessera` hands over.
 */
export function useTessera(): Tessera {
  // Checked before `inject`, which outside setup only warns and returns nothing.
  const inSetup = hasInjectionContext();
  const tessera = handed ?? (inSetup ? inject(TESSERA, null) : null);
  if (!tessera) {
    throw new Error(
      inSetup
        ? message(
            'TSR72',
            () =>
              process.env.NODE_ENV !== 'production' &&
              'Tessera: no store here. Install it with app.use(createTessera()) or call provideTessera() in a parent component.',
          )
        : message(
            'TSR73',
            () =>
              process.env.NODE_ENV !== 'production' &&
              'Tessera: a composable was called outside setup(), where Vue has no component to read the store from. Call it in setup() (before any await), in app.runWithContext(), or hand it a store: withTessera(tessera, () => useDLE(...)).',
          ),
    );
  }
  // On the server: notes which render reads the store (a warning when two share it at once).
  if (SERVER) watchServerRender(tessera.store);
  return tessera;
}

/** The store's Controller: `fetch`, `invalidate`, `set`, ... */
export function useController(): Controller {
  return useTessera().controller;
}
