// Public surface of @tessera/devtools: the in-page panel for any framework (`mountDevtools`;
// components in `@tessera/devtools/vue` and `/svelte`) and the Redux DevTools connection.
// Development builds only: in production every export is a no-op and the panel is never loaded
// (see README, "Zero bytes in production").
import type { Controller } from '@tessera/core';
import type { PanelOptions } from './panel';
import { type Session, type SessionOptions, startSession } from './session';

export { type ReduxDevtoolsExtension, type ReduxDevtoolsOptions, reduxDevtools } from './redux';

/** `timelineBytes` applies to the first panel mounted on a store (its session starts then). */
export interface DevtoolsOptions extends PanelOptions, SessionOptions {}

/** A store's controller, or what holds one: a store, a vanilla client, a Vue `Tessera`. */
export type DevtoolsTarget = Controller | { readonly controller: Controller };

/** One session per store, shared by the panels mounted on it. */
const sessions = new WeakMap<Controller, { session: Session; mounts: number }>();

/**
 * Shows the devtools button (and panel) for a store in this page, or the panel alone in
 * `options.container` (an element of this page or of a same-origin frame); returns the function
 * that removes them. From here on the panel records the store's actions, so mount it before the app
 * starts fetching. Does nothing in production builds, or where there is no DOM (a server render).
 */
export function mountDevtools(target: DevtoolsTarget, options: DevtoolsOptions = {}): () => void {
  // One condition around all the work: bundlers drop the whole branch, the panel's dynamic
  // import included, when they replace `process.env.NODE_ENV` with "production".
  if (process.env.NODE_ENV !== 'production' && typeof document !== 'undefined') {
    const controller = 'controller' in target ? target.controller : target;
    const shared = sessions.get(controller) ?? {
      session: startSession(controller, options),
      mounts: 0,
    };
    shared.mounts += 1;
    sessions.set(controller, shared);
    let removed = false;
    let destroy: (() => void) | undefined;
    // The panel's code loads on demand: the app's own bundle carries only the session.
    import('./panel').then(
      ({ openPanel }) => {
        if (!removed) destroy = openPanel(shared.session, options, remove).destroy;
      },
      (error: unknown) => console.error('Tessera devtools: the panel failed to load', error),
    );
    const remove = () => {
      if (removed) return;
      removed = true;
      destroy?.();
      shared.mounts -= 1;
      if (shared.mounts === 0) {
        shared.session.stop();
        sessions.delete(controller);
      }
    };
    return remove;
  }
  return () => {};
}
