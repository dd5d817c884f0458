import { describe, expect, it, vi } from 'vitest';
import { deferred, localEndpoint } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { type CallState, CallTracker, trackCalls } from './CallTracker';

describe('CallTracker', () => {
  it('is loading while any call runs; each caller gets its own outcome', async () => {
    const calls = [deferred<string>(), deferred<string>()];
    let n = 0;
    const tracker = new CallTracker((_label: string) => calls[n++].promise);
    const states: CallState[] = [];
    const stop = tracker.listen((state) => states.push(state));
    const first = tracker.runAsync('a');
    const second = tracker.runAsync('b');
    expect(tracker.getSnapshot()).toEqual({ loading: true, error: undefined });
    calls[0].resolve('first');
    await expect(first).resolves.toBe('first');
    expect(tracker.getSnapshot().loading).toBe(true);
    calls[1].resolve('second');
    await expect(second).resolves.toBe('second');
    expect(tracker.getSnapshot()).toEqual({ loading: false, error: undefined });
    expect(states.map((s) => s.loading)).toEqual([false, true, false]);
    stop();
  });

  it("shows the latest call's failure; an older failure only rejects its own promise", async () => {
    const calls = [deferred(), deferred()];
    let n = 0;
    const tracker = new CallTracker(() => calls[n++].promise);
    const older = tracker.runAsync();
    const newer = tracker.runAsync();
    calls[0].reject(new Error('older failed'));
    await expect(older).rejects.toThrow('older failed');
    expect(tracker.getSnapshot().error).toBeUndefined();
    calls[1].reject('plain string');
    await expect(newer).rejects.toBe('plain string');
    const { error } = tracker.getSnapshot();
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('plain string');
    tracker.run();
    expect(tracker.getSnapshot()).toEqual({ loading: true, error: undefined });
  });

  it('run() gives no promise to reject: the failure is in the state only', async () => {
    const tracker = new CallTracker((): Promise<void> => Promise.reject(new Error('refused')));
    expect(tracker.run()).toBeUndefined();
    expect(tracker.getSnapshot().loading).toBe(true);
    await vi.waitFor(() => expect(tracker.getSnapshot().error?.message).toBe('refused'));
    expect(tracker.getSnapshot().loading).toBe(false);
  });

  it('a call that throws synchronously is a failed call, not a thrown run()', async () => {
    const tracker = new CallTracker((): Promise<void> => {
      throw new Error('sync');
    });
    await expect(tracker.runAsync()).rejects.toThrow('sync');
    expect(tracker.getSnapshot()).toMatchObject({ loading: false, error: { message: 'sync' } });
  });

  it('reset() clears the error; a call in flight before it stays loading and shows no failure', async () => {
    const calls = [deferred(), deferred()];
    let n = 0;
    const tracker = new CallTracker(() => calls[n++].promise);
    const failed = tracker.runAsync();
    calls[0].reject(new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    expect(tracker.getSnapshot().error?.message).toBe('refused');
    tracker.reset();
    expect(tracker.getSnapshot()).toEqual({ loading: false, error: undefined });
    const inFlight = tracker.runAsync();
    tracker.reset();
    expect(tracker.getSnapshot()).toEqual({ loading: true, error: undefined });
    calls[1].reject(new Error('late'));
    await expect(inFlight).rejects.toThrow('late');
    expect(tracker.getSnapshot()).toEqual({ loading: false, error: undefined });
  });
});

describe('trackCalls', () => {
  it('calls an endpoint through the store, a plain function as it is (asking for no store)', async () => {
    const { controller, dispose } = createStore();
    const double = localEndpoint({
      key: (n: number) => `double ${n}`,
      resolve: async (n: number) => n * 2,
      schema: undefined,
    });
    // Untyped arguments: the adapters' overloads type them for their users.
    type Run = (n: number) => Promise<unknown>;
    const viaStore = trackCalls(double, () => controller);
    await expect((viaStore.runAsync as Run)(21)).resolves.toBe(42);
    expect(controller.getResponse(double, 21).data).toBe(42);
    const noStore = vi.fn((): never => {
      throw new Error('no store for a plain function');
    });
    const plain = trackCalls(async (n: number) => n + 1, noStore);
    await expect((plain.runAsync as Run)(1)).resolves.toBe(2);
    expect(noStore).not.toHaveBeenCalled();
    dispose();
  });
});
