// A data-client store for the store benchmarks: its Controller with the reducer applied
// synchronously on dispatch, as its provider does.
import { createReducer, Controller as DcController, initialState } from '@data-client/core';

export function dataClientStore() {
  let state = initialState;
  const controller: DcController = new DcController({
    dispatch: (action) => {
      state = reducer(state, action);
      return Promise.resolve();
    },
    getState: () => state,
  });
  const reducer = createReducer(controller);
  return { controller, reducer, getState: () => state };
}

/** The fetch of every benchmark endpoint: the benchmarks write and read, never fetch. */
export const noFetch = () => Promise.reject(new Error('the benchmark never fetches'));
