import { LiveManager, sseTransport } from '@tessera/core/live';

/**
 * Changes other pages make, pushed by the example API over Server-Sent Events: one stream per
 * topic (`/api/events?topic=todos`) while a list is read live. Paused while the browser is
 * offline; on reconnecting, the lists are fetched again in case a change was missed.
 */
export const live = new LiveManager({
  transport: sseTransport({ url: (topic) => `/api/events?topic=${encodeURIComponent(topic)}` }),
  pauseWhen: { offline: true },
});
