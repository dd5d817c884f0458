import { firstValueFrom, map, Observable, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Broadcast } from './Broadcast';

describe('Broadcast (the store’s Subject and BehaviorSubject)', () => {
  it('with replay, a subscriber gets the latest value first, then each new one', () => {
    const values = new Broadcast(true, 1);
    values.next(2);
    const seen: number[] = [];
    values.observable.subscribe((value) => seen.push(value));
    values.next(3);
    expect(seen).toEqual([2, 3]);
  });

  it('without replay, a subscriber gets only what is sent after it subscribed', () => {
    const values = new Broadcast<number>(false);
    values.next(1);
    const seen: number[] = [];
    values.observable.subscribe((value) => seen.push(value));
    values.next(2);
    expect(seen).toEqual([2]);
  });

  it('without replay, keeps no value once sent (a change log must not hold its last change)', () => {
    // The store's change log is a Broadcast without replay; a GC sweep's change names every key
    // it removed, and keeping it until the next change held ~1 MB after 10,000 results expired.
    const values = new Broadcast<{ keys: string[] }>(false);
    values.observable.subscribe(() => {});
    values.next({ keys: ['a', 'b'] });
    expect((values as unknown as { latest: unknown }).latest).toBeUndefined();
  });

  it('is an rxjs Observable: operators and firstValueFrom work on it', async () => {
    const values = new Broadcast(true, 1);
    expect(values.observable).toBeInstanceOf(Observable);
    const doubled = firstValueFrom(
      values.observable.pipe(
        map((v) => v * 2),
        take(3),
        toArray(),
      ),
    );
    values.next(2);
    values.next(3);
    await expect(doubled).resolves.toEqual([2, 4, 6]);
  });

  it('a subscriber leaving during a send does not stop the others getting it', () => {
    const values = new Broadcast<number>(false);
    const seen: string[] = [];
    const first = values.observable.subscribe((v) => {
      seen.push(`a${v}`);
      first.unsubscribe();
    });
    values.observable.subscribe((v) => seen.push(`b${v}`));
    values.next(1);
    values.next(2);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });

  it('a subscriber joining during a send gets the next value, not the one being sent', () => {
    const values = new Broadcast<number>(false);
    const seen: string[] = [];
    values.observable.subscribe((v) => {
      seen.push(`a${v}`);
      if (v === 1) values.observable.subscribe((w) => seen.push(`b${w}`));
    });
    values.next(1);
    values.next(2);
    expect(seen).toEqual(['a1', 'a2', 'b2']);
  });

  it('complete ends every subscriber, and later ones complete at once with nothing sent', () => {
    const values = new Broadcast(true, 1);
    const events: string[] = [];
    values.observable.subscribe({
      next: (v) => events.push(`next ${v}`),
      complete: () => events.push('done'),
    });
    values.complete();
    values.next(2);
    values.observable.subscribe({
      next: (v) => events.push(`late ${v}`),
      complete: () => events.push('late done'),
    });
    expect(events).toEqual(['next 1', 'done', 'late done']);
  });
});
