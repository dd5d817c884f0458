// Where the server's requests to relative URLs (`/api/todos`) go during a server render: the
// `serverOrigin` option. Never the page request's own Host header, which the client picks.
import { message } from '@tessera/core/internal';

/** `serverOrigin: 'in-process'`: this app's own server answers them, in process (Nitro's localFetch). */
export const IN_PROCESS = 'in-process';

/** Where the Nitro plugin puts `localFetch` for the app's server plugin (`event.context`). */
export const LOCAL_FETCH = 'tesseraLocalFetch';

/** Said at start-up when `serverOrigin` is not set: an error in production, a warning in development. */
export function notSet(): string {
  return message(
    'TSR82 tessera.serverOrigin',
    () =>
      process.env.NODE_ENV !== 'production' &&
      "@tessera/nuxt: tessera.serverOrigin is not set, so a server render has nowhere to send relative URLs such as /api/todos. Set it in nuxt.config or NUXT_TESSERA_SERVER_ORIGIN: 'in-process' when this app's own server routes answer them, or the origin of your API (http://api.internal:3001). The page request's Host header is never used: a client picks it.",
  );
}

/**
 * The `serverOrigin` option checked: an http(s) URL, IN_PROCESS, or undefined when not set.
 * Anything else throws (TSR83).
 */
export function serverTarget(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === IN_PROCESS) return IN_PROCESS;
  if (typeof value === 'string' && /^https?:\/\/[^/]/i.test(value) && URL.canParse(value)) {
    return value;
  }
  const got = JSON.stringify(value);
  throw new TypeError(
    message(
      `TSR83 ${got}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `@tessera/nuxt: tessera.serverOrigin must be '${IN_PROCESS}' or an http(s) origin such as http://api.internal:3001 (got ${got})`,
    ),
  );
}

/** An in-process request without Nitro's localFetch in its context (TSR84). */
export function noLocalFetch(): Error {
  return new Error(
    message(
      'TSR84',
      () =>
        process.env.NODE_ENV !== 'production' &&
        "@tessera/nuxt: serverOrigin is 'in-process' but the request carries no localFetch: is the module's Nitro plugin installed (modules: ['@tessera/nuxt'])?",
    ),
  );
}
