import type { LiveStatus } from '@tessera/core/live';

/** What the page says of the connection. */
export const liveLabels: Record<LiveStatus, string> = {
  idle: 'off',
  connecting: 'connecting…',
  open: 'on',
  reconnecting: 'reconnecting…',
  paused: 'paused while offline',
};
