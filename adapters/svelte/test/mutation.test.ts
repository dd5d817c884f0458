// useMutation (a rune) and mutationStore (a Svelte store): the same mutation state, each in a
// component as an app writes it.
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import MutationInBoundary from './components/MutationInBoundary.svelte';
import MutationStoreTodo from './components/MutationStoreTodo.svelte';
import MutationTodo from './components/MutationTodo.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness();
const text = (id: string) => screen.getByTestId(id).textContent;

describe.each([
  ['useMutation', MutationTodo],
  ['mutationStore', MutationStoreTodo],
])('%s', (_name, component) => {
  it('is loading while the call runs, and the store shows its result', async () => {
    t.mount(component);
    await screen.findByText('Todo 1');
    const release = t.api.hold();
    await fireEvent.click(screen.getByText('rename'));
    expect(text('saving')).toBe('saving');
    release();
    expect(await screen.findByText('Renamed')).toBeTruthy();
    await waitFor(() => expect(text('saving')).toBe('saved'));
    expect(text('error')).toBe('');
    expect(t.api.requests).toEqual(['GET /todos/1', 'PATCH /todos/1']);
  });

  it('shows the error of a failed call, and clears it when the next one starts', async () => {
    t.mount(component);
    await screen.findByText('Todo 1');
    t.api.failNext(500);
    await fireEvent.click(screen.getByText('rename'));
    await waitFor(() => expect(text('error')).toBe('500'));
    expect(text('saving')).toBe('saved');
    expect(text('title')).toBe('Todo 1');
    const release = t.api.hold();
    await fireEvent.click(screen.getByText('rename'));
    expect(text('error')).toBe('');
    release();
    expect(await screen.findByText('Renamed')).toBeTruthy();
  });

  it('reset() clears the error shown', async () => {
    t.mount(component);
    await screen.findByText('Todo 1');
    t.api.failNext(500);
    await fireEvent.click(screen.getByText('rename'));
    await waitFor(() => expect(text('error')).toBe('500'));
    await fireEvent.click(screen.getByText('dismiss'));
    expect(text('error')).toBe('');
    expect(text('saving')).toBe('saved');
  });

  it('run from onclick: a failure shows in the mutation, never in the boundary around it', async () => {
    t.mount(MutationInBoundary, { page: component });
    await screen.findByText('Todo 1');
    t.api.failNext(404);
    await fireEvent.click(screen.getByText('rename'));
    await waitFor(() => expect(text('error')).toBe('404'));
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(text('saving')).toBe('saved');
    expect(text('title')).toBe('Todo 1');
  });
});
