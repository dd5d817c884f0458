import { type Controller, type CreateStoreOptions, createStore, type Store } from '@tessera/core';
import { type App, type InjectionKey, inject, onMounted, onScopeDispose, provide } from 'vue';
import { type ActionLog, createActionLog } from './actionLog';

export interface TesseraOptions extends CreateStoreOptions {
  /** A running store to use instead of creating one (e.g. core's `createFixtureStore`). */
  store?: Store;
}

/** The store of one Vue app; also the plugin that provides it (`app.use(tessera)`). */
export interface Tessera {
  readonly store: Store;
  readonly controller: Controller;
  /** Development builds only: the store's actions, for the devtools timeline. */
  readonly actions?: ActionLog;
  /** Starts the managers' timers (GC). Runs on mount: server renders never mount. */
  start(): void;
  install(app: App): void;
}

const TESSERA: InjectionKey<Tessera> = Symbol('tessera');

/**
 * Creates the store for a Vue app: `app.use(createTessera({ initialState, managers, ... }))`.
 * Managers start when the app mounts (never during a server render) and stop, with the store,
 * on `app.unmount()`.
 */
export function createTessera(options: TesseraOptions = {}): Tessera {
  const { store: given, ...storeOptions } = options;
  const log = process.env.NODE_ENV !== 'production' && !given ? createActionLog() : undefined;
  const store =
    given ??
    createStore({
      ...storeOptions,
      // Timers start on mount (`start`), which a server render never reaches.
      start: false,
      managers: (defaults) => {
        const chosen =
          typeof storeOptions.managers === 'function'
            ? storeOptions.managers(defaults)
            : [...(storeOptions.managers ?? []), ...defaults];
        return log ? [log.manager, ...chosen] : chosen;
      },
    });
  const tessera: Tessera = {
    store,
    controller: store.controller,
    actions: log,
    start: () => store.start(),
    install(app) {
      app.provide(TESSERA, tessera);
      const mount = app.mount;
      app.mount = (...args) => {
        tessera.start();
        return mount(...args);
      };
      app.onUnmount(() => store.dispose());
      if (process.env.NODE_ENV !== 'production' && typeof window !== 'undefined') {
        void import('./devtools').then(({ setupDevtools }) => setupDevtools(app, tessera));
      }
    },
  };
  return tessera;
}

/**
 * `createTessera` for composition-only set-ups: call it in a root component's `setup`; its
 * descendants read the store. Managers start on mount and stop when the component unmounts.
 */
export function provideTessera(options: TesseraOptions = {}): Tessera {
  const tessera = createTessera(options);
  provide(TESSERA, tessera);
  onMounted(() => tessera.start());
  onScopeDispose(() => tessera.store.dispose());
  return tessera;
}

/** The Tessera of the current component (from `app.use(createTessera())` or `provideTessera`). */
export function useTessera(): Tessera {
  const tessera = inject(TESSERA, null);
  if (!tessera) {
    throw new Error(
      'Tessera: no store here. Install it with app.use(createTessera()) or call provideTessera() in a parent component.',
    );
  }
  return tessera;
}

/** The store's Controller: `fetch`, `invalidate`, `set`, ... */
export function useController(): Controller {
  return useTessera().controller;
}
