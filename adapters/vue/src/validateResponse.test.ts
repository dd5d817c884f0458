import { ResponseValidationError, validateResponse } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, setupTodoApi, withSetup } from '../test/setup';
import { useDLE } from './useDLE';

const t = setupTodoApi();

// Validation lives in the endpoint, so a Vue reader gets it as it is (docs/guide/validation.md).
const getChecked = TodoResource.get.extend({
  process: validateResponse(z.looseObject({ id: z.number(), title: z.string().min(1) })),
});

describe('validateResponse through useDLE', () => {
  it('a refused response is the error; the data the store had stays on screen', async () => {
    const { result } = withSetup(t.tessera, () => useDLE(getChecked, { id: 1 }));
    await flushPromises();
    expect(result.data.value?.title).toBe('Todo 1');
    t.api.rows.get(1)!.title = '';
    await t.tessera.controller.fetch(getChecked, { id: 1 }).catch(() => undefined);
    await flushPromises();
    expect(result.error.value).toBeInstanceOf(ResponseValidationError);
    expect((result.error.value as ResponseValidationError).where).toBe('$.title');
    expect(result.data.value?.title).toBe('Todo 1');
  });
});
