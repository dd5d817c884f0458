import { LiveManager, webSocketTransport } from '@tessera/core/live';

/**
 * Changes other pages make, pushed by the example API over one WebSocket (`/api/live`), opened
 * while a list is read live. Paused while the browser is offline; on reconnecting, the lists are
 * fetched again in case a change was missed. The URL is read at each connection (in the
 * browser: the module is also loaded by the server render, which never connects).
 */
export const live = new LiveManager({
  transport: webSocketTransport({
    url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`,
  }),
  pauseWhen: { offline: true },
});
