import type { PersistStorage } from './PersistStorage';

/**
 * The store's entries in `localStorage`, one item each under `prefix`, as JSON. Small and
 * synchronous: for apps whose store stays small (browsers allow about 5 MB per origin).
 */
export function localStorageStorage(
  prefix = 'tessera',
  storage: Storage = globalThis.localStorage,
): PersistStorage {
  const head = `${prefix}:`;
  const ownKeys = () => {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(head)) keys.push(key);
    }
    return keys;
  };
  return {
    async read() {
      const entries = new Map<string, unknown>();
      for (const key of ownKeys()) {
        const text = storage.getItem(key);
        if (text === null) continue;
        // A damaged item is left out here; the whole state is checked when it is restored.
        try {
          entries.set(key.slice(head.length), JSON.parse(text));
        } catch {}
      }
      return entries;
    },
    async write(entries) {
      for (const [key, value] of entries) {
        if (value === undefined) storage.removeItem(head + key);
        else storage.setItem(head + key, JSON.stringify(value));
      }
    },
    async clear() {
      for (const key of ownKeys()) storage.removeItem(key);
    },
  };
}
