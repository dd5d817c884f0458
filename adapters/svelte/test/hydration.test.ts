// The client starts from the state a server page carried: no refetch of what it holds.
import { dehydrate, hydrate, serializeState } from '@tessera/core';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi.js';
import { createTessera, tesseraContext } from '../src/index.js';
import RuneTodo from './components/RuneTodo.svelte';
import StoreTodo from './components/StoreTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();

describe('hydration from a dehydrated store', () => {
  it('shows the carried data at once and fetches nothing', async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const page = serializeState(dehydrate(t.tessera.controller));
    const client = createTessera({ initialState: hydrate(JSON.parse(page)) });
    const context = tesseraContext(client);
    render(StoreTodo, { props: { args: { id: 1 } }, context });
    render(RuneTodo, { props: { id: 1 }, context });
    expect(screen.getAllByText('Todo 1')).toHaveLength(2);
    expect(screen.getAllByText('idle')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.api.requests).toEqual(['GET /todos/1']);
    client.dispose();
  });
});
