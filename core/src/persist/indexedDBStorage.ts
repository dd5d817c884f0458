import type { PersistStorage } from './PersistStorage';

const STORE = 'entries';

/** An IndexedDB request as a promise. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/**
 * The store's entries in an IndexedDB database of their own (`name`), one record each, so a
 * change writes only what changed; each write is one transaction. `factory` is the browser's
 * `indexedDB` unless given (tests pass fake-indexeddb's).
 */
export function indexedDBStorage(
  name = 'tessera',
  factory: IDBFactory = globalThis.indexedDB,
): PersistStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= new Promise((resolve, reject) => {
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    // A failed open is tried again next time (the user may have freed space, say).
    opened.catch(() => {
      opened = undefined;
    });
    return opened;
  };
  const transaction = async (mode: IDBTransactionMode) =>
    (await database()).transaction(STORE, mode);
  return {
    async read() {
      const store = (await transaction('readonly')).objectStore(STORE);
      const [keys, values] = await Promise.all([
        settled(store.getAllKeys()),
        settled(store.getAll()),
      ]);
      return new Map(keys.map((key, i) => [String(key), values[i]]));
    },
    async write(entries) {
      const tx = await transaction('readwrite');
      const store = tx.objectStore(STORE);
      for (const [key, value] of entries) {
        if (value === undefined) store.delete(key);
        else store.put(value, key);
      }
      await done(tx);
    },
    async clear() {
      const tx = await transaction('readwrite');
      tx.objectStore(STORE).clear();
      await done(tx);
    },
  };
}
