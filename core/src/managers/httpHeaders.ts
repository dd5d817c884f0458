// What a response's headers say about caching and about when to ask again (RFC 9111, RFC 9110),
// read for HttpSemanticsManager. Pure functions of the headers and the clock.

/** What a response's caching headers say about its result. */
export interface Freshness {
  /** How long (ms) the result is fresh, when the headers say (`max-age`, `Expires`, `no-cache`). */
  readonly lifetime?: number;
  /** `no-store`: the result stays out of persistence and of other tabs. */
  readonly noStore: boolean;
  /** `stale-while-revalidate` (ms): how long past its lifetime the result may still be shown. */
  readonly staleWhileRevalidate?: number;
}

/** Delta-seconds beyond this are this (RFC 9111 §1.2.2). */
const MAX_SECONDS = 2 ** 31;

/** `Cache-Control` directives by lower-case name; a value without quotes, or `''` for none. */
export function cacheDirectives(header: string | null): Map<string, string> {
  const directives = new Map<string, string>();
  if (!header) return directives;
  // A name, then an optional token or quoted string (which may hold commas).
  for (const [, name, value = ''] of header.matchAll(
    /([^\s,=]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^,\s]*))?/g,
  )) {
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, value.replace(/^"|"$/g, ''));
  }
  return directives;
}

/** Whole seconds (`120`), or undefined for anything else. */
function deltaSeconds(value: string | null | undefined): number | undefined {
  if (value == null || !/^\d+$/.test(value.trim())) return undefined;
  return Math.min(Number(value.trim()), MAX_SECONDS);
}

/**
 * How long a response is fresh, from `Cache-Control` (`no-cache`: 0; `max-age` less the `Age`
 * it spent in caches on the way) or else `Expires` (counted from the server's `Date`; a date
 * that cannot be read means already expired, RFC 9111 §5.3). No lifetime when they say nothing.
 * `stale-while-revalidate` (RFC 5861) is read beside it.
 */
export function freshness(headers: Headers, now: number): Freshness {
  const directives = cacheDirectives(headers.get('cache-control'));
  const seconds = deltaSeconds(directives.get('stale-while-revalidate'));
  const read = {
    noStore: directives.has('no-store'),
    ...(seconds !== undefined && { staleWhileRevalidate: seconds * 1000 }),
  };
  // A qualified `no-cache="Set-Cookie"` names header fields, not the whole response.
  if (directives.get('no-cache') === '') return { lifetime: 0, ...read };
  const maxAge = deltaSeconds(directives.get('max-age'));
  if (maxAge !== undefined) {
    const age = deltaSeconds(headers.get('age')) ?? 0;
    return { lifetime: Math.max(0, maxAge - age) * 1000, ...read };
  }
  const expires = headers.get('expires');
  if (expires !== null) {
    const at = Date.parse(expires);
    const date = Date.parse(headers.get('date') ?? '');
    const lifetime = Number.isNaN(at) ? 0 : Math.max(0, at - (Number.isNaN(date) ? now : date));
    return { lifetime, ...read };
  }
  return read;
}

/**
 * When a `Retry-After` header (seconds, or an HTTP date) says to try again: a time after `now`,
 * or undefined when it is missing, unreadable or already past.
 */
export function retryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const seconds = deltaSeconds(header);
  const at = seconds !== undefined ? now + seconds * 1000 : Date.parse(header);
  return Number.isNaN(at) || at <= now ? undefined : at;
}
