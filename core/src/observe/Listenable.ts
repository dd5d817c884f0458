import { Observable } from 'rxjs';

/** Stops a listener; calling it again does nothing. */
export type Unsubscribe = () => void;

/**
 * An RxJS `Observable` with a plain-listener form. `subscribe(run)` calls `run` synchronously
 * with the current value and returns a subscription (`{ unsubscribe }`), which is also the Svelte
 * store contract; `listen(run)` does the same and returns an unsubscribe function.
 */
export class Listenable<T> extends Observable<T> {
  listen(listener: (value: T) => void): Unsubscribe {
    const subscription = this.subscribe(listener);
    return () => subscription.unsubscribe();
  }
}
