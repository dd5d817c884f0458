import { createClient, type DLEState } from '@tessera/vanilla';
import { type Todo, TodoResource, type User, UserResource } from './api';
import { byId, describeError, h } from './dom';
import { TodoList } from './todoList';

const client = createClient();
const { controller } = client;

const form = byId<HTMLFormElement>('new-todo');
const titleInput = byId<HTMLInputElement>('new-title');
const userSelect = byId<HTMLSelectElement>('new-user');
const filterSelect = byId<HTMLSelectElement>('filter');
const status = byId<HTMLSpanElement>('status');
const errorBox = byId<HTMLDivElement>('error');
const errorMessage = byId<HTMLSpanElement>('error-message');
const retryButton = byId<HTMLButtonElement>('retry');
const listElement = byId<HTMLUListElement>('todos');
const empty = byId<HTMLParagraphElement>('empty');
const summary = byId<HTMLElement>('summary');

let users = new Map<number, User>();
let todosState: DLEState<Todo[] | undefined> = {
  data: undefined,
  loading: true,
  error: undefined,
  previous: false,
};
/** The last failed mutation, shown until dismissed or until the next one succeeds. */
let mutationError: string | undefined;

/** Mutations report failures here; the store has already rolled back their optimistic update. */
function mutate(work: Promise<unknown>): void {
  work.then(
    () => {
      mutationError = undefined;
      renderStatus();
    },
    (error: unknown) => {
      mutationError = describeError(error);
      renderStatus();
    },
  );
}

const todoList = new TodoList(listElement, {
  toggle: (todo) =>
    mutate(
      controller.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed }),
    ),
  rename: (todo, title) =>
    mutate(controller.fetch(TodoResource.partialUpdate, { id: todo.id }, { title })),
  remove: (todo) => mutate(controller.fetch(TodoResource.delete, { id: todo.id })),
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const title = titleInput.value.trim();
  const userId = Number(userSelect.value);
  if (!title || !userId) return;
  mutate(controller.fetch(TodoResource.create, { title, userId, completed: false }));
  titleInput.value = '';
  titleInput.focus();
});

// Users: fill both selects once loaded.
client.dle(UserResource.getList).listen(({ data, error }) => {
  if (error) mutationError = `Could not load users: ${describeError(error)}`;
  if (!data) return renderStatus();
  users = new Map(data.map((user) => [user.id, user]));
  const chosen = userSelect.value;
  userSelect.replaceChildren(
    ...data.map((user) => h('option', { value: String(user.id) }, user.name)),
  );
  if (chosen) userSelect.value = chosen;
  const filtered = filterSelect.value;
  filterSelect.replaceChildren(
    h('option', { value: '' }, 'everyone'),
    ...data.map((user) => h('option', { value: String(user.id) }, user.name)),
  );
  filterSelect.value = filtered;
  renderTodos();
});

// Todos: one DLE subscription for the current filter, replaced when the filter changes.
let stopTodos: () => void = () => {};
function showTodos(userId: number | undefined): void {
  stopTodos();
  const args = userId === undefined ? {} : { userId };
  stopTodos = client.dle(TodoResource.getList, args).listen((state) => {
    todosState = state;
    renderTodos();
  });
}
filterSelect.addEventListener('change', () => {
  showTodos(filterSelect.value ? Number(filterSelect.value) : undefined);
});

retryButton.addEventListener('click', () => {
  const args = filterSelect.value ? { userId: Number(filterSelect.value) } : {};
  controller.fetch(TodoResource.getList, args).catch(() => {
    // The DLE subscription shows the error.
  });
});
byId<HTMLButtonElement>('dismiss').addEventListener('click', () => {
  mutationError = undefined;
  renderStatus();
});

function renderTodos(): void {
  const { data } = todosState;
  listElement.setAttribute('aria-busy', String(todosState.loading && !data));
  if (data) {
    todoList.render(data, users);
    empty.hidden = data.length > 0;
    const done = data.filter((todo) => todo.completed).length;
    summary.textContent = `${data.length - done} left · ${done} done`;
  }
  renderStatus();
}

function renderStatus(): void {
  const { data, loading, error } = todosState;
  status.textContent = loading ? (data ? 'Refreshing…' : 'Loading…') : '';
  const message = error
    ? `Could not load todos: ${describeError(error)}`
    : mutationError && `Could not save: ${mutationError}`;
  errorBox.hidden = !message;
  errorMessage.textContent = message || '';
  retryButton.hidden = !error;
}

showTodos(undefined);

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera: client });
