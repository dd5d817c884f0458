import type { Controller } from '@tessera/core';
import { getTessera, useMutation } from '@tessera/svelte';
import { SvelteMap } from 'svelte/reactivity';
import { listArgs, PER_PAGE, type Todo, TodoResource } from './api';

/** Pages appended to a filter's list, and whether the last came back short (the end). */
type Loaded = { pages: number; end: boolean };

/**
 * Each store's page counts: they live as long as the pages they count, which stay in the store
 * when a list's component goes (a visit to a todo's page and back must not offer them again).
 */
const loadedPagesOf = new WeakMap<Controller, SvelteMap<number | null, Loaded>>();

/**
 * "Load more" for a todo list that follows the user filter: `hasMore` while the last page came
 * back full, `more.run()` appends the next (`getNextPage` is `getList.getPage`). Each filter's
 * pages are counted apart, and a list fetched anew (`loading`) holds its first page only, so its
 * count starts again. Called during a component's initialisation.
 */
export function useNextPages(
  userId: () => number | null,
  todos: { readonly loading: boolean; readonly data: readonly Todo[] | undefined },
) {
  const { controller } = getTessera();
  const loadedPages = loadedPagesOf.get(controller) ?? new SvelteMap();
  loadedPagesOf.set(controller, loadedPages);
  $effect.pre(() => {
    if (todos.loading) loadedPages.delete(userId());
  });
  const hasMore = $derived.by(() => {
    const loaded = loadedPages.get(userId());
    return loaded ? !loaded.end : (todos.data?.length ?? 0) >= PER_PAGE;
  });
  const more = useMutation(async () => {
    const filter = userId();
    const pages = (loadedPages.get(filter)?.pages ?? 1) + 1;
    const page = await controller.fetch(TodoResource.getNextPage, {
      ...listArgs(filter),
      page: pages,
    });
    loadedPages.set(filter, { pages, end: page.length < PER_PAGE });
  });
  return {
    get hasMore() {
      return hasMore;
    },
    more,
  };
}
