// Polling and garbage collection follow component lifetime (vitest's fake timers drive both).

import { GCManager, PollingManager } from '@tessera/core';
import { screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi.js';
import RuneTodo from './components/RuneTodo.svelte';
import StoreTodo from './components/StoreTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness({
  fakeTimers: true,
  store: {
    managers: [new PollingManager(), new GCManager({ intervalMs: 1_000 })],
    dataExpiryLength: 500,
  },
});

const polls = () => t.api.requests.length;
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('polling (useLive, liveStore)', () => {
  it('polls once per key however many components read it, until the last one unmounts', async () => {
    const rune = t.mount(RuneTodo, { id: 1, mode: 'live' });
    const store = t.mount(StoreTodo, { args: { id: 1 }, mode: 'live' });
    await vi.waitFor(() => expect(screen.getAllByText('Todo 1')).toHaveLength(2));
    const loaded = polls();
    await tick(1_000);
    expect(polls()).toBe(loaded + 1);
    rune.unmount();
    await tick(1_000);
    expect(polls()).toBe(loaded + 2);
    store.unmount();
    await tick(3_000);
    expect(polls()).toBe(loaded + 2);
  });
});

describe('garbage collection', () => {
  const key = TodoResource.get.key({ id: 1 });
  const cached = () => key in t.tessera.controller.getState().endpoints;

  it('keeps expired data while a component reads it, and collects it after unmount', async () => {
    const view = t.mount(RuneTodo, { id: 1 });
    await vi.waitFor(() => expect(screen.getByText('Todo 1')).toBeTruthy());
    await tick(3_000);
    expect(cached()).toBe(true);
    view.unmount();
    await tick(2_000);
    expect(cached()).toBe(false);
  });
});
