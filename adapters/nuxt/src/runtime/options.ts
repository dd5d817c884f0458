import type { CreateStoreOptions } from '@tessera/core';

/**
 * The store options a `nuxt.config` can hold (plain data: it travels in the runtime config).
 * Managers and clocks are code: give them with a plugin of your own (see README.md).
 */
export type StoreOptions = Pick<CreateStoreOptions, 'dataExpiryLength' | 'errorExpiryLength'>;

/** The key of the store's state in Nuxt's payload. */
export const PAYLOAD_KEY = 'tessera';
