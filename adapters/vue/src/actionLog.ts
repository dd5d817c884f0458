import type { Action, Manager } from '@tessera/core';

export type ActionListener = (action: Action, at: number) => void;

export interface ActionLog {
  readonly manager: Manager;
  listen(listener: ActionListener): () => void;
}

/**
 * Development only: a pass-through manager that reports each action of one store to the devtools
 * timeline. Created only behind `process.env.NODE_ENV !== 'production'`, so production builds
 * drop it.
 */
export function createActionLog(): ActionLog {
  const listeners = new Set<ActionListener>();
  return {
    manager: {
      middleware: (controller) => (next) => (action) => {
        for (const listener of listeners) listener(action, controller.now());
        return next(action);
      },
      cleanup: () => listeners.clear(),
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
