// What `controller.fetch` resolves to for a collection's derived endpoints, typed by the
// collection's schema and the form of the body. Checked by tsc (vitest's typecheck mode is off);
// calls sit in `typeOnly` bodies, never run.
import { describe, expectTypeOf, it } from 'vitest';
import { RestEndpoint, resource } from '../rest';
import { Collection, Entity, Values } from '../schema';
import { createStore } from './createStore';

function typeOnly(_code: () => void) {}

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return this.id;
  }
}

const TodoResource = resource({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
const userTodos = new RestEndpoint({
  urlPrefix: 'http://api.test',
  path: '/users/:userId/todos',
  schema: new Collection([Todo]),
});
const todoMap = new RestEndpoint({
  urlPrefix: 'http://api.test',
  path: '/todo-map',
  schema: new Collection(new Values(Todo)),
});

describe('controller.fetch on collection endpoints', () => {
  it('resolves push and unshift to the entity for one body, to an array for an array', () => {
    const { controller } = createStore({ start: false });
    const one = () => controller.fetch(TodoResource.getList.push, { title: 'one' });
    const many = () =>
      controller.fetch(TodoResource.getList.push, [{ title: 'a' }, { title: 'b' }]);
    const first = () => controller.fetch(userTodos.unshift, { userId: 1 }, { title: 'first' });
    const firsts = () => controller.fetch(userTodos.unshift, { userId: 1 }, [{ title: 'a' }]);
    const pushed = () => controller.fetch(userTodos.push, { userId: 1 }, { title: 'last' });
    expectTypeOf(one).returns.resolves.toEqualTypeOf<Todo>();
    expectTypeOf(many).returns.resolves.toEqualTypeOf<Todo[]>();
    expectTypeOf(first).returns.resolves.toEqualTypeOf<Todo>();
    expectTypeOf(firsts).returns.resolves.toEqualTypeOf<Todo[]>();
    expectTypeOf(pushed).returns.resolves.toEqualTypeOf<Todo>();
    // `create` is `getList.push`.
    const created = () => controller.fetch(TodoResource.create, { title: 'created' });
    expectTypeOf(created).returns.resolves.toEqualTypeOf<Todo>();
    controller.dispose();
  });

  it('keeps both forms when the body may be either, and types the other endpoints as before', () => {
    const { controller } = createStore({ start: false });
    const body = [] as { title: string } | { title: string }[];
    const either = () => controller.fetch(TodoResource.getList.push, body);
    expectTypeOf(either).returns.resolves.toEqualTypeOf<Todo | Todo[]>();
    const assigned = () => controller.fetch(todoMap.assign, { a: { title: 'a' } });
    expectTypeOf(assigned).returns.resolves.toEqualTypeOf<Record<string, Todo>>();
    const got = () => controller.fetch(TodoResource.get, { id: 1 });
    expectTypeOf(got).returns.resolves.toEqualTypeOf<Todo>();
    const list = () => controller.fetch(TodoResource.getList);
    expectTypeOf(list).returns.resolves.toEqualTypeOf<Todo[]>();
    controller.dispose();
  });

  it('refuses bodies that do not fit the schema, in either form', () => {
    const { controller } = createStore({ start: false });
    typeOnly(() => {
      // @ts-expect-error a title is a string
      void controller.fetch(TodoResource.getList.push, { title: 1 });
      // @ts-expect-error a title is a string, in an array too
      void controller.fetch(TodoResource.getList.push, [{ title: 'a' }, { title: 2 }]);
      // @ts-expect-error the user's todos need the userId
      void controller.fetch(userTodos.push, { title: 'no user' });
      // @ts-expect-error assign takes a map of entities, not an array
      void controller.fetch(todoMap.assign, [{ title: 'a' }]);
    });
    controller.dispose();
  });
});
