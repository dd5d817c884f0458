// One table, one Entity class (docs/reference/schemas.md#entity): a second class writing a table
// another class holds is a SchemaError at its first write, and nothing is mixed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../managers/createStore';
import { All } from '../schema/All';
import { Entity } from '../schema/Entity';
import { INVALID } from '../schema/INVALID';
import { Invalidate } from '../schema/Invalidate';
import { SchemaError } from '../schema/SchemaError';
import { normalize } from './normalize';

afterEach(() => vi.unstubAllEnvs());

/** Todo and Tag as a production build's minifier leaves them: both named after `schema`. */
function minifiedClasses() {
  const todo = {
    schema: class extends Entity {
      id = 0;
      title = '';
    },
  };
  const tag = {
    schema: class extends Entity {
      id = 0;
      name = '';
    },
  };
  return { Todo: todo.schema, Tag: tag.schema };
}

describe('two Entity classes writing one table', () => {
  it('in a production build, classes a minifier named alike: SchemaError at the first write, nothing mixed', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { Todo, Tag } = minifiedClasses();
    expect([Todo.key, Tag.key]).toEqual(['schema', 'schema']);
    const { controller, dispose } = createStore();
    await controller.set([Todo], [{ id: 1, title: 'Write' }]);
    const error = await controller.set([Tag], [{ id: 1, name: 'urgent' }]).catch((e) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toMatchObject({
      schemaKey: 'schema',
      message: 'schema at [0]: TSR18 set static key',
    });
    expect(controller.get(new All(Todo))).toEqual([{ id: 1, title: 'Write' }]);
    expect(controller.getState().entities.schema).toEqual({ 1: { id: 1, title: 'Write' } });
    // Its first write again, and every later one: the table stays Todo's.
    await expect(controller.set(Tag, { id: 2, name: 'later' })).rejects.toThrow(SchemaError);
    await controller.set(Todo, { id: 2, title: 'Read' });
    expect(controller.get(new All(Todo))).toHaveLength(2);
    dispose();
  });

  it('in development, the message names both classes, the table and the fix', async () => {
    class Todo extends Entity {
      id = 0;
      static override get key() {
        return 'Item';
      }
    }
    class Tag extends Entity {
      id = 0;
      static override key = 'Item';
    }
    const { controller, dispose } = createStore();
    await controller.set(Todo, { id: 1 });
    await expect(controller.set(Tag, { id: 1 })).rejects.toThrow(
      new SchemaError(
        'Item',
        'classes Todo and Tag both write the table "Item" (a minifier can give two classes one name, and the table\'s name defaults to the class name): give each class its own `static key`',
        { id: 1 },
      ),
    );
    // Also as part of one response, and by an Invalidate.
    expect(() => normalize({ todo: Todo, tag: Tag }, { todo: { id: 1 }, tag: { id: 2 } })).toThrow(
      /classes Todo and Tag both write the table "Item"/,
    );
    await expect(controller.set(new Invalidate(Tag), { id: 1 })).rejects.toThrow(SchemaError);
    expect(controller.get(Todo, { id: 1 })).toEqual({ id: 1 });
    dispose();
  });

  it('a static key for each class keeps them apart (the fix the error names)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { Todo: Minified, Tag: MinifiedTag } = minifiedClasses();
    class Todo extends Minified {
      static override key = 'Todo';
    }
    class Tag extends MinifiedTag {
      static override key = 'Tag';
    }
    const { controller, dispose } = createStore();
    await controller.set([Todo], [{ id: 1, title: 'Write' }]);
    await controller.set([Tag], [{ id: 1, name: 'urgent' }]);
    expect(controller.get(new All(Todo))).toEqual([{ id: 1, title: 'Write' }]);
    expect(controller.get(new All(Tag))).toEqual([{ id: 1, name: 'urgent' }]);
    dispose();
  });

  it('subclasses that keep their parent key share its table; other stores are apart', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    class Todo extends Entity {
      id = 0;
      title = '';
      static override key = 'Todo';
    }
    class TodoWithNotes extends Todo {
      notes = '';
    }
    class TodoSummary extends Todo {}
    const { controller, dispose } = createStore();
    await controller.set(TodoWithNotes, { id: 1, title: 'Write', notes: 'soon' });
    await controller.set(TodoSummary, { id: 2, title: 'Read' });
    await controller.set(Todo, { id: 3, title: 'Ship' });
    expect(controller.get(new All(Todo))).toHaveLength(3);
    // Another store holds its own tables: another class may use the key there.
    class Other extends Entity {
      id = 0;
      static override key = 'Todo';
    }
    const other = createStore();
    await other.controller.set(Other, { id: 1 });
    dispose();
    other.dispose();
  });

  it('in development, a hot update (a new class of the same name) takes the table over, once', async () => {
    function defineTodo() {
      return class Todo extends Entity {
        id = 0;
        title = '';
      };
    }
    const Before = defineTodo();
    const After = defineTodo();
    const { controller, dispose } = createStore();
    await controller.set(Before, { id: 1, title: 'Write' });
    await controller.set(After, { id: 1, title: 'Write again' });
    expect(controller.get(After, { id: 1 })).toEqual({ id: 1, title: 'Write again' });
    // The class it replaced does not come back: two live classes of one name are an error.
    await expect(controller.set(Before, { id: 2 })).rejects.toThrow(SchemaError);
    dispose();
  });

  it.each(['development', 'test'])(
    'under NODE_ENV %s, two live classes of one name never mix their records',
    async (env) => {
      vi.stubEnv('NODE_ENV', env);
      // `class Item extends Entity` in two modules: one table name, two shapes of record
      const first = {
        Item: class Item extends Entity {
          id = 0;
          title = '';
          static override indexes = ['title'];
        },
      }.Item;
      const second = {
        Item: class Item extends Entity {
          id = 0;
          price = 0;
        },
      }.Item;
      const { controller, dispose } = createStore();
      await controller.set(
        [first],
        [
          { id: 1, title: 'Write' },
          { id: 2, title: 'Read' },
        ],
      );
      await controller.set([second], [{ id: 1, price: 9 }]);
      // The second's record alone: nothing of the first's merged into it, and the first's
      // other records invalid (read as missing, fetched again), not read with the second.
      expect(controller.getState().entities.Item).toEqual({ 1: { id: 1, price: 9 }, 2: INVALID });
      expect(controller.get(second, { id: 1 })).toEqual({ id: 1, price: 9 });
      expect(controller.get(second, { id: 2 })).toBeUndefined();
      expect(controller.get(first, { title: 'Read' })).toBeUndefined();
      // The first writes again: SchemaError at once, the second's record intact.
      await expect(controller.set(first, { id: 3, title: 'Ship' })).rejects.toThrow(SchemaError);
      expect(controller.getState().entities.Item?.[1]).toEqual({ id: 1, price: 9 });
      dispose();
    },
  );
});
