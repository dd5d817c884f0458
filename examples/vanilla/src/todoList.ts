import type { Todo, User } from './api';
import { h } from './dom';

/** What a row can ask the page to do. */
export interface TodoActions {
  toggle(todo: Todo): void;
  rename(todo: Todo, title: string): void;
  remove(todo: Todo): void;
}

interface Row {
  readonly element: HTMLLIElement;
  todo: Todo | undefined;
  owner: User | undefined;
  editing: boolean;
}

/**
 * Renders todos into a list, keyed by id: rows are reused and only rebuilt when their todo (an
 * immutable snapshot from the store) or its owner changed, so an edit in progress keeps focus.
 */
export class TodoList {
  private readonly rows = new Map<number, Row>();

  constructor(
    private readonly list: HTMLUListElement,
    private readonly actions: TodoActions,
  ) {}

  render(todos: readonly Todo[], users: ReadonlyMap<number, User>): void {
    const seen = new Set<number>();
    todos.forEach((todo, index) => {
      seen.add(todo.id);
      let row = this.rows.get(todo.id);
      if (!row) {
        row = {
          element: h('li', { className: 'todo' }),
          todo: undefined,
          owner: undefined,
          editing: false,
        };
        this.rows.set(todo.id, row);
      }
      const owner = users.get(todo.userId);
      if (row.todo !== todo || row.owner !== owner) {
        if (row.editing) Object.assign(row, { todo, owner });
        else this.fill(row, todo, owner);
      }
      // Move only rows that are out of place: moving a node would blur an edit in progress.
      if (this.list.children[index] !== row.element) {
        this.list.insertBefore(row.element, this.list.children[index] ?? null);
      }
    });
    for (const [id, row] of this.rows) {
      if (seen.has(id)) continue;
      row.element.remove();
      this.rows.delete(id);
    }
  }

  private fill(row: Row, todo: Todo, owner: User | undefined): void {
    row.todo = todo;
    row.owner = owner;
    const { element } = row;
    // The row is built anew: the control that had focus gets it back (a keyboard user toggling
    // or renaming stays where they were).
    const focused = element.contains(document.activeElement)
      ? document.activeElement?.classList[0]
      : undefined;
    element.dataset.id = String(todo.id);
    element.classList.toggle('completed', todo.completed);
    element.classList.toggle('pending', todo.pending);
    const toggle = h('input', {
      type: 'checkbox',
      className: 'toggle',
      checked: todo.completed,
      disabled: todo.pending,
      'aria-label': `Done: ${todo.title}`,
    });
    toggle.addEventListener('change', () => this.actions.toggle(todo));
    const title = h('span', { className: 'title' }, todo.title);
    const edit = h(
      'button',
      {
        type: 'button',
        className: 'edit',
        disabled: todo.pending,
        'aria-label': `Edit: ${todo.title}`,
      },
      'Edit',
    );
    edit.addEventListener('click', () => this.edit(row));
    const remove = h(
      'button',
      {
        type: 'button',
        className: 'delete',
        disabled: todo.pending,
        'aria-label': `Delete: ${todo.title}`,
      },
      '✕',
    );
    remove.addEventListener('click', (event) => {
      // The row leaves at once (optimistic delete), so the second click of a double click
      // would land on the next row's button: count only a first click (or a key press, 0).
      if (event.detail > 1) return;
      this.actions.remove(todo);
    });
    const badge = h('span', { className: 'owner' }, owner?.name ?? `user ${todo.userId}`);
    element.replaceChildren(toggle, title, badge, edit, remove);
    if (focused) element.querySelector<HTMLElement>(`.${focused}`)?.focus();
  }

  /** Swaps the title for an input (its Edit button): Enter or leaving it saves, Escape cancels. */
  private edit(row: Row): void {
    const todo = row.todo;
    if (!todo || todo.pending || row.editing) return;
    row.editing = true;
    const input = h('input', {
      className: 'edit-title',
      value: todo.title,
      maxLength: 200,
      'aria-label': `Rename: ${todo.title}`,
    });
    /** `fromKeyboard`: focus goes back to the Edit button, as the input leaves the page. */
    const finish = (save: boolean, fromKeyboard: boolean) => {
      if (!row.editing) return;
      row.editing = false;
      const title = input.value.trim();
      // Show the latest snapshot again; a rename then arrives from the store.
      const latest = row.todo!;
      this.fill(row, latest, row.owner);
      if (fromKeyboard) row.element.querySelector<HTMLElement>('.edit')?.focus();
      if (save && title && title !== latest.title) this.actions.rename(latest, title);
    };
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== 'Escape') return;
      // Handled here: the key must not go on to press the Edit button that takes the focus.
      event.preventDefault();
      finish(event.key === 'Enter', true);
    });
    input.addEventListener('blur', () => finish(true, false));
    row.element.querySelector('.title')?.replaceWith(input);
    input.focus();
    input.select();
  }
}
