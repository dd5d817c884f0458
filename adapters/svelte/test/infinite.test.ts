import { type InfiniteDLE, Listenable } from '@tessera/core';
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { getTodoPages, type Todo, TodoResource } from '../../../tests/support/todoApi.js';
import { infiniteStore, useInfinite } from '../src/index.js';
import InfiniteBesideDLE from './components/InfiniteBesideDLE.svelte';
import InfiniteOfEndpoint from './components/InfiniteOfEndpoint.svelte';
import InfiniteStoreTodos from './components/InfiniteStoreTodos.svelte';
import InfiniteTodos from './components/InfiniteTodos.svelte';
import { setupHarness } from './setup.js';

const t = setupHarness({ rows: 9 });
const items = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('useInfinite (runes)', () => {
  it('loads the first page; "Load more" appends the next (one request per click)', async () => {
    t.mount(InfiniteTodos, { userId: 1 });
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    const more = screen.getByRole('button', { name: 'Load more' });
    await fireEvent.click(more);
    await fireEvent.click(more);
    // The user has two todos: a full page, then an empty one ends the list.
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    expect(items()).toEqual(['Todo 1', 'Todo 2']);
    expect(t.api.requests).toEqual([
      'GET /todos?perPage=2&userId=1',
      'GET /todos?page=2&perPage=2&userId=1',
    ]);
  });

  it('a changed prop starts a fresh list; an edit shows in the page', async () => {
    const view = t.mount(InfiniteTodos, { userId: 1 });
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    await view.rerender({ userId: 2 });
    expect(screen.getByTestId('state').textContent).toBe('loading previous');
    await waitFor(() => expect(items()).toEqual(['Todo 3', 'Todo 4']));
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 4 }, { title: 'Renamed' });
    await waitFor(() => expect(items()).toEqual(['Todo 3', 'Renamed']));
  });

  it('follows a changed endpoint, as useDLE does: a fresh list of the new one', async () => {
    // The same parameters, another endpoint: the second user's todos only.
    // (Typed as the first: the component's prop is one endpoint type.)
    const ofUser2 = getTodoPages.extend({
      url: (params: Record<string, unknown>) => getTodoPages.url({ ...params, userId: 2 }),
    }) as unknown as typeof getTodoPages;
    const view = t.mount(InfiniteOfEndpoint, { endpoint: getTodoPages });
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    await view.rerender({ endpoint: ofUser2 });
    await waitFor(() => expect(items()).toEqual(['Todo 3', 'Todo 4']));
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(t.api.requests).toHaveLength(3));
    expect(t.api.requests).toEqual([
      'GET /todos?perPage=2',
      'GET /todos?perPage=2&userId=2',
      'GET /todos?page=2&perPage=2&userId=2',
    ]);
  });

  it('200 endpoint switches leave one list connected: each replaced observer is let go', async () => {
    // Counts the store subscriptions the readers hold.
    const controller = t.tessera.controller as unknown as {
      select(...args: unknown[]): Listenable<unknown>;
    };
    const select = controller.select.bind(controller);
    let open = 0;
    vi.spyOn(controller, 'select').mockImplementation(
      (...args: unknown[]) =>
        new Listenable<unknown>((subscriber) => {
          open += 1;
          const subscription = select(...args).subscribe(subscriber);
          return () => {
            open -= 1;
            subscription.unsubscribe();
          };
        }),
    );
    const ofUser2 = getTodoPages.extend({
      url: (params: Record<string, unknown>) => getTodoPages.url({ ...params, userId: 2 }),
    }) as unknown as typeof getTodoPages;
    const view = t.mount(InfiniteOfEndpoint, { endpoint: getTodoPages });
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    for (let i = 0; i < 200; i++) {
      await view.rerender({ endpoint: i % 2 === 0 ? ofUser2 : getTodoPages });
    }
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    expect(open).toBe(1);
    view.unmount();
    await waitFor(() => expect(open).toBe(0));
  });

  it('a failed next page shows its error and keeps the loaded pages', async () => {
    t.mount(InfiniteTodos, { userId: 1 });
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    t.api.failNext(503);
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('503'));
    expect(items()).toEqual(['Todo 1', 'Todo 2']);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});

describe('infiniteStore', () => {
  it('$store pages, and fetchNextPage on the store', async () => {
    t.mount(InfiniteStoreTodos);
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2']));
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toEqual(['Todo 1', 'Todo 2', 'Todo 3', 'Todo 4']));
  });

  it('types', () => {
    expectTypeOf(infiniteStore<typeof getTodoPages, number>)
      .returns.toHaveProperty('fetchNextPage')
      .returns.resolves.toEqualTypeOf<InfiniteDLE<Todo[], number>>();
    expectTypeOf(useInfinite<typeof getTodoPages>)
      .returns.toHaveProperty('pages')
      .toEqualTypeOf<readonly Todo[][]>();
    // @ts-expect-error a list endpoint without paginationField has no pages
    expectTypeOf(infiniteStore).toBeCallableWith(TodoResource.getList);
  });
});

describe('useInfinite beside useDLE of the same list', () => {
  it('a list loaded to its end, shown again after another filter, keeps its pages', async () => {
    const view = t.mount(InfiniteBesideDLE, { userId: null });
    await waitFor(() => expect(items()).toHaveLength(2));
    while (screen.queryByRole('button')) {
      const shown = items().length;
      await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() =>
        expect(items().length > shown || screen.queryByRole('button') === null).toBe(true),
      );
    }
    expect(items()).toHaveLength(9);
    await view.rerender({ userId: 2 });
    await waitFor(() => expect(items()).toEqual(['Todo 3', 'Todo 4']));
    const before = t.api.requests.length;
    await view.rerender({ userId: null });
    await waitFor(() => expect(items()).toHaveLength(9));
    expect(screen.queryByRole('button')).toBeNull();
    expect(t.api.requests.length).toBe(before);
  });
});
