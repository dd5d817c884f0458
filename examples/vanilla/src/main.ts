import { GCManager } from '@tessera/core';
import { mountDevtools, reduxDevtools } from '@tessera/devtools';
import { createTessera, type DLE } from '@tessera/vanilla';
import { type Todo, TodoResource, type User, UserResource } from './api';
import { byId, describeError, h } from './dom';
import { TodoList } from './todoList';

// The Redux DevTools extension, when the browser has it, logs the store's actions; the devtools
// panel (the button at the bottom right) shows its keys, entities and actions. Both are
// development only: a production build carries neither. Garbage collection is opt in: a page
// left open all day keeps only what it shows and what is still fresh.
const tessera = createTessera({ managers: [reduxDevtools(), new GCManager()] });
const { controller } = tessera;
mountDevtools(tessera);

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
const notLoadedYet = {
  data: undefined,
  loading: true,
  error: undefined,
  isPreviousData: false,
  paused: false,
};
let todosState: DLE<Todo[] | undefined> = notLoadedYet;
let usersState: DLE<User[] | undefined> = notLoadedYet;
/** The last failed mutation, shown until dismissed or until the next one succeeds. */
let mutationError: string | undefined;
/** Load errors the user dismissed; a later failure is a new error and shows again. */
const dismissed = new WeakSet<object>();

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
  if (!title) {
    // `required` lets whitespace through: say why nothing was added.
    titleInput.setCustomValidity('Write what needs doing first.');
    titleInput.reportValidity();
    return;
  }
  if (!userId) return;
  mutate(controller.fetch(TodoResource.create, { title, userId, completed: false }));
  titleInput.value = '';
  titleInput.focus();
});
titleInput.addEventListener('input', () => titleInput.setCustomValidity(''));

// Users: fill both selects once loaded.
tessera.dle(UserResource.getList).listen((state) => {
  usersState = state;
  const { data } = state;
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
let todosArgs: { userId?: number } = {};
function showTodos(userId: number | undefined): void {
  stopTodos();
  todosArgs = userId === undefined ? {} : { userId };
  stopTodos = tessera.dle(TodoResource.getList, todosArgs).listen((state) => {
    todosState = state;
    renderTodos();
  });
}
filterSelect.addEventListener('change', () => {
  showTodos(filterSelect.value ? Number(filterSelect.value) : undefined);
});

// Retry whatever failed to load; the DLE subscriptions show the outcome.
const shownByTheSubscription = () => {};
retryButton.addEventListener('click', () => {
  if (todosState.error)
    controller.fetch(TodoResource.getList, todosArgs).catch(shownByTheSubscription);
  if (usersState.error) controller.fetch(UserResource.getList).catch(shownByTheSubscription);
});
byId<HTMLButtonElement>('dismiss').addEventListener('click', () => {
  for (const { error } of [todosState, usersState]) if (error) dismissed.add(error);
  mutationError = undefined;
  renderStatus();
});

function renderTodos(): void {
  const { data, loading, error } = todosState;
  listElement.setAttribute('aria-busy', String(loading && !data));
  if (data) {
    todoList.render(data, users);
    empty.hidden = data.length > 0;
    const done = data.filter((todo) => todo.completed).length;
    summary.textContent = `${data.length - done} left · ${done} done`;
  } else if (error) {
    // This filter's todos failed to load: nothing of the list shown before may pass for them.
    // The banner says what failed, and Retry loads it.
    todoList.render([], users);
    empty.hidden = true;
    summary.textContent = '';
  }
  renderStatus();
}

function renderStatus(): void {
  const { data, loading } = todosState;
  status.textContent = loading ? (data ? 'Refreshing…' : 'Loading…') : '';
  // Every failure on its own line: one must not hide another.
  const loadErrors = (
    [
      ['todos', todosState.error],
      ['users', usersState.error],
    ] as const
  ).flatMap(([what, error]) =>
    error && !dismissed.has(error) ? [`Could not load ${what}: ${describeError(error)}`] : [],
  );
  const messages = mutationError ? [...loadErrors, `Could not save: ${mutationError}`] : loadErrors;
  errorBox.hidden = messages.length === 0;
  errorMessage.textContent = messages.join('\n');
  retryButton.hidden = loadErrors.length === 0;
}

showTodos(undefined);

// For the browser tests and the curious: `window.tessera.controller` in the console.
Object.assign(window, { tessera });
