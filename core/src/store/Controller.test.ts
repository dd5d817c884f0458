import { from } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Entity } from '../schema';
import { Controller, StoreDisposedError } from './Controller';
import type { EndpointInterface } from './EndpointInterface';
import { ExpiryStatus } from './ExpiryStatus';
import { setResponse } from './setResponse';

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
}

/** A local endpoint counting its calls; the store needs only `key` and a call. */
function noteEndpoint(options: { fail?: boolean; errorExpiryLength?: number } = {}) {
  let calls = 0;
  const endpoint = Object.assign(
    async ({ id }: { id: string }) => {
      calls += 1;
      if (options.fail) throw Object.assign(new Error('down'), { status: 503 });
      return { id, text: `text ${calls}` };
    },
    {
      key: ({ id }: { id: string }) => `GET /notes/${id}`,
      schema: Note,
      errorExpiryLength: options.errorExpiryLength,
    },
  ) satisfies EndpointInterface;
  return { endpoint, calls: () => calls };
}

/** A controller whose only manager performs fetches by calling the endpoint (no sharing). */
function controllerAt(clock: { now: number }) {
  return new Controller({
    now: () => clock.now,
    managers: [
      {
        middleware: (controller) => (next) => (action) => {
          if (action.type !== 'fetch') return next(action);
          const { endpoint, args, fetchedAt } = action;
          void next(action).then(async () => {
            let response: unknown;
            let error = false;
            try {
              response = await endpoint(...args);
            } catch (failure) {
              response = failure;
              error = true;
            }
            await controller.resolve(endpoint, { args, response, fetchedAt, error });
            if (error) action.reject(response);
            else action.resolve(controller.getResponse(endpoint, ...args).data);
          });
          return Promise.resolve();
        },
        cleanup() {},
      },
    ],
  });
}

describe('Controller', () => {
  it('is an RxJS observable of its state: the current state at once, then each new one', async () => {
    const controller = new Controller();
    const states: unknown[] = [];
    const subscription = from(controller).subscribe((state) => states.push(state));
    expect(states).toEqual([controller.getState()]);
    const { endpoint } = noteEndpoint();
    await setResponse(controller, endpoint, { id: '1' }, { id: '1', text: 'a' });
    expect(states).toHaveLength(2);
    expect(states[1]).toBe(controller.getState());
    subscription.unsubscribe();
  });

  it('getSelection reads what select would emit, without subscribing', async () => {
    const controller = new Controller({ now: () => 1_000 });
    const { endpoint } = noteEndpoint();
    expect(controller.getSelection(endpoint, { id: '1' })).toMatchObject({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      loading: false,
    });
    await setResponse(controller, endpoint, { id: '1' }, { id: '1', text: 'a' });
    const selection = controller.getSelection(endpoint, { id: '1' });
    expect(selection.data).toBe(controller.getResponse(endpoint, { id: '1' }).data);
    expect(selection.expiresAt).toBe(61_000);
    expect(controller.getSelection(endpoint, null).data).toBeUndefined();
  });

  it('fetchIfStale follows the one fetch rule: fresh data is served, stale data refetched', async () => {
    const clock = { now: 1_000 };
    const controller = controllerAt(clock);
    const { endpoint, calls } = noteEndpoint();
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).resolves.toMatchObject({
      text: 'text 1',
    });
    await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(1);
    clock.now += 60_001;
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).resolves.toMatchObject({
      text: 'text 2',
    });
    await controller.invalidate(endpoint, { id: '1' });
    await controller.fetchIfStale(endpoint, { id: '1' });
    expect(calls()).toBe(3);
  });

  it('fetchIfStale waits for a cached error to expire before asking again', async () => {
    const clock = { now: 1_000 };
    const controller = controllerAt(clock);
    const { endpoint, calls } = noteEndpoint({ fail: true, errorExpiryLength: 5_000 });
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).rejects.toThrow('down');
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).resolves.toBeUndefined();
    expect(calls()).toBe(1);
    clock.now += 5_001;
    await expect(controller.fetchIfStale(endpoint, { id: '1' })).rejects.toThrow('down');
    expect(calls()).toBe(2);
  });

  it('reads a given state instead of the current one (trailing state argument)', async () => {
    const controller = new Controller();
    const { endpoint } = noteEndpoint();
    const empty = controller.getState();
    await setResponse(controller, endpoint, { id: '1' }, { id: '1', text: 'a' });
    expect(controller.getResponse(endpoint, { id: '1' }).data).toMatchObject({ text: 'a' });
    expect(controller.getResponse(endpoint, { id: '1' }, empty).data).toBeUndefined();
    expect(controller.get(Note, { id: '1' }, empty)).toBeUndefined();
    expect(controller.get(Note, { id: '1' })).toMatchObject({ text: 'a' });
  });

  it('once disposed, rejects every change and completes its observers', async () => {
    const controller = new Controller();
    let completed = false;
    controller.subscribe({ complete: () => (completed = true) });
    controller.dispose();
    expect(completed).toBe(true);
    const { endpoint } = noteEndpoint();
    await expect(controller.fetch(endpoint, { id: '1' })).rejects.toBeInstanceOf(
      StoreDisposedError,
    );
    await expect(controller.invalidate(endpoint, { id: '1' })).rejects.toBeInstanceOf(
      StoreDisposedError,
    );
    expect(controller.keepLive(endpoint, { id: '1' })).toBeTypeOf('function');
  });
});
