// Type tests of the options added for bad input and failures: checked by tsc (vitest's
// typecheck mode is off); lines that must not compile sit in `typeOnly` bodies, never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from '../index';
import {
  ConnectionError,
  NetworkError,
  type ResponseInfo,
  RestEndpoint,
  TimeoutError,
} from '../rest';
import { type ErrorJSON, errorToJSON, type SchemaError, TesseraError } from '../schema';
import type { CreateStoreOptions, EndpointInterface, Manager, RetryOption } from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';
import { PollingManager } from './PollingManager';
import { RetryManager, type RetryManagerOptions } from './RetryManager';

function typeOnly(_code: () => void) {}

describe('timeout and retry options', () => {
  it('are typed on endpoints, on the RetryManager, and carried by extend()', () => {
    const endpoint = new RestEndpoint({ path: '/todos', timeout: 5_000, retry: { attempts: 2 } });
    expectTypeOf(endpoint.timeout).toEqualTypeOf<number | undefined>();
    expectTypeOf(endpoint.extend({ retry: false }).retry).toExtend<RetryOption | undefined>();
    expectTypeOf(endpoint).toExtend<EndpointInterface>();
    expectTypeOf<RetryManagerOptions['retry']>().toEqualTypeOf<RetryOption | undefined>();
    expectTypeOf<RetryManagerOptions['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(new RetryManager()).toExtend<Manager>();
    const store = createStore({ managers: [new RetryManager({ timeout: 10_000, retry: true })] });
    store.dispose();
    typeOnly(() => {
      // @ts-expect-error a timeout is a number of ms
      new RestEndpoint({ path: '/todos', timeout: '5s' });
      // @ts-expect-error retries are a boolean, a count or details
      new RetryManager({ retry: 'always' });
      // @ts-expect-error attempts is a number
      new RetryManager({ retry: { attempts: '3' } });
    });
    expect(endpoint.timeout).toBe(5_000);
  });
});

describe('opt-in features (managers)', () => {
  it('are handed to the store in `managers`; the old store options no longer type-check', () => {
    expectTypeOf(new PollingManager()).toExtend<Manager>();
    expectTypeOf(new GCManager({ intervalMs: 1_000 })).toExtend<Manager>();
    expectTypeOf<CreateStoreOptions['timeout']>().toEqualTypeOf<undefined>();
    expectTypeOf<CreateStoreOptions['retry']>().toEqualTypeOf<undefined>();
    expectTypeOf<CreateStoreOptions['gc']>().toEqualTypeOf<undefined>();
    const store = createStore({
      managers: [new PollingManager(), new RetryManager({ retry: 3 }), new GCManager()],
    });
    expect(store.managers).toHaveLength(4);
    store.dispose();
    typeOnly(() => {
      // @ts-expect-error removed: `new RetryManager({ timeout })` in `managers`
      createStore({ timeout: 10_000 });
      // @ts-expect-error removed: `new RetryManager({ retry })` in `managers`
      createStore({ retry: true });
      // @ts-expect-error removed: GC is opt in, `new GCManager()` in `managers`
      createStore({ gc: false });
      // @ts-expect-error GC's options are the GCManager's
      new GCManager({ interval: 1_000 });
    });
  });
});

describe('error types', () => {
  it('NetworkError keeps what it read, and every error class serializes', () => {
    expectTypeOf<NetworkError['body']>().toEqualTypeOf<unknown>();
    expectTypeOf<NetworkError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ConnectionError>().toExtend<NetworkError>();
    expectTypeOf<TimeoutError>().toExtend<ConnectionError>();
    expectTypeOf<SchemaError>().toExtend<TesseraError>();
    expectTypeOf<NetworkError['toJSON']>().returns.toEqualTypeOf<ErrorJSON>();
    expectTypeOf(errorToJSON).parameter(0).toEqualTypeOf<unknown>();
    // A Response is one ResponseInfo (so data-client style `new NetworkError(response)` works).
    expectTypeOf<Response>().toExtend<ResponseInfo>();
    typeOnly(() => {
      // @ts-expect-error the Response is not kept
      new NetworkError(new Response()).response;
    });
    expect(new NetworkError(new Response(null, { status: 418 })).status).toBe(418);
  });
});

describe('the package entry', () => {
  it('exports the error classes and the serializer', () => {
    expect(publicApi.ConnectionError).toBe(ConnectionError);
    expect(publicApi.TimeoutError).toBe(TimeoutError);
    expect(publicApi.TesseraError).toBe(TesseraError);
    expect(publicApi.errorToJSON).toBe(errorToJSON);
    expect(publicApi.RetryManager).toBe(RetryManager);
  });
});
