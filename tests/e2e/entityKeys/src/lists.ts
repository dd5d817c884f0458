import type { EndpointInterface } from '@tessera/core';
import { createTessera } from '@tessera/vanilla';

type List<T> = EndpointInterface<() => Promise<readonly T[]>>;

/**
 * The page: the todos at once, the tags when asked for. Each list says when it failed; a list
 * shows only what its endpoint holds.
 */
export function showLists(
  todos: { getList: List<{ title: string }> },
  tags: { getList: List<{ name: string }> },
) {
  const tessera = createTessera();
  show(tessera, todos.getList, 'todos', (todo) => todo.title);
  const button = document.querySelector<HTMLButtonElement>('#show-tags')!;
  button.addEventListener(
    'click',
    () => {
      button.disabled = true;
      show(tessera, tags.getList, 'tags', (tag) => tag.name);
    },
    { once: true },
  );
}

function show<T>(
  tessera: ReturnType<typeof createTessera>,
  endpoint: List<T>,
  id: string,
  text: (item: T) => string,
) {
  const list = document.querySelector(`#${id}`)!;
  const status = document.querySelector(`#${id}-status`)!;
  tessera.dle(endpoint).listen(({ data, loading, error }) => {
    status.textContent = error ? `Could not load: ${error.message}` : loading ? 'Loading…' : '';
    list.replaceChildren(
      ...((data as readonly T[] | undefined) ?? []).map((item) => {
        const li = document.createElement('li');
        li.textContent = text(item);
        return li;
      }),
    );
  });
}
