import { NetworkError } from '@tessera/core';
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, Suspense } from 'vue';
import { TodoResource } from '../../../tests/support/todoApi';
import TodoTitle from '../test/TodoTitle.vue';
import { createFixtureTessera } from './testing';
import { useDLE } from './useDLE';

const Suspended = defineComponent({
  setup: () => () => h('div', [h(Suspense, null, { default: () => h(TodoTitle, { id: 1 }) })]),
});

describe('createFixtureTessera', () => {
  it('renders fixtures by endpoint and args before the first render, with no network', async () => {
    const tessera = createFixtureTessera([
      { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'Fixture' } },
    ]);
    const wrapper = mount(Suspended, { global: { plugins: [tessera] } });
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Fixture');
    wrapper.unmount();
    // The fixture store is the plugin's own: it goes with the app.
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
    const Reader = defineComponent({
      setup() {
        const todo = useDLE(TodoResource.get, { id: 5 });
        const list = useDLE(TodoResource.getList);
        return () => h('p', `${todo.data.value?.title} ${list.error.value?.status}`);
      },
    });
    const wrapper = mount(Reader, { global: { plugins: [tessera] } });
    await flushPromises();
    expect(wrapper.text()).toBe('Todo #5 500');
    wrapper.unmount();
  });
});
