// An app may keep Tessera's objects inside its own reactive state: Vue then calls their methods
// through a proxy, so their private members are read and written through it too. Runs on the
// sources (`vue`) and on the build, whose private members are renamed (`vue-dist`).
import { describe, expect, it } from 'vitest';
import { computed, reactive } from 'vue';
import { Todo, TodoResource } from '../../../tests/support/todoApi';
import { useController } from '../src/tessera';
import { setupTodoApi, withSetup } from './setup';

const t = setupTodoApi();

describe("Tessera's objects inside a user's reactive()", () => {
  it('a controller in reactive(): fetches, sets, reads and subscribes through the proxy', async () => {
    const controller = reactive(t.tessera.controller);
    await controller.fetch(TodoResource.get, { id: 1 });
    expect(controller.getResponse(TodoResource.get, { id: 1 }).data).toBeInstanceOf(Todo);
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'Set', completed: false });
    expect(controller.get(Todo, { id: 1 })?.title).toBe('Set');
    // The store is the same underneath: the plain controller reads what the proxy wrote.
    expect(t.tessera.controller.get(Todo, { id: 1 })?.title).toBe('Set');
    const titles: (string | undefined)[] = [];
    const subscription = controller.subscribe((state) => {
      titles.push((state.entities.Todo?.['1'] as { title?: string } | undefined)?.title);
    });
    await controller.set(Todo, { id: 1 }, { id: 1, title: 'Again', completed: false });
    subscription.unsubscribe();
    expect(titles).toEqual(['Set', 'Again']);
  });

  it("the app's state holding the store and useController(): a computed over them reads the store", async () => {
    const { result: controller } = withSetup(t.tessera, () => useController());
    const state = reactive({ store: t.tessera.store, controller, id: 2 });
    const title = computed(
      () => state.controller.getResponse(TodoResource.get, { id: state.id }).data?.title,
    );
    expect(title.value).toBeUndefined();
    await state.store.controller.fetch(TodoResource.get, { id: 2 });
    state.id = 3;
    await state.controller.fetch(TodoResource.get, { id: 3 });
    expect(title.value).toBe('Todo 3');
    state.store.dispose();
    await expect(state.controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(/disposed/);
  });
});
