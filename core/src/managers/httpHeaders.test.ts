import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  cacheDirectives,
  freshness,
  HttpSemanticsManager,
  type HttpSemanticsOptions,
  RetryAfterError,
  retryAfter,
} from '../http';
import type { MutationQueueOptions, QueueEndpoints } from '../persist';
import { NetworkError } from '../rest';
import type { Manager } from '../store';

const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const at = (seconds: number) => new Date(now + seconds * 1000).toUTCString();

describe('Cache-Control and Expires', () => {
  it('reads directives case-insensitively, with quoted values holding commas', () => {
    expect([...cacheDirectives('Max-Age=60, no-cache="Set-Cookie, X-Y", PRIVATE')]).toEqual([
      ['max-age', '60'],
      ['no-cache', 'Set-Cookie, X-Y'],
      ['private', ''],
    ]);
    expect(cacheDirectives(null).size).toBe(0);
  });

  it('max-age less Age; no-cache is 0; a qualified no-cache names fields only', () => {
    expect(freshness(new Headers({ 'cache-control': 'max-age=60' }), now)).toEqual({
      lifetime: 60_000,
      noStore: false,
    });
    expect(freshness(new Headers({ 'cache-control': 'max-age=60', age: '45' }), now).lifetime).toBe(
      15_000,
    );
    expect(freshness(new Headers({ 'cache-control': 'max-age=60', age: '90' }), now).lifetime).toBe(
      0,
    );
    expect(freshness(new Headers({ 'cache-control': 'no-cache, max-age=60' }), now).lifetime).toBe(
      0,
    );
    expect(
      freshness(new Headers({ 'cache-control': 'no-cache="Set-Cookie", max-age=60' }), now)
        .lifetime,
    ).toBe(60_000);
  });

  it('Expires counts from the server’s Date; an unreadable one has expired; max-age wins over it', () => {
    const headers = new Headers({ expires: at(300), date: at(100) });
    expect(freshness(headers, now).lifetime).toBe(200_000);
    expect(freshness(new Headers({ expires: at(30) }), now).lifetime).toBe(30_000);
    expect(freshness(new Headers({ expires: '0' }), now).lifetime).toBe(0);
    expect(
      freshness(new Headers({ expires: at(300), 'cache-control': 'max-age=5' }), now).lifetime,
    ).toBe(5_000);
  });

  it('stale-while-revalidate is read beside the lifetime', () => {
    expect(
      freshness(new Headers({ 'cache-control': 'max-age=60, stale-while-revalidate=30' }), now),
    ).toEqual({ lifetime: 60_000, noStore: false, staleWhileRevalidate: 30_000 });
    expect(freshness(new Headers({ 'cache-control': 'stale-while-revalidate=x' }), now)).toEqual({
      noStore: false,
    });
  });

  it('no-store is said apart from the lifetime; no header says nothing', () => {
    expect(freshness(new Headers({ 'cache-control': 'no-store' }), now)).toEqual({
      noStore: true,
    });
    expect(freshness(new Headers(), now)).toEqual({ noStore: false });
    expect(freshness(new Headers({ 'cache-control': 'max-age=soon' }), now)).toEqual({
      noStore: false,
    });
  });
});

describe('Retry-After', () => {
  it('seconds or an HTTP date; nothing for a past date, garbage or no header', () => {
    expect(retryAfter('120', now)).toBe(now + 120_000);
    expect(retryAfter(at(30), now)).toBe(now + 30_000);
    expect(retryAfter(at(-30), now)).toBeUndefined();
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter('-5', now)).toBeUndefined();
    expect(retryAfter(null, now)).toBeUndefined();
  });

  it('RetryAfterError is a NetworkError that names when the next try is due', () => {
    const refused = new NetworkError(
      {
        status: 429,
        statusText: 'Too Many Requests',
        url: 'http://api.test/x',
        headers: new Headers(),
      },
      undefined,
      { message: 'slow down' },
    );
    const error = new RetryAfterError(refused, now + 5_000);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'RetryAfterError', status: 429, retryAt: now + 5_000 });
    expect(error.body).toEqual({ message: 'slow down' });
    expect(error.message).toBe(`slow down (next try at ${new Date(now + 5_000).toISOString()})`);
  });
});

describe('types', () => {
  it('the manager and its options, the error, the queue option', () => {
    expectTypeOf(new HttpSemanticsManager()).toMatchTypeOf<Manager>();
    expectTypeOf(new HttpSemanticsManager().retryAt).toEqualTypeOf<ReadonlyMap<string, number>>();
    expectTypeOf<HttpSemanticsOptions>().toEqualTypeOf<{
      readonly conditionalRequests?: boolean;
      readonly cacheControl?: boolean;
      readonly retryAfter?: boolean;
      readonly maxRetryAfterMs?: number;
    }>();
    expectTypeOf<RetryAfterError['retryAt']>().toEqualTypeOf<number>();
    expectTypeOf<MutationQueueOptions<QueueEndpoints>['idempotencyKey']>().toEqualTypeOf<
      boolean | string | undefined
    >();
    // @ts-expect-error: a header name or a flag, nothing else
    const wrong: MutationQueueOptions<QueueEndpoints>['idempotencyKey'] = 1;
    expect(wrong).toBe(1);
  });
});
