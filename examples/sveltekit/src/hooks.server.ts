import type { HandleFetch } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';

/**
 * On the server, `/api` is not a SvelteKit route: the load functions' requests to it go over
 * the network, to `TESSERA_API_ORIGIN` when set (the API's address as the server sees it),
 * otherwise to this server's own origin, where the API is mounted.
 */
export const handleFetch: HandleFetch = ({ event, request, fetch }) => {
  const url = new URL(request.url);
  if (url.origin !== event.url.origin || !url.pathname.startsWith('/api/')) return fetch(request);
  const origin = env.TESSERA_API_ORIGIN || event.url.origin;
  return globalThis.fetch(new URL(url.pathname + url.search, origin), request);
};
