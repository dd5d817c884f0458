// Composables outside a component: what they say without a store, and `withTessera` handing one
// to them in an effect scope (a Pinia store, a router guard), as vue-query takes a client.
import * as core from '@tessera/core';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { effectScope, nextTick } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, setupTodoApi } from '../test/setup';
import { withTessera } from './tessera';
import { useDLE } from './useDLE';
import { useMutation } from './useMutation';
import { useQuery } from './useQuery';

const t = setupTodoApi();
afterEach(() => vi.restoreAllMocks());

describe('outside setup', () => {
  it('a composable says it was called outside setup (TSR73), with no Vue warning about inject', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => useDLE(TodoResource.get, { id: 1 })).toThrow(/TSR73|outside setup\(\)/);
    expect(() => useDLE(TodoResource.get, { id: 1 })).toThrow(/withTessera/);
    expect(warn).not.toHaveBeenCalled();
  });

  it('withTessera hands a store to composables in an effect scope; stopping the scope ends them', async () => {
    const scope = effectScope();
    const todo = scope.run(() => withTessera(t.tessera, () => useDLE(TodoResource.get, { id: 1 })));
    expect(todo?.loading.value).toBe(true);
    await flushPromises();
    expect(todo?.data.value).toBeInstanceOf(Todo);
    scope.stop();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'Later' });
    await nextTick();
    expect(todo?.data.value?.title).toBe('Todo 1');
    expect(t.api.requests).toEqual(['GET /todos/1', 'PATCH /todos/1']);
    // Only while the function runs: a later call outside setup has no store again.
    expect(() => useDLE(TodoResource.get, { id: 1 })).toThrow(/TSR73|outside setup\(\)/);
    expectTypeOf(types).toBeFunction();
  });
});

// Only typechecked: never run (the composables would need a scope).
function types() {
  expectTypeOf(withTessera(t.tessera, () => 42)).toEqualTypeOf<number>();
  const save = withTessera(t.tessera, () => useMutation(TodoResource.partialUpdate));
  expectTypeOf(save.reset).toEqualTypeOf<() => void>();
  // @ts-expect-error: a Tessera, not a bare store
  withTessera(t.tessera.store, () => 1);
}

describe('the base disposes every observer with its scope', () => {
  it('10,000 useQuery scopes stopped leave no reader in the store, and dispose their observers', async () => {
    // Held as a plain object: the observer's schema-generic type is too deep to spy on.
    const observers = core as unknown as Record<string, { prototype: { dispose(): void } }>;
    const dispose = vi.spyOn(observers.QueryObserver.prototype, 'dispose');
    // The schema queries the store follows (its hub's watches: private, read for this count).
    const hub = (t.tessera.controller as unknown as { hub: { queries: Set<unknown> } }).hub;
    const open = () => hub.queries.size;
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const scopes = Array.from({ length: 10_000 }, () => {
      const scope = effectScope();
      scope.run(() => withTessera(t.tessera, () => useQuery(Todo, { id: 1 })));
      return scope;
    });
    expect(open()).toBe(10_000);
    for (const scope of scopes) scope.stop();
    expect(open()).toBe(0);
    expect(dispose).toHaveBeenCalledTimes(10_000);
  });
});
