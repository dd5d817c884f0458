// Fine-grained updates: a change to one entity re-renders the rows that show it, not the list.
import { screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { Todo } from '../../../tests/support/todoApi.js';
import Lists from './components/Lists.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness({ rows: 50 });

function renderCounts() {
  const counts = new Map<number, number>();
  const seen = (todo: Todo) => {
    counts.set(todo.id, (counts.get(todo.id) ?? 0) + 1);
    return todo.title;
  };
  return { counts, seen };
}

async function renameTodo7(style: 'derived' | 'store' | 'rune') {
  const { counts, seen } = renderCounts();
  t.mount(Lists, { style, seen });
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
  counts.clear();
  await t.tessera.controller.set(Todo, { id: 7 }, { id: 7, title: 'Renamed', completed: false });
  flushSync();
  expect(screen.getByText('Renamed')).toBeTruthy();
  return counts;
}

describe('one changed entity in a list of 50', () => {
  it('re-renders only its row when the rows are read through $derived', async () => {
    expect(await renameTodo7('derived')).toEqual(new Map([[7, 1]]));
  });

  it('re-renders only its row with a rune result (useDLE)', async () => {
    expect(await renameTodo7('rune')).toEqual(new Map([[7, 1]]));
  });

  it('re-renders every row when {#each} reads the store directly (the pitfall)', async () => {
    const counts = await renameTodo7('store');
    expect(counts.size).toBe(50);
  });
});
