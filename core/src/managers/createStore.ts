import { Controller, type CreateStoreOptions, type Manager, type Store } from '../store';
import { GCManager } from './GCManager';
import { NetworkManager } from './NetworkManager';
import { PollingManager } from './PollingManager';

/** The managers a store runs by default: network, polling, and (unless `gc: false`) GC. */
export function defaultManagers(gc: CreateStoreOptions['gc'] = true): Manager[] {
  const managers: Manager[] = [new PollingManager(), new NetworkManager()];
  if (gc !== false) managers.push(new GCManager(gc === true ? {} : gc));
  return managers;
}

/**
 * Creates a running store: a `Controller` wired to its managers. Lives beside the managers
 * (not in store/) because it picks the default ones, and the store layer sits below them.
 */
export function createStore(options: CreateStoreOptions = {}): Store {
  const defaults = defaultManagers(options.gc);
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
  let started = false;
  let disposed = false;
  const store: Store = {
    controller,
    managers,
    getState: () => controller.getState(),
    state$: controller.state$,
    start() {
      if (started || disposed) return;
      started = true;
      for (const manager of managers) manager.init?.(controller);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const manager of managers) manager.cleanup();
      controller.dispose();
    },
  };
  if (options.start !== false) store.start();
  return store;
}
