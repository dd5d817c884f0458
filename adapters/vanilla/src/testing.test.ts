import { NetworkError } from '@tessera/core';
import { MissingFixtureError } from '@tessera/core/testing';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi';
import { record } from '../test/setup';
import { createFixtureTessera } from './testing';

describe('createFixtureTessera', () => {
  it('has the exact fixtures in the store at once, with no network', async () => {
    const tessera = createFixtureTessera([
      { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'Fixture' } },
    ]);
    const todo = record(tessera.dle(TodoResource.get, { id: 1 }));
    expect(todo.values).toEqual([
      {
        data: expect.objectContaining({ title: 'Fixture' }),
        loading: false,
        error: undefined,
        isPreviousData: false,
        previous: false,
        paused: false,
      },
    ]);
    await expect(tessera.suspense(TodoResource.get, { id: 1 })).resolves.toMatchObject({
      title: 'Fixture',
    });
    todo.stop();
    // The fixture store is this Tessera's own: dispose() ends it.
    tessera.dispose();
    expect(tessera.controller.isDisposed).toBe(true);
  });

  it('answers fetches from interceptors matched by testKey, including errors', async () => {
    const tessera = createFixtureTessera([
      {
        endpoint: TodoResource.get,
        response: ({ id }: { id: number }) => ({ id, title: `Todo #${id}` }),
      },
      {
        endpoint: TodoResource.getList,
        args: [],
        response: new NetworkError(new Response(null, { status: 500 })),
        error: true,
      },
    ]);
    await expect(tessera.suspense(TodoResource.get, { id: 5 })).resolves.toMatchObject({
      title: 'Todo #5',
    });
    const list = record(tessera.dle(TodoResource.getList));
    expect(list.last()).toMatchObject({ loading: false, error: { status: 500 } });
    list.stop();
    tessera.dispose();
  });

  it('refuses a fetch no fixture matches, by default', async () => {
    const tessera = createFixtureTessera([]);
    await expect(tessera.fetchIfStale(TodoResource.get, { id: 9 })).rejects.toBeInstanceOf(
      MissingFixtureError,
    );
    tessera.dispose();
  });
});
