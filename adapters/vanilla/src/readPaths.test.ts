// One answer on every read path: an Entity endpoint reads the entity a list already loaded.
import { ExpiryStatus } from '@tessera/core';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { TodoResource } from '../../../tests/support/todoApi';
import { record, setupTodoTessera } from '../test/setup';

const minute = 60_000;
const t = setupTodoTessera();

describe('an Entity endpoint reads what a list loaded, alike on every read path', () => {
  it('getResponse, getResponseMeta, select, suspense and dle give the list entity, fresh as it is', async () => {
    const { controller } = t.tessera;
    await controller.fetch(TodoResource.getList);
    // A reader that is already there when the list is refetched.
    const early = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    t.clock.advance(minute / 2);
    // The same data again: the entity keeps its object, only its freshness is renewed.
    const list = await controller.fetch(TodoResource.getList);
    const entity = list[0];
    const expiresAt = t.clock.now() + minute;
    t.clock.advance((minute * 3) / 4); // past the first load's expiry, not the second's

    const response = controller.getResponse(TodoResource.get, { id: 1 });
    expect(response).toMatchObject({ data: entity, expiresAt, expiryStatus: ExpiryStatus.Valid });
    expect(controller.getResponseMeta(TodoResource.get, { id: 1 })).toMatchObject({
      data: entity,
      expiresAt,
    });
    const selection = await firstValueFrom(controller.select(TodoResource.get, { id: 1 }));
    expect(selection).toMatchObject({ data: entity, expiresAt, loading: false });
    await expect(t.tessera.suspense(TodoResource.get, { id: 1 })).resolves.toBe(entity);
    const late = record(t.tessera.dle(TodoResource.get, { id: 1 }));
    expect(late.last()).toMatchObject({ data: entity, loading: false, error: undefined });
    expect(early.last()).toMatchObject({ data: entity, loading: false, error: undefined });
    expect(t.api.requests).toEqual(['GET /todos', 'GET /todos']);

    // Once the entity is stale, every path agrees that the item is due.
    t.clock.advance(minute);
    expect(controller.getResponse(TodoResource.get, { id: 1 }).expiresAt).toBeLessThan(
      t.clock.now(),
    );
    await t.tessera.suspense(TodoResource.get, { id: 1 });
    expect(t.api.requests).toEqual(['GET /todos', 'GET /todos', 'GET /todos/1']);
    early.stop();
    late.stop();
  });
});
