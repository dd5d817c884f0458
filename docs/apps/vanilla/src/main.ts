import { createTessera } from '@tessera/vanilla';
import { type Todo, TodoResource } from './api';

// A store with its network, polling and garbage-collection managers.
const tessera = createTessera();

const list = document.querySelector('#todos')!;
const status = document.querySelector('#status')!;
const form = document.querySelector<HTMLFormElement>('#new-todo')!;

// Fetches GET /api/todos, then calls the listener again on every change of the list:
// the response, a todo changed by a mutation, a refetch.
tessera.dle(TodoResource.getList).listen(({ data, loading, error }) => {
  status.textContent = error ? `Could not load: ${error.message}` : loading ? 'Loading…' : '';
  list.replaceChildren(...(data ?? []).map(renderTodo));
});

function renderTodo(todo: Todo): HTMLLIElement {
  const checkbox = document.createElement('input');
  checkbox.type = 'checkbox';
  checkbox.checked = todo.completed;
  checkbox.addEventListener('change', () => toggle(todo));
  const label = document.createElement('label');
  label.append(checkbox, ` ${todo.title}`);
  const item = document.createElement('li');
  item.append(label);
  return item;
}

// PATCH /api/todos/:id. The answer updates the stored todo, so the list above re-renders
// without a refetch.
function toggle(todo: Todo) {
  tessera.controller
    .fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed })
    .catch((error: Error) => (status.textContent = `Could not save: ${error.message}`));
}

// POST /api/todos. `create` adds the new todo to the end of the loaded list. A mutation tracks
// its calls: the button waits while one is in flight.
const add = tessera.mutation(TodoResource.create);
const button = form.querySelector('button')!;
add.listen(({ loading }) => (button.disabled = loading));
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const title = new FormData(form).get('title') as string;
  // runAsync: the call's promise, to reset the form on success only (run never rejects).
  add
    .runAsync({ title, userId: 1 })
    .then(() => form.reset())
    .catch((error: Error) => (status.textContent = `Could not add: ${error.message}`));
});
