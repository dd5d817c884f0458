import { createStore } from '@tessera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { type ReduxDevtoolsExtension, reduxDevtools } from './redux';

const ctx = serveTodoApi();

/** A stand-in for the browser extension: records what it is sent, as JSON (as it would send it). */
function fakeExtension() {
  const sent: { type: string; state: any; action?: any }[] = [];
  const names: (string | undefined)[] = [];
  const extension: ReduxDevtoolsExtension = {
    connect: ({ name }) => {
      names.push(name);
      return {
        init: (state) => sent.push({ type: '@@INIT', state: JSON.parse(JSON.stringify(state)) }),
        send: (action, state) =>
          sent.push({ type: action.type, action, state: JSON.parse(JSON.stringify(state)) }),
      };
    },
  };
  return { extension, sent, names };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reduxDevtools', () => {
  it('sends each action and the state after it to the extension', async () => {
    const { extension, sent, names } = fakeExtension();
    const store = createStore({ managers: [reduxDevtools({ extension, name: 'todos' })] });
    await store.controller.fetch(TodoResource.get, { id: 1 });
    await store.controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed' });
    expect(names).toEqual(['todos']);
    expect(sent.map((message) => message.type)).toEqual([
      '@@INIT',
      'fetch GET http://api.test/todos/1',
      'response GET http://api.test/todos/1',
      'set Todo',
    ]);
    expect(sent[0].state.entities).toEqual({});
    expect(sent[2].state.entities.Todo['1'].title).toBe('Todo 1');
    expect(sent[2].state.endpoints).toEqual({ 'GET http://api.test/todos/1': '1' });
    expect(sent[3].state.entities.Todo['1'].title).toBe('Renamed');
    // Endpoints and callbacks stay behind; the data travels.
    expect(sent[1].action).toEqual({
      type: 'fetch GET http://api.test/todos/1',
      key: 'GET http://api.test/todos/1',
      args: [{ id: 1 }],
      fetchedAt: expect.any(Number),
    });
    store.dispose();
  });

  it('sends states that later writes leave as they were', async () => {
    const states: any[] = [];
    const extension: ReduxDevtoolsExtension = {
      connect: () => ({ init: () => {}, send: (_action, state) => states.push(state) }),
    };
    const store = createStore({ managers: [reduxDevtools({ extension })] });
    await store.controller.fetch(TodoResource.get, { id: 1 });
    await store.controller.set(Todo, { id: 1 }, { id: 1, title: 'Renamed' });
    // Read only now, as the extension may: the response's state still holds the first title.
    expect(states[1].entities.Todo['1'].title).toBe('Todo 1');
    expect(states[2].entities.Todo['1'].title).toBe('Renamed');
    store.dispose();
  });

  it('sends errors as their name, message and status', async () => {
    const { extension, sent } = fakeExtension();
    const store = createStore({ managers: [reduxDevtools({ extension })] });
    ctx.api.failNext(503);
    await expect(store.controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow();
    const last = sent.at(-1)!;
    expect(last.type).toBe('error GET http://api.test/todos/1');
    expect(last.action.response).toMatchObject({ name: 'NetworkError', status: 503 });
    expect(last.state.meta['GET http://api.test/todos/1'].error).toMatchObject({
      name: 'NetworkError',
      status: 503,
    });
    store.dispose();
  });

  it('finds the extension on window, and passes actions on when there is none', async () => {
    const { extension, sent } = fakeExtension();
    vi.stubGlobal('__REDUX_DEVTOOLS_EXTENSION__', extension);
    const withExtension = createStore({ managers: [reduxDevtools()] });
    await withExtension.controller.fetch(TodoResource.get, { id: 1 });
    expect(sent.map((message) => message.type)).toContain('response GET http://api.test/todos/1');
    withExtension.dispose();
    vi.unstubAllGlobals();
    const without = createStore({ managers: [reduxDevtools()] });
    await expect(without.controller.fetch(TodoResource.get, { id: 2 })).resolves.toMatchObject({
      id: 2,
    });
    without.dispose();
  });
});
