import { describe, expect, it } from 'vitest';
import { Entity } from '../schema';
import type { SetResponseAction } from './actions';
import { Controller } from './Controller';
import type { EndpointInterface } from './EndpointInterface';
import { ExpiryStatus } from './ExpiryStatus';
import { resetEntireStore } from './resetEntireStore';
import { initialState, type State } from './State';
import { gcAction } from './writeCache';

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
}

const getNote: EndpointInterface = Object.assign(
  async ({ id }: { id: string }) => ({ id, text: '' }),
  {
    key: ({ id }: { id: string }) => `GET /notes/${id}`,
    schema: Note,
  },
);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function setResponse(
  id: string,
  text: string,
  fetchedAt: number,
  error = false,
): SetResponseAction {
  return {
    type: 'setResponse',
    key: getNote.key({ id }),
    endpoint: getNote,
    args: [{ id }],
    response: error ? new Error(text) : { id, text },
    error,
    meta: { fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 },
  };
}

/** A controller without managers: dispatch goes straight to the pure reducer. */
function bareController(state: State = initialState()) {
  return new Controller({ initialState: state, now: () => 5_000 });
}

describe('reducer (through a manager-less controller)', () => {
  it('never mutates a state: every part of the old one is left as it was', async () => {
    const controller = bareController();
    await controller.dispatch(setResponse('1', 'a', 10));
    const frozen = deepFreeze(controller.getState());
    const snapshot = JSON.stringify(frozen);
    await controller.dispatch(setResponse('1', 'b', 20));
    await controller.dispatch(setResponse('2', 'c', 30));
    await controller.dispatch(setResponse('2', 'oops', 40, true));
    await controller.invalidate(getNote, { id: '1' });
    await controller.expireAll({ testKey: () => true });
    await controller.dispatch(gcAction([getNote.key({ id: '2' })], [{ key: 'Note', pk: '2' }]));
    await resetEntireStore(controller);
    expect(JSON.stringify(frozen)).toBe(snapshot);
  });

  it('results keep the newest fetch; errors keep the previous data beside them', async () => {
    const controller = bareController();
    await controller.dispatch(setResponse('1', 'new', 20));
    await controller.dispatch(setResponse('1', 'old', 10));
    const state = controller.getState();
    expect(controller.getResponse(getNote, { id: '1' }).data).toMatchObject({ text: 'new' });
    await controller.dispatch(setResponse('1', 'older failure', 5, true));
    expect(controller.getState().meta).toBe(state.meta);
    await controller.dispatch(setResponse('1', 'failure', 30, true));
    expect(controller.getState().meta[getNote.key({ id: '1' })].error).toMatchObject({
      message: 'failure',
    });
    expect(controller.getResponse(getNote, { id: '1' }).data).toMatchObject({ text: 'new' });
  });

  it('an action that changes nothing keeps the same state object', async () => {
    const controller = bareController();
    const before = controller.getState();
    await controller.expireAll({ testKey: () => true });
    await controller.invalidateAll({ testKey: () => true });
    await controller.dispatch(gcAction([], []));
    expect(controller.getState()).toBe(before);
  });

  it('reset empties the cache and records its time', async () => {
    const controller = bareController();
    await controller.dispatch(setResponse('1', 'a', 10));
    await resetEntireStore(controller);
    const state = controller.getState();
    expect(state.endpoints).toEqual({});
    expect(state.entities).toEqual({});
    expect(state.lastReset).toBeGreaterThanOrEqual(5_000);
    // Started before the reset: dropped.
    await controller.dispatch(setResponse('1', 'late', 4_000));
    expect(controller.getState()).toBe(state);
  });

  it('snapshots read a fixed state', async () => {
    const controller = bareController();
    await controller.dispatch(setResponse('1', 'a', 10));
    const snap = controller.snapshot(controller.getState(), 10);
    await controller.dispatch(setResponse('1', 'b', 20));
    expect(snap.get(Note, { id: '1' })?.text).toBe('a');
    expect(snap.getResponse(getNote, { id: '1' }).data).toMatchObject({ text: 'a' });
    expect(controller.get(Note, { id: '1' })?.text).toBe('b');
    expect(snap.fetchedAt).toBe(10);
    expect(snap.abort).toBeInstanceOf(Error);
  });

  it('a cancelled fetch gives back its in-flight mark and optimistic update, writing nothing', async () => {
    const controller = bareController();
    await controller.dispatch(setResponse('1', 'saved', 1_000));
    const before = controller.getState();
    const rename: EndpointInterface = Object.assign(async () => ({ id: '1', text: 'renamed' }), {
      key: () => 'PATCH /notes/1',
      schema: Note,
      sideEffect: true as const,
      getOptimisticResponse: () => ({ id: '1', text: 'renamed' }),
    });
    const fetch = {
      type: 'fetch',
      key: 'PATCH /notes/1',
      endpoint: rename,
      args: [],
      fetchedAt: 2_000,
      resolve: () => {},
      reject: () => {},
    } as const;
    await controller.dispatch(fetch);
    expect(controller.getResponse(getNote, { id: '1' }).data).toMatchObject({ text: 'renamed' });
    // Another fetch's cancellation for the same key changes nothing.
    await controller.dispatch({ type: 'fetchCancelled', key: 'PATCH /notes/1', fetchedAt: 1_999 });
    expect(controller.getState().optimistic).toHaveLength(1);
    await controller.dispatch({ type: 'fetchCancelled', key: 'PATCH /notes/1', fetchedAt: 2_000 });
    const after = controller.getState();
    expect(after.optimistic).toHaveLength(0);
    expect(after.fetching).toEqual({});
    expect(after.entities).toBe(before.entities);
    expect(after.endpoints).toBe(before.endpoints);
    expect(controller.getResponse(getNote, { id: '1' }).data).toMatchObject({ text: 'saved' });
  });

  it('an invalidation or expiry during a fetch keeps its late response invalid or stale by itself', async () => {
    const controller = bareController();
    const key = getNote.key({ id: '1' });
    const inFlight = (fetchedAt: number) =>
      controller.dispatch({
        type: 'fetch',
        key,
        endpoint: getNote,
        args: [{ id: '1' }],
        fetchedAt,
        resolve: () => {},
        reject: () => {},
      });
    await inFlight(100);
    await controller.invalidate(getNote, { id: '1' });
    expect(controller.getState().meta[key]).toMatchObject({
      invalidated: true,
      invalidatedBefore: 100,
    });
    // The one write of the late response: stored (entities merge) but still invalid.
    await controller.dispatch(setResponse('1', 'late', 100));
    expect(controller.getState().entities.Note?.['1']).toMatchObject({ text: 'late' });
    expect(controller.getResponse(getNote, { id: '1' }).expiryStatus).toBe(ExpiryStatus.Invalid);
    // A fetch started after the invalidation is fresh again.
    await inFlight(200);
    await controller.dispatch(setResponse('1', 'fresh', 200));
    expect(controller.getResponse(getNote, { id: '1' })).toMatchObject({
      data: { text: 'fresh' },
      expiryStatus: ExpiryStatus.Valid,
    });
    await inFlight(300);
    await controller.expireAll({ testKey: (candidate) => candidate === key });
    await controller.dispatch(setResponse('1', 'after expiry', 300));
    const { data, expiresAt } = controller.getResponse(getNote, { id: '1' });
    expect(data).toMatchObject({ text: 'after expiry' });
    expect(expiresAt).toBeLessThan(controller.now());
  });
});
