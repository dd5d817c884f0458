import type { Subscriber } from 'rxjs';
import { Listenable } from './Listenable';

/**
 * A `Listenable` over one live value that every subscriber shares. The first subscriber
 * connects it to its source and the last one to leave disconnects it, so subscribing,
 * unsubscribing and subscribing again (in the same tick or not) always starts clean. Each new
 * subscriber receives the current value at once; later values only when they change.
 */
export abstract class SharedListenable<T> extends Listenable<T> {
  private readonly subscribers = new Set<Subscriber<T>>();
  private connected = false;
  private completed = false;

  constructor() {
    super((subscriber) => this.attach(subscriber));
  }

  /** The current value, synchronously, connected or not. */
  abstract getSnapshot(): T;

  /** Starts reading the source; may call `emit` before it returns. */
  protected abstract connect(): void;

  /** Stops reading the source. */
  protected abstract disconnect(): void;

  /** A subscriber took the current value and still listens (one that left at once did not). */
  protected attached(): void {}

  /** True while at least one subscriber listens. */
  protected get isConnected(): boolean {
    return this.connected;
  }

  /** Hands a changed value to every subscriber (one that leaves meanwhile is skipped). */
  protected emit(value: T): void {
    for (const subscriber of [...this.subscribers]) {
      if (this.subscribers.has(subscriber)) subscriber.next(value);
    }
  }

  /** Ends the stream for good: subscribers complete, later ones complete at once. */
  protected complete(): void {
    if (this.completed) return;
    this.completed = true;
    if (this.connected) {
      this.connected = false;
      this.disconnect();
    }
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of subscribers) subscriber.complete();
  }

  private attach(subscriber: Subscriber<T>): (() => void) | undefined {
    if (this.completed) {
      subscriber.complete();
      return undefined;
    }
    if (!this.connected) {
      this.connected = true;
      this.connect();
    }
    this.subscribers.add(subscriber);
    subscriber.next(this.getSnapshot());
    // Unsubscribed (or completed) while taking it: `closed` at once, though RxJS runs the
    // teardown only once this returns.
    if (!subscriber.closed) this.attached();
    return () => {
      if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
      if (!this.connected) return;
      this.connected = false;
      this.disconnect();
    };
  }
}
