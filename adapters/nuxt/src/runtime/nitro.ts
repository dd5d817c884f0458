// The module's Nitro plugin: at start-up, checks where the server renders' relative requests go
// (a production server without `serverOrigin` refuses to start); for 'in-process', hands Nitro's
// localFetch to each request, where the app's server plugin takes it.
import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';
import { IN_PROCESS, LOCAL_FETCH, notSet, serverTarget } from './serverTarget';

export default defineNitroPlugin((nitroApp) => {
  const { serverOrigin } = useRuntimeConfig().tessera as { serverOrigin?: string };
  let target = serverTarget(serverOrigin);
  if (target === undefined) {
    if (process.env.NODE_ENV === 'production') throw new Error(notSet());
    console.warn(`${notSet()} In development they are answered in process meanwhile.`);
    target = IN_PROCESS;
  }
  if (target === IN_PROCESS) {
    nitroApp.hooks.hook('request', (event) => {
      event.context[LOCAL_FETCH] = nitroApp.localFetch;
    });
  }
});
