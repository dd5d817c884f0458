// @vitest-environment node
// A server render: components read what the request's store holds and start nothing (no fetch,
// no poll, no timer); the page carries the store's state for the client to hydrate from.
import { dehydrate, GCManager, serializeState } from '@tessera/core';
import { render } from 'svelte/server';
import { describe, expect, it, vi } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera, tesseraContext } from '../src/index.js';
import AsyncTodo from './components/AsyncTodo.async.svelte';
import RuneTodo from './components/RuneTodo.svelte';
import StoreTodo from './components/StoreTodo.svelte';

const t = serveTodoApi();

async function renderPage(prefetch: boolean) {
  const tessera = createTessera();
  if (prefetch) await tessera.controller.fetch(TodoResource.get, { id: 1 });
  const context = tesseraContext(tessera);
  const html = [
    render(StoreTodo, { props: { args: { id: 1 } }, context }).body,
    render(RuneTodo, { props: { id: 1, mode: 'live' }, context }).body,
  ].join('');
  const state = serializeState(dehydrate(tessera.controller));
  tessera.dispose();
  return { html, state };
}

describe('server render', () => {
  it('renders prefetched data with stores and runes', async () => {
    const { html, state } = await renderPage(true);
    expect(html.match(/Todo 1/g)).toHaveLength(2);
    expect(html).toContain('idle');
    expect(JSON.parse(state).endpoints[TodoResource.get.key({ id: 1 })]).toBe('1');
    expect(t.api.requests).toEqual(['GET /todos/1']);
  });

  it('serializes hostile strings so they cannot end the inline script', async () => {
    t.api.rows.get(1)!.title = '</script><script>alert(1)</script>';
    const tessera = createTessera();
    await tessera.controller.fetch(TodoResource.get, { id: 1 });
    const state = serializeState(dehydrate(tessera.controller));
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state).entities.Todo['1'].title).toBe(t.api.rows.get(1)!.title);
    tessera.dispose();
  });

  it('renders the loading state for missing data without fetching on the server', async () => {
    const { html } = await renderPage(false);
    expect(html.match(/loading/g)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.api.requests).toEqual([]);
  });

  it('renders a read that failed on the server loading, as the browser will, which fetches it', async () => {
    t.api.failNext(500);
    const tessera = createTessera();
    const failure = await tessera.controller.fetch(TodoResource.get, { id: 1 }).catch((e) => e);
    expect(failure.status).toBe(500);
    const context = tesseraContext(tessera);
    const html = render(StoreTodo, { props: { args: { id: 1 } }, context }).body;
    const state = dehydrate(tessera.controller);
    tessera.dispose();
    expect(html).toContain('loading');
    expect(html).not.toContain('500');
    // The browser starts from a state without the key: it renders it loading too, and fetches.
    expect(state.meta[TodoResource.get.key({ id: 1 })]).toBeUndefined();
  });

  it('awaits useSuspense in an async server render, fetching what is missing', async () => {
    const tessera = createTessera();
    const context = tesseraContext(tessera);
    const { body } = await render(AsyncTodo, { props: { id: 2, soft: false }, context });
    expect(body).toContain('Todo 2');
    expect(t.api.requests).toEqual(['GET /todos/2']);
    expect(JSON.parse(serializeState(dehydrate(tessera.controller))).entities.Todo['2'].title).toBe(
      'Todo 2',
    );
    tessera.dispose();
  });

  it('starts no manager timer on the server', () => {
    vi.useFakeTimers();
    try {
      const tessera = createTessera({ managers: [new GCManager({ intervalMs: 1_000 })] });
      expect(vi.getTimerCount()).toBe(0);
      tessera.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
