// `@tessera/core/server` in a browser build (the `browser` export condition): no server render
// happens here, so a store keeps its options (./serverStore.ts is the server's).
import type { CreateStoreOptions, Store } from '../store';

/** False in a browser build: code behind `if (SERVER)` is left out. */
export const SERVER = false;

export function serverStoreOptions<O extends CreateStoreOptions>(options: O): O {
  return options;
}

/** No server render happens in a browser: nothing to watch (./sharedRenders.ts is the server's). */
export function enterServerRender(_store: Store, _render: object): (() => void) | undefined {
  return undefined;
}

export function guardServerRenders(_store: Store, _throwOnSharedRender?: boolean): void {}
