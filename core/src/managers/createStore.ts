import { Controller, type CreateStoreOptions, type Manager, type Store } from '../store';
import { NetworkManager } from './NetworkManager';

/**
 * The managers a store runs by default: the network one only. Polling, retries and timeouts,
 * and garbage collection are managers an app passes in when it uses them, so an app that does
 * not pays no bytes for them (see docs/guide/features.md).
 */
export function defaultManagers(): Manager[] {
  return [new NetworkManager()];
}

/**
 * The managers a `managers` option chooses given the defaults: its function's result, or its
 * array in front of the defaults. Adapters that add managers of their own resolve it with this.
 */
export function chooseManagers(
  option: CreateStoreOptions['managers'],
  defaults: readonly Manager[],
): Manager[] {
  return typeof option === 'function' ? [...option(defaults)] : [...(option ?? []), ...defaults];
}

/** Development only: the options that became managers, named with what replaces them. */
function warnRemovedOptions(options: CreateStoreOptions): void {
  const replaced = { timeout: 'RetryManager', retry: 'RetryManager', gc: 'GCManager' } as const;
  for (const [option, manager] of Object.entries(replaced)) {
    if (options[option as keyof typeof replaced] === undefined) continue;
    console.warn(
      `Tessera: createStore({ ${option} }) is ignored: ${option === 'gc' ? 'garbage collection' : 'retries and timeouts'} became opt-in. Pass the manager instead: import { ${manager} } from '@tessera/core', then createStore({ managers: [new ${manager}(${option === 'gc' ? '' : `{ ${option} }`})] }). See docs/guide/features.md.`,
    );
  }
}

/**
 * Creates a running store: a `Controller` wired to its managers. Lives beside the managers
 * (not in store/) because it picks the default ones, and the store layer sits below them.
 */
export function createStore(options: CreateStoreOptions = {}): Store {
  if (process.env.NODE_ENV !== 'production') warnRemovedOptions(options);
  const managers = chooseManagers(options.managers, defaultManagers());
  const controller = new Controller({
    managers,
    initialState: options.initialState,
    dataExpiryLength: options.dataExpiryLength,
    errorExpiryLength: options.errorExpiryLength,
    now: options.now,
  });
  // Managers whose `init` ran and that did not stop since; roots that mounted the store and did
  // not unmount yet (counted as TanStack's QueryClient counts `mount()`).
  const running = new Set<Manager>();
  let roots = 0;
  const start = () => {
    // Never after dispose (of the store or of its controller: they are the same).
    if (controller.isDisposed) return;
    for (const manager of managers) {
      if (running.has(manager)) continue;
      running.add(manager);
      manager.init?.(controller);
    }
  };
  const store: Store = {
    controller,
    managers,
    getState: () => controller.getState(),
    state$: controller.state$,
    start,
    mount() {
      roots += 1;
      start();
    },
    unmount() {
      if (roots === 0) return;
      roots -= 1;
      if (roots > 0) return;
      for (const manager of running) {
        if (!manager.stop) continue;
        running.delete(manager);
        manager.stop();
      }
    },
    dispose: () => controller.dispose(),
  };
  if (options.start !== false) store.start();
  return store;
}
