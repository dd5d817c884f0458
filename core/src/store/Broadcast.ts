import { Observable, type Subscriber } from 'rxjs';

/**
 * Sends each value to every subscriber, as rxjs's `Subject` does; with `replay`, a new
 * subscriber first gets the latest value sent, as from a `BehaviorSubject`. The store keeps its
 * own because those classes would cost every app about 1 KB gzipped for the little it uses of
 * them; what it hands out stays an rxjs `Observable`.
 */
export class Broadcast<T> {
  readonly observable: Observable<T>;
  private readonly subscribers = new Set<Subscriber<T>>();
  /** The subscribers as of the last change to them: a value goes to those, in order. */
  private sendTo: Subscriber<T>[] | undefined;
  /** What a new subscriber gets first; kept only to replay (a log would otherwise hold its last change). */
  private latest: T | undefined;
  private completed = false;

  constructor(
    private readonly replay: boolean,
    first?: T,
  ) {
    this.latest = first;
    this.observable = new Observable<T>((subscriber) => this.add(subscriber));
  }

  /** Adds a subscriber (the `subscribe` function of an Observable built on this). */
  add(subscriber: Subscriber<T>): () => void {
    if (this.completed) {
      subscriber.complete();
      return () => {};
    }
    this.subscribers.add(subscriber);
    this.sendTo = undefined;
    if (this.replay) subscriber.next(this.latest as T);
    return () => {
      if (this.subscribers.delete(subscriber)) this.sendTo = undefined;
    };
  }

  next(value: T): void {
    if (this.completed) return;
    if (this.replay) this.latest = value;
    this.sendTo ??= [...this.subscribers];
    for (const subscriber of this.sendTo) subscriber.next(value);
  }

  complete(): void {
    if (this.completed) return;
    this.completed = true;
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    this.sendTo = undefined;
    for (const subscriber of subscribers) subscriber.complete();
  }
}
