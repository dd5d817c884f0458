// The names DESIGN.md promises to tests outside the project, from the packages as users import them.
import * as core from '@tessera/core';
import * as coreHttp from '@tessera/core/http';
import * as coreLive from '@tessera/core/live';
import * as corePersist from '@tessera/core/persist';
import * as coreTesting from '@tessera/core/testing';
import * as vanilla from '@tessera/vanilla';
import { from } from 'rxjs';
import { expect, test } from 'vitest';

test('@tessera/core exports its public contract', () => {
  const exported: Record<string, unknown> = { ...core };
  for (const name of [
    'RestEndpoint',
    'NetworkError',
    'resource',
    'Entity',
    'Collection',
    'Values',
    'Union',
    'Invalidate',
    'All',
    'Query',
    'normalize',
    'denormalize',
    'MemoCache',
    'Controller',
    'createStore',
    'NetworkManager',
    'PollingManager',
    'GCManager',
    'RetryManager',
    'renderStateScript',
    'readStateScript',
  ] as const) {
    expect(typeof exported[name], name).toBe('function');
  }
  expect(typeof core.schema.Array).toBe('function');
  expect(typeof core.schema.Object).toBe('function');
  expect(core.ExpiryStatus.Valid).toBeDefined();
  expect(core.STATE_SCRIPT_ID).toBe('__TESSERA_STATE__');
});

test('the fixture tools are in @tessera/core/testing, not in the main entry', () => {
  const exported: Record<string, unknown> = { ...core };
  const testing: Record<string, unknown> = { ...coreTesting };
  for (const name of ['createFixtureStore', 'mockFixtures', 'MissingFixtureError'] as const) {
    expect(typeof testing[name], name).toBe('function');
    expect(exported[name], name).toBeUndefined();
  }
});

test('live data is in @tessera/core/live, not in the main entry', () => {
  const exported: Record<string, unknown> = { ...core };
  const live: Record<string, unknown> = { ...coreLive };
  for (const name of ['LiveManager', 'sseTransport', 'webSocketTransport', 'olderBy'] as const) {
    expect(typeof live[name], name).toBe('function');
    expect(exported[name], name).toBeUndefined();
  }
});

test('HTTP semantics are in @tessera/core/http, not in the main entry', () => {
  const exported: Record<string, unknown> = { ...core };
  const http: Record<string, unknown> = { ...coreHttp };
  for (const name of [
    'HttpSemanticsManager',
    'RetryAfterError',
    'freshness',
    'retryAfter',
  ] as const) {
    expect(typeof http[name], name).toBe('function');
    expect(exported[name], name).toBeUndefined();
  }
});

test('persistence is in @tessera/core/persist, not in the main entry', () => {
  const exported: Record<string, unknown> = { ...core };
  const persist: Record<string, unknown> = { ...corePersist };
  for (const name of [
    'PersistManager',
    'indexedDBStorage',
    'localStorageStorage',
    'TabSyncManager',
  ] as const) {
    expect(typeof persist[name], name).toBe('function');
    expect(exported[name], name).toBeUndefined();
  }
});

test('@tessera/vanilla exports its accessors', () => {
  const exported: Record<string, unknown> = { ...vanilla };
  for (const name of [
    'createTessera',
    'suspense',
    'dle',
    'live',
    'cache',
    'query',
    'mutation',
    'subscription',
  ] as const) {
    expect(typeof exported[name], name).toBe('function');
  }
});

test('a store is an RxJS observable with a synchronous first value', () => {
  const { controller, dispose } = core.createStore();
  const states: unknown[] = [];
  const subscription = from(controller).subscribe((state) => states.push(state));
  expect(states).toEqual([controller.getState()]);
  subscription.unsubscribe();
  dispose();
});
