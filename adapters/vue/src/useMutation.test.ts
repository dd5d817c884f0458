import { NetworkError } from '@tessera/core';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import RenameButton from '../test/RenameButton.vue';
import { flushPromises, mountWith, setupTodoApi, withSetup } from '../test/setup';
import { TesseraErrorBoundary } from './TesseraErrorBoundary';
import { useMutation } from './useMutation';

const t = setupTodoApi();

describe('useMutation', () => {
  it('of a function: loading while any call runs (concurrent calls counted); error of the latest call', async () => {
    const { result } = withSetup(t.tessera, () =>
      useMutation((id: number, title: string) =>
        t.tessera.controller.fetch(TodoResource.partialUpdate, { id }, { title }),
      ),
    );
    const release = t.api.hold();
    const first = result.runAsync(1, 'A');
    const second = result.runAsync(2, 'B');
    expect(result.loading.value).toBe(true);
    release();
    await Promise.all([first, second]);
    await flushPromises();
    expect(result.loading.value).toBe(false);
    expect(result.error.value).toBeUndefined();

    t.api.failNext(500);
    await expect(result.runAsync(1, 'C')).rejects.toBeInstanceOf(NetworkError);
    await flushPromises();
    expect(result.error.value?.status).toBe(500);
    await result.runAsync(1, 'D');
    expect(result.error.value).toBeUndefined();
  });

  it('reset() clears the error shown, as vue-query and Colada do', async () => {
    const { result } = withSetup(t.tessera, () => useMutation(TodoResource.partialUpdate));
    t.api.failNext(500);
    result.run({ id: 1 }, { title: 'C' });
    await flushPromises();
    expect(result.error.value?.status).toBe(500);
    result.reset();
    expect(result.error.value).toBeUndefined();
    expect(result.loading.value).toBe(false);
  });

  it("of an endpoint: runAsync(...args) is the controller's fetch, and the store shows its result", async () => {
    await t.tessera.controller.fetch(TodoResource.get, { id: 1 });
    const { result } = withSetup(t.tessera, () => useMutation(TodoResource.partialUpdate));
    const release = t.api.hold();
    const saved = result.runAsync({ id: 1 }, { title: 'Renamed' });
    expect(result.loading.value).toBe(true);
    release();
    const todo = await saved;
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.title).toBe('Renamed');
    expect(t.tessera.controller.getResponse(TodoResource.get, { id: 1 }).data?.title).toBe(
      'Renamed',
    );
    await flushPromises();
    expect(result.loading.value).toBe(false);
    expect(t.api.requests).toEqual(['GET /todos/1', 'PATCH /todos/1']);

    t.api.failNext(404);
    await expect(result.runAsync({ id: 1 }, { title: 'Gone' })).rejects.toBeInstanceOf(
      NetworkError,
    );
    await flushPromises();
    expect(result.error.value?.status).toBe(404);
  });

  it('run from @click: a failure shows in the mutation, never in the error boundary around it', async () => {
    const App = defineComponent({
      setup: () => () =>
        h(TesseraErrorBoundary, null, {
          default: () => h(RenameButton, { id: 99 }),
          fallback: () => h('p', { class: 'fallback' }, 'the page failed'),
        }),
    });
    const wrapper = mountWith(t.tessera, App);
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(t.api.requests).toEqual(['PATCH /todos/99']);
    expect(wrapper.find('.fallback').exists()).toBe(false);
    expect(wrapper.find('[role="alert"]').text()).toBe('Could not rename: 404');
    expect(wrapper.find('button').attributes('disabled')).toBeUndefined();
  });

  it('of a function needs no store; of an endpoint it says how to provide one', () => {
    const Plain = defineComponent({
      setup() {
        const double = useMutation(async (n: number) => n * 2);
        return () => h('p', String(double.loading.value));
      },
    });
    expect(mount(Plain).text()).toBe('false');
    // A render option: setup throws before it could return one (see tessera.test.ts).
    const WithEndpoint = defineComponent({
      setup() {
        useMutation(TodoResource.partialUpdate);
      },
      render: () => null,
    });
    expect(() => mount(WithEndpoint)).toThrow(/app\.use\(createTessera\(\)\)/);
  });
});
