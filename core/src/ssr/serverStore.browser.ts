// `@tessera/core/server` in a browser build (the `browser` export condition): no server render
// happens here, so a store keeps its options (./serverStore.ts is the server's).
import type { CreateStoreOptions } from '../store';

export function serverStoreOptions<O extends CreateStoreOptions>(options: O): O {
  return options;
}
