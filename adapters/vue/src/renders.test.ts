// Results are shallow refs of the store's memoized data: a change to one entity re-renders the
// components that show it, and no others.
import { resource } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, type PropType } from 'vue';
import { API, Todo, TodoResource } from '../../../tests/support/todoApi';
import { flushPromises, mountWith, setupTodoApi } from '../test/setup';
import { useDLE } from './useDLE';
import { useQuery } from './useQuery';

const t = setupTodoApi({ rows: 1_000 });

/** Mounts a component showing one todo's title; `renders()` counts its renders so far. */
async function mountTitle(id: number) {
  let count = 0;
  const One = defineComponent({
    setup() {
      const { data } = useDLE(TodoResource.get, { id });
      return () => {
        count += 1;
        return h('p', data.value?.title);
      };
    },
  });
  const wrapper = mountWith(t.tessera, One);
  await flushPromises();
  return { wrapper, renders: () => count };
}

describe('render counts', () => {
  it('updating one entity of a 1,000-item list re-renders only its row', async () => {
    const rowRenders = new Map<number, number>();
    const Row = defineComponent({
      props: { todo: { type: Object as PropType<Todo>, required: true } },
      setup(props) {
        return () => {
          rowRenders.set(props.todo.id, (rowRenders.get(props.todo.id) ?? 0) + 1);
          return h('li', props.todo.title);
        };
      },
    });
    let otherRenders = 0;
    const Other = defineComponent({
      setup() {
        const todo = useQuery(TodoResource.get.schema, { id: 2 });
        return () => {
          otherRenders += 1;
          return h('p', todo.value?.title);
        };
      },
    });
    const List = defineComponent({
      setup() {
        const { data } = useDLE(TodoResource.getList);
        return () =>
          h('ul', [h(Other), ...(data.value ?? []).map((todo) => h(Row, { key: todo.id, todo }))]);
      },
    });
    const wrapper = mountWith(t.tessera, List);
    await flushPromises();
    expect(wrapper.findAll('li')).toHaveLength(1_000);
    expect([...rowRenders.values()].every((count) => count === 1)).toBe(true);
    const otherBefore = otherRenders;

    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 500 }, { title: 'Changed' });
    await nextTick();
    expect(wrapper.findAll('li')[499].text()).toBe('Changed');
    expect(rowRenders.get(500)).toBe(2);
    const rerendered = [...rowRenders].filter(([, count]) => count > 1).map(([id]) => id);
    expect(rerendered).toEqual([500]);
    expect(otherRenders).toBe(otherBefore);
  });

  it('a component reading one entity re-renders when it changes, not for its neighbours', async () => {
    const { wrapper, renders } = await mountTitle(7);
    const loaded = renders();
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 8 }, { title: 'Neighbour' });
    await nextTick();
    expect(renders()).toBe(loaded);
    await t.tessera.controller.fetch(TodoResource.partialUpdate, { id: 7 }, { title: 'Mine' });
    await nextTick();
    expect(renders()).toBe(loaded + 1);
    expect(wrapper.text()).toBe('Mine');
  });

  it('an optimistic update renders once: an equal answer from the server re-renders nothing', async () => {
    const Optimistic = resource({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      optimistic: true,
    });
    const { wrapper, renders } = await mountTitle(3);
    const loaded = renders();
    const done = t.tessera.controller.fetch(Optimistic.partialUpdate, { id: 3 }, { title: 'Soon' });
    await nextTick();
    expect(wrapper.text()).toBe('Soon');
    expect(renders()).toBe(loaded + 1);
    await done;
    await flushPromises();
    expect(t.tessera.controller.getState().optimistic).toEqual([]);
    expect(renders()).toBe(loaded + 1);
  });
});
