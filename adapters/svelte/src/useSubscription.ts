import { useKeepLive } from './useKeepLive.js';

/**
 * `useKeepLive` under data-client's name.
 * @deprecated Use `useKeepLive` ("live" is the one word for a key kept refreshed). Removed in the
 * next minor release.
 */
export const useSubscription: typeof useKeepLive = useKeepLive;
