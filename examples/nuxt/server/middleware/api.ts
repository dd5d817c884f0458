import { createApi } from '@tessera/example-server';
import { defineEventHandler, fromNodeMiddleware } from 'h3';

// The example REST API (examples/server) under /api, in this app's server. `TESSERA_API_LATENCY`
// (ms) slows it so loading and optimistic states show.
export const api = createApi({ latency: Number(process.env.TESSERA_API_LATENCY ?? 0) });
const handle = fromNodeMiddleware(api.handle);

export default defineEventHandler((event) => {
  if (event.path.startsWith('/api/')) return handle(event);
});
