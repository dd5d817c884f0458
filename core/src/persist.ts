// @tessera/core/persist: the store kept across reloads (IndexedDB, localStorage) and in sync
// across tabs (BroadcastChannel), opt in
// (docs/guide/offline.md#persistence). Apart from the main entry: an app that does not import it
// carries none of it.

export { indexedDBStorage } from './persist/indexedDBStorage';
export { localStorageStorage } from './persist/localStorageStorage';
export {
  MutationQueue,
  type MutationQueueOptions,
  type QueuedMutation,
  type QueueEndpoints,
  type QueueRegistration,
} from './persist/MutationQueue';
export { PersistManager, type PersistOptions } from './persist/PersistManager';
export type { PersistStorage } from './persist/PersistStorage';
export { TabSyncManager, type TabSyncOptions } from './persist/TabSyncManager';
