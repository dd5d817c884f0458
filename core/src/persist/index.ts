export { indexedDBStorage } from './indexedDBStorage';
export { localStorageStorage } from './localStorageStorage';
export { PersistManager, type PersistOptions } from './PersistManager';
export type { PersistStorage } from './PersistStorage';
