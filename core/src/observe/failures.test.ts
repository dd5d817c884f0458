import { describe, expect, it } from 'vitest';
import { createStore } from '../managers';
import { isFetchDue, setError } from '../store';
import { noteFailure, retryFailure } from './failures';

let calls = 0;
const getCount = Object.assign(
  async ({ id }: { id: number }) => {
    calls += 1;
    return id;
  },
  { key: ({ id }: { id: number }) => `GET /count/${id}` },
);

describe('retryFailure: what a boundary reset fetches anew', () => {
  it('expires the results that failed with the error (once), keeping their data', async () => {
    const { controller, dispose } = createStore();
    const error = new Error('down');
    await setError(controller, getCount, { id: 1 }, error);
    await setError(controller, getCount, { id: 2 }, error);
    noteFailure(error, controller, getCount.key({ id: 1 }));
    const due = (id: number) =>
      isFetchDue(controller.getSelection(getCount, { id }), controller.now());
    expect(due(1)).toBe(false);
    await retryFailure(error);
    expect(due(1)).toBe(true);
    // Only what a reader threw is retried.
    expect(due(2)).toBe(false);
    const before = calls;
    await expect(controller.fetchIfStale(getCount, { id: 1 })).resolves.toBe(1);
    expect(calls).toBe(before + 1);
    await setError(controller, getCount, { id: 1 }, error);
    await retryFailure(error);
    expect(due(1)).toBe(false);
    // Data shown beside the error stays readable while it is fetched anew.
    const later = new Error('down again');
    await setError(controller, getCount, { id: 1 }, later);
    noteFailure(later, controller, getCount.key({ id: 1 }));
    await retryFailure(later);
    expect(due(1)).toBe(true);
    expect(controller.getSelection(getCount, { id: 1 }).data).toBe(1);
    dispose();
  });

  it('resolves for errors no reader threw, values that are not objects and disposed stores', async () => {
    const { controller, dispose } = createStore();
    const error = new Error('gone');
    noteFailure(error, controller, 'GET /count/1');
    noteFailure('text', controller, 'GET /count/1');
    noteFailure(new Error('not now'), controller, undefined);
    dispose();
    await expect(retryFailure(error)).resolves.toBeUndefined();
    await expect(retryFailure('text')).resolves.toBeUndefined();
    await expect(retryFailure(new Error('other'))).resolves.toBeUndefined();
  });
});
