import type { CreateStoreOptions, Manager } from '@tessera/core';

/**
 * The store options a `nuxt.config` can hold (plain data: it travels in the runtime config).
 * Managers and clocks are code: give them with a plugin of your own (see README.md).
 */
export type StoreOptions = Pick<CreateStoreOptions, 'dataExpiryLength' | 'errorExpiryLength'>;

/**
 * The opt-in features (polling, retries and timeouts, GC) and other managers are code: an app
 * provides them from a plugin of its own that runs first (`enforce: 'pre'`), as
 * `provide: { tesseraManagers: [new PollingManager(), new GCManager()] }` (see README.md).
 */
export function providedManagers(provided: unknown): readonly Manager[] {
  return Array.isArray(provided) ? provided : [];
}

/** The key of the store's state in Nuxt's payload. */
export const PAYLOAD_KEY = 'tessera';
