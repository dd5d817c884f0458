import { NetworkError } from '@tessera/core';
import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { TodoResource } from '../../../tests/support/todoApi.js';
import { createFixtureTessera } from '../src/testing.js';
import RuneTodo from './components/RuneTodo.svelte';
import StoreTodo from './components/StoreTodo.svelte';

// The API is served only to prove that nothing reaches it.
const t = serveTodoApi();
const text = (id: string) => screen.getByTestId(id).textContent;

describe('createFixtureTessera', () => {
  it('renders fixtures by endpoint and args at once, with no network', () => {
    const tessera = createFixtureTessera([
      { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'Fixture' } },
    ]);
    render(RuneTodo, { props: { id: 1 }, context: tessera.context });
    expect(text('title')).toBe('Fixture');
    expect(text('state')).toBe('idle');
    expect(t.api.requests).toEqual([]);
    tessera.dispose();
    // The fixture store is the Tessera's own.
    expect(tessera.controller.isDisposed).toBe(true);
  });

  it('answers fetches from interceptors matched by testKey', async () => {
    const tessera = createFixtureTessera([
      {
        endpoint: TodoResource.get,
        response: ({ id }: { id: number }) => ({ id, title: `Todo #${id}` }),
      },
    ]);
    render(StoreTodo, { props: { args: { id: 5 } }, context: tessera.context });
    await waitFor(() => expect(text('title')).toBe('Todo #5'));
    expect(t.api.requests).toEqual([]);
    tessera.dispose();
  });

  it('answers with a fixture error', async () => {
    const failing = createFixtureTessera([
      {
        endpoint: TodoResource.get,
        args: [{ id: 2 }],
        response: new NetworkError(new Response(null, { status: 500 })),
        error: true,
      },
    ]);
    render(RuneTodo, { props: { id: 2 }, context: failing.context });
    await waitFor(() => expect(text('error')).toBe('500'));
    expect(t.api.requests).toEqual([]);
    failing.dispose();
  });
});
