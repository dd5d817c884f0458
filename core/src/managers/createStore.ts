import { Controller, type CreateStoreOptions, type Manager, type Store } from '../store';
import { GCManager } from './GCManager';
import { NetworkManager, type NetworkManagerOptions } from './NetworkManager';
import { PollingManager } from './PollingManager';

/**
 * The managers a store runs by default: network (with the store's timeout and retry options),
 * polling, and (unless `gc: false`) GC.
 */
export function defaultManagers(
  gc: CreateStoreOptions['gc'] = true,
  network: NetworkManagerOptions = {},
): Manager[] {
  const managers: Manager[] = [new PollingManager(), new NetworkManager(network)];
  if (gc !== false) managers.push(new GCManager(gc === true ? {} : gc));
  return managers;
}

/**
 * Creates a running store: a `Controller` wired to its managers. Lives beside the managers
 * (not in store/) because it picks the default ones, and the store layer sits below them.
 */
export function createStore(options: CreateStoreOptions = {}): Store {
  const defaults = defaultManagers(options.gc, {
    timeout: options.timeout,
    retry: options.retry,
  });
  const managers =
    typeof options.managers === 'function'
      ? [...options.managers(defaults)]
      : [...(options.managers ?? []), ...defaults];
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
