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
import type { CreateStoreOptions, EndpointInterface, RetryOption } from '../store';
import { createStore } from './createStore';

function typeOnly(_code: () => void) {}

describe('timeout and retry options', () => {
  it('are typed on endpoints, on the store, and carried by extend()', () => {
    const endpoint = new RestEndpoint({ path: '/todos', timeout: 5_000, retry: { attempts: 2 } });
    expectTypeOf(endpoint.timeout).toEqualTypeOf<number | undefined>();
    expectTypeOf(endpoint.extend({ retry: false }).retry).toExtend<RetryOption | undefined>();
    expectTypeOf(endpoint).toExtend<EndpointInterface>();
    expectTypeOf<CreateStoreOptions['retry']>().toEqualTypeOf<RetryOption | undefined>();
    const store = createStore({ timeout: 10_000, retry: true, gc: false });
    store.dispose();
    typeOnly(() => {
      // @ts-expect-error a timeout is a number of ms
      new RestEndpoint({ path: '/todos', timeout: '5s' });
      // @ts-expect-error retries are a boolean, a count or details
      createStore({ retry: 'always' });
      // @ts-expect-error attempts is a number
      createStore({ retry: { attempts: '3' } });
    });
    expect(endpoint.timeout).toBe(5_000);
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
  });
});
