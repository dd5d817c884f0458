import { BROWSER } from 'esm-env';
import { get, type Readable } from 'svelte/store';

/** What core's observers (`EndpointObserver`, `QueryObserver`) offer an adapter. */
export interface Reader<T, A> {
  getSnapshot(): T;
  setArgs(args: A): void;
  listen(listener: (value: T) => void): () => void;
}

/**
 * A Svelte store over one reader whose arguments follow `args`. Each subscriber holds the reader
 * (core counts them); the last one leaving releases it. During a server render it only hands out
 * the current snapshot: subscribing there would start fetches and timers that outlive the render.
 */
export function readerStore<T, A>(reader: Reader<T, A>, args: Readable<A>): Readable<T> {
  return {
    subscribe(run) {
      if (!BROWSER) {
        reader.setArgs(get(args));
        run(reader.getSnapshot());
        return () => {};
      }
      const stopArgs = args.subscribe((value) => reader.setArgs(value));
      const stopReading = reader.listen(run);
      return () => {
        stopReading();
        stopArgs();
      };
    },
  };
}
