// Sends each action of a store, and the state after it, to the Redux DevTools browser extension
// (its action log, state tree and diffs). A manager: `createStore({ managers: [reduxDevtools()] })`.
import type { Action, Manager, State } from '@tessera/core';
import { describeAction, plainError } from './model';

/** What this uses of `window.__REDUX_DEVTOOLS_EXTENSION__`. */
export interface ReduxDevtoolsExtension {
  connect(options: { name?: string }): {
    init(state: unknown): void;
    send(action: { type: string }, state: unknown): void;
  };
}

export interface ReduxDevtoolsOptions {
  /** The instance's name in the extension (default "Tessera"). */
  name?: string;
  /** The extension; default `window.__REDUX_DEVTOOLS_EXTENSION__`. */
  extension?: ReduxDevtoolsExtension;
}

const passThrough: Manager = { middleware: () => (next) => next, cleanup: () => {} };

/**
 * A manager that reports to the Redux DevTools extension when the page has it; otherwise, and in
 * production builds, it passes actions on and does nothing else. Time travel is not offered: the
 * store's state comes from its actions only.
 */
export function reduxDevtools(options: ReduxDevtoolsOptions = {}): Manager {
  // Bundlers drop this branch in production builds (with what only it uses).
  if (process.env.NODE_ENV !== 'production') {
    const extension =
      options.extension ??
      (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: ReduxDevtoolsExtension })
        .__REDUX_DEVTOOLS_EXTENSION__;
    if (extension) return reporter(extension, options.name ?? 'Tessera');
  }
  return passThrough;
}

function reporter(extension: ReduxDevtoolsExtension, name: string): Manager {
  return {
    middleware(controller) {
      const connection = extension.connect({ name });
      // A kept state stays as it is: the extension may read it after later writes.
      connection.init(plainState(controller.keepState()));
      return (next) => (action) => {
        const done = next(action);
        connection.send(plainAction(action), plainState(controller.keepState()));
        return done;
      };
    },
    cleanup: () => {},
  };
}

/** The state as plain data: errors as their name, message and status; no endpoints. */
export function plainState(state: State): object {
  const { entities, entitiesMeta, indexes, endpoints, meta, fetching, lastReset } = state;
  const errors = Object.keys(meta).filter((key) => meta[key].error !== undefined);
  const plainMeta: Record<string, unknown> = errors.length === 0 ? meta : { ...meta };
  for (const key of errors) {
    plainMeta[key] = { ...meta[key], error: plainError(meta[key].error) };
  }
  const optimistic = state.optimistic.map(({ key, fetchedAt }) => ({ key, fetchedAt }));
  return {
    entities,
    entitiesMeta,
    indexes,
    endpoints,
    meta: plainMeta,
    fetching,
    lastReset,
    optimistic,
  };
}

/** The action as plain data, named by what it does to which key (`fetch GET /todos`). */
export function plainAction(action: Action): { type: string } {
  const plain: Record<string, unknown> = { type: describeAction(action) };
  for (const [name, value] of Object.entries(action)) {
    // Endpoints, callbacks, schemas and signals do not travel.
    if (name === 'type' || typeof value === 'function' || name === 'signal' || name === 'schema')
      continue;
    plain[name] = plainError(value);
  }
  return plain as { type: string };
}
